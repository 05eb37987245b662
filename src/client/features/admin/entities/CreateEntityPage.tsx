import { useAppDispatch, useAppSelector, useDispatchOnMount } from '../../../app/hooks.js';
import { AdminFormCard } from '../AdminForm.js';
import { entitiesActions } from './entitiesSlice.js';
import { selectEntityCreateError } from './entitiesSelectors.js';
import { EntityForm, type EntityFormValues } from './EntityForm.js';

const initialValues: EntityFormValues = { name: '', population: '', municipalities: [] };

/** 'Nueva entidad': name, population and municipalities of one province. */
export default function CreateEntityPage() {
  const dispatch = useAppDispatch();
  const creating = useAppSelector((state) => state.entities.create.status === 'loading');
  const error = useAppSelector(selectEntityCreateError);
  useDispatchOnMount(entitiesActions.createFormOpened);
  const submit = (values: EntityFormValues) => {
    dispatch(
      entitiesActions.createRequested({ entity: { name: values.name.trim(), population: Number(values.population) }, municipalities: values.municipalities }),
    );
  };

  return (
    <AdminFormCard id="create-entity" title="ENTITIES.CREATE.TITLE" error={error}>
      <EntityForm initialValues={initialValues} submitLabel="ENTITIES.CREATE.SUBMIT" busy={creating} onSubmit={submit} />
    </AdminFormCard>
  );
}
