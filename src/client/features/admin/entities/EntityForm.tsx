import { useMemo } from 'react';
import { Form } from 'react-bootstrap';
import { Formik, useField } from 'formik';
import { useAppSelector, useDispatchOnMount } from '../../../app/hooks.js';
import { PATHS } from '../../../app/paths.js';
import { TextField } from '../../../components/TextField.js';
import { FormButtons } from '../AdminForm.js';
import { entitiesActions } from './entitiesSlice.js';
import { selectMunicipalityIndex } from './entitiesSelectors.js';
import { MunicipalityPicker } from './MunicipalityPicker.js';
import { entityFormSchema } from '../../../../shared/validation/admin.js';
import { PickedMunicipalitiesMap } from '../../maps/PickedMunicipalitiesMap.js';

export interface EntityFormValues {
  name: string;
  population: number | '';
  municipalities: string[];
}

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

/**
 * The entity form of 'Nueva entidad' and 'Editar entidad': name, population and municipalities of one province;
 * the shared yup schema checks it before sending.
 */
export function EntityForm({
  initialValues,
  submitLabel,
  busy,
  onSubmit,
}: {
  initialValues: EntityFormValues;
  submitLabel: string;
  busy: boolean;
  onSubmit: (values: EntityFormValues) => void;
}) {
  useDispatchOnMount(entitiesActions.geographyRequested);
  return (
    <Formik initialValues={initialValues} validationSchema={entityFormSchema} onSubmit={onSubmit}>
      {({ handleSubmit }) => (
        <Form noValidate onSubmit={handleSubmit}>
          <TextField id="entity-name" name="name" label="ENTITIES.CREATE.NAME" autoComplete="off" />
          <TextField id="entity-population" name="population" type="number" label="ENTITIES.CREATE.POPULATION" autoComplete="off" />
          <MunicipalitiesField />
          <FormButtons cancelPath={PATHS.entities} submitLabel={submitLabel} busy={busy} />
        </Form>
      )}
    </Formik>
  );
}
