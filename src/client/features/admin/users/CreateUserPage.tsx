import { useNavigate } from 'react-router-dom';
import { Form } from 'react-bootstrap';
import { Formik } from 'formik';
import { useAppDispatch, useAppSelector, useDispatchOnMount } from '../../../app/hooks.js';
import { PATHS } from '../../../app/paths.js';
import { TextField } from '../../../components/TextField.js';
import { AdminFormCard, FormButtons } from '../AdminForm.js';
import { usersActions } from './usersSlice.js';
import { selectAssignableRoles, selectUserCreateError } from './usersSelectors.js';
import { entitiesActions } from '../entities/entitiesSlice.js';
import { selectEntityOptions } from '../entities/entitiesSelectors.js';
import { EntitiesField, RoleField } from './UserFormFields.js';
import { PasswordDialog } from './PasswordDialog.js';
import { userFormSchema } from '../../../../shared/validation/admin.js';

interface UserFormValues {
  email: string;
  role: number | '';
  entities: number[];
}

/** 'Nuevo usuario': e-mail, a role the creator may give (preselected when only one), entities; then the password, once. */
export default function CreateUserPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const roles = useAppSelector(selectAssignableRoles);
  const entityOptions = useAppSelector(selectEntityOptions);
  const entitiesStatus = useAppSelector((state) => state.entities.list.status);
  const creating = useAppSelector((state) => state.users.create.status === 'loading');
  const error = useAppSelector(selectUserCreateError);
  useDispatchOnMount(usersActions.createFormOpened);
  useDispatchOnMount(entitiesActions.listRequested);
  const initialValues: UserFormValues = { email: '', role: roles.length === 1 ? roles[0].value : '', entities: [] };
  const submit = (values: UserFormValues) => {
    dispatch(usersActions.createRequested({ email: values.email.trim(), role: Number(values.role), name: '', entities: values.entities }));
  };

  return (
    <>
      <AdminFormCard id="create-user" title="USERS.CREATE.TITLE" error={error}>
        <Formik initialValues={initialValues} validationSchema={userFormSchema} onSubmit={submit}>
          {({ handleSubmit }) => (
            <Form noValidate onSubmit={handleSubmit}>
              <TextField id="user-email" name="email" type="email" label="USERS.CREATE.EMAIL" autoComplete="off" />
              <RoleField roles={roles} />
              <EntitiesField options={entityOptions} loading={entitiesStatus === 'loading' && entityOptions.length === 0} />
              <FormButtons cancelPath={PATHS.users} submitLabel="USERS.CREATE.SUBMIT" busy={creating} />
            </Form>
          )}
        </Formik>
      </AdminFormCard>
      <PasswordDialog onClosed={() => navigate(PATHS.users)} />
    </>
  );
}
