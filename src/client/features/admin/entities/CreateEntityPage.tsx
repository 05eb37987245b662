import { useMemo } from 'react';
import { Form } from 'react-bootstrap';
import { Formik, useField } from 'formik';
import { useAppDispatch, useAppSelector, useDispatchOnMount } from '../../../app/hooks.js';
import { PATHS } from '../../../app/paths.js';
import { TextField } from '../../../components/TextField.js';
import { AdminFormCard, FormButtons } from '../AdminForm.js';
import { entitiesActions } from './entitiesSlice.js';
import { selectEntityCreateError, selectMunicipalityIndex } from './entitiesSelectors.js';
import { MunicipalityPicker } from './MunicipalityPicker.js';
import { entityFormSchema } from '../../../../shared/validation/admin.js';
import { PickedMunicipalitiesMap } from '../../maps/PickedMunicipalitiesMap.js';

interface EntityFormValues {
  name: string;
  population: number | '';
  municipalities: string[];
}

const initialValues: EntityFormValues = { name: '', population: '', municipalities: [] };

/** The municipalities field of the form, over the index of every municipality, and the picked ones on a map. */
function MunicipalitiesField() {
  const [field, meta, helpers] = useField<string[]>('municipalities');
  const index = useAppSelector(selectMunicipalityIndex);
  const loading = useAppSelector((state) => state.entities.geography.status === 'loading');
  const provinces = useAppSelector((state) => state.entities.geography.provinces);
  const provinceNames = useMemo(() => new Map(provinces.map((p) => [p.provinceId, p.name])), [provinces]);
  return (
    <>
      <MunicipalityPicker
        id="entity-municipalities"
        options={index.options}
        byId={index.byId}
        value={field.value}
        onChange={(value) => void helpers.setValue(value)}
        onBlur={() => void helpers.setTouched(true)}
        loading={loading}
        error={meta.touched ? meta.error : undefined}
      />
      <PickedMunicipalitiesMap value={field.value} provinceNames={provinceNames} />
    </>
  );
}

/** 'Nueva entidad': name, population and municipalities of one province. */
export default function CreateEntityPage() {
  const dispatch = useAppDispatch();
  const creating = useAppSelector((state) => state.entities.create.status === 'loading');
  const error = useAppSelector(selectEntityCreateError);
  useDispatchOnMount(entitiesActions.createFormOpened);
  useDispatchOnMount(entitiesActions.geographyRequested);
  const submit = (values: EntityFormValues) => {
    dispatch(entitiesActions.createRequested({ entity: { name: values.name.trim(), population: Number(values.population) }, municipalities: values.municipalities }));
  };

  return (
    <AdminFormCard id="create-entity" title="ENTITIES.CREATE.TITLE" error={error}>
      <Formik initialValues={initialValues} validationSchema={entityFormSchema} onSubmit={submit}>
        {({ handleSubmit }) => (
          <Form noValidate onSubmit={handleSubmit}>
            <TextField id="entity-name" name="name" label="ENTITIES.CREATE.NAME" autoComplete="off" />
            <TextField id="entity-population" name="population" type="number" label="ENTITIES.CREATE.POPULATION" autoComplete="off" />
            <MunicipalitiesField />
            <FormButtons cancelPath={PATHS.entities} submitLabel="ENTITIES.CREATE.SUBMIT" busy={creating} />
          </Form>
        )}
      </Formik>
    </AdminFormCard>
  );
}
