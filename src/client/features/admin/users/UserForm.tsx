import { Form } from 'react-bootstrap';
import { Formik } from 'formik';
import { useAppSelector, useDispatchOnMount } from '../../../app/hooks.js';
import { PATHS } from '../../../app/paths.js';
import { TextField } from '../../../components/TextField.js';
import { FormButtons } from '../AdminForm.js';
import { selectAssignableRoles } from './usersSelectors.js';
import { entitiesActions } from '../entities/entitiesSlice.js';
import { selectEntityOptions } from '../entities/entitiesSelectors.js';
import { EntitiesField, RoleField } from './UserFormFields.js';
import { userFormSchema } from '../../../../shared/validation/admin.js';

export interface UserFormValues {
  email: string;
  role: number | '';
  entities: number[];
}

/**
 * The user form of 'Nuevo usuario' and 'Editar usuario': e-mail, a role the signed-in administrator may give,
 * entities (archived ones are not offered, unless the user already belongs to them); the shared yup schema checks it
 * before sending.
 */
export function UserForm({
  initialValues,
  submitLabel,
  busy,
  onSubmit,
}: {
  initialValues: UserFormValues;
  submitLabel: string;
  busy: boolean;
  onSubmit: (values: UserFormValues) => void;
}) {
  const roles = useAppSelector(selectAssignableRoles);
  const entityOptions = useAppSelector((state) => selectEntityOptions(state, initialValues.entities));
  const entitiesStatus = useAppSelector((state) => state.entities.list.status);
  useDispatchOnMount(entitiesActions.listRequested);
  return (
    <Formik initialValues={initialValues} validationSchema={userFormSchema} onSubmit={onSubmit}>
      {({ handleSubmit }) => (
        <Form noValidate onSubmit={handleSubmit}>
          <TextField id="user-email" name="email" type="email" label="USERS.CREATE.EMAIL" autoComplete="off" />
          <RoleField roles={roles} />
          <EntitiesField options={entityOptions} loading={entitiesStatus === 'loading' && entityOptions.length === 0} />
          <FormButtons cancelPath={PATHS.users} submitLabel={submitLabel} busy={busy} />
        </Form>
      )}
    </Formik>
  );
}
