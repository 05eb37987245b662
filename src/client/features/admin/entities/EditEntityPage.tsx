import { useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector, useDispatchOnMount, useNotFoundWhen } from '../../../app/hooks.js';
import { AdminFormCard } from '../AdminForm.js';
import { Loading } from '../../../components/Loading.js';
import { entitiesActions } from './entitiesSlice.js';
import { selectEntityById, selectEntityUpdateError } from './entitiesSelectors.js';
import { EntityForm, type EntityFormValues } from './EntityForm.js';
import { idFromDigits } from '../../../../shared/ids.js';

/**
 * 'Editar entidad' (/manage/entities/{id}/edit): the creation form, filled in with the entity as it is. A new
 * population may move it to another size band; the server moves its sent campaigns' figures with it.
 */
export default function EditEntityPage() {
  const dispatch = useAppDispatch();
  const id = idFromDigits(useParams().entityId ?? '') ?? 0;
  const entity = useAppSelector((state) => selectEntityById(state, id));
  const listStatus = useAppSelector((state) => state.entities.list.status);
  const saving = useAppSelector((state) => state.entities.update.status === 'loading');
  const error = useAppSelector(selectEntityUpdateError);
  useDispatchOnMount(entitiesActions.editFormOpened);
  useDispatchOnMount(entitiesActions.listRequested);
  useNotFoundWhen(!entity && (listStatus === 'succeeded' || id === 0));
  if (!entity) return <Loading />;
  const initialValues: EntityFormValues = { name: entity.name, population: entity.population, municipalities: entity.municipalities.map((m) => m.munId) };
  const submit = (values: EntityFormValues) => {
    dispatch(
      entitiesActions.updateRequested({
        id: entity.id,
        entity: { name: values.name.trim(), population: Number(values.population) },
        municipalities: values.municipalities,
      }),
    );
  };
  return (
    <AdminFormCard id="edit-entity" title="ENTITIES.EDIT.TITLE" error={error}>
      <EntityForm key={entity.id} initialValues={initialValues} submitLabel="ENTITIES.EDIT.SUBMIT" busy={saving} onSubmit={submit} />
    </AdminFormCard>
  );
}
