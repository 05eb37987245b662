import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector, useDispatchOnMount } from '../../../app/hooks.js';
import { PATHS } from '../../../app/paths.js';
import { AdminFormCard } from '../AdminForm.js';
import { usersActions } from './usersSlice.js';
import { selectAssignableRoles, selectUserCreateError } from './usersSelectors.js';
import { UserForm, type UserFormValues } from './UserForm.js';
import { PasswordDialog } from './PasswordDialog.js';

/** 'Nuevo usuario': e-mail, a role the creator may give (preselected when only one), entities; then the password, once. */
export default function CreateUserPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const roles = useAppSelector(selectAssignableRoles);
  const creating = useAppSelector((state) => state.users.create.status === 'loading');
  const error = useAppSelector(selectUserCreateError);
  useDispatchOnMount(usersActions.createFormOpened);
  const initialValues: UserFormValues = { email: '', role: roles.length === 1 ? roles[0].value : '', entities: [] };
  const submit = (values: UserFormValues) => {
    dispatch(usersActions.createRequested({ email: values.email.trim(), role: Number(values.role), name: '', entities: values.entities }));
  };

  return (
    <>
      <AdminFormCard id="create-user" title="USERS.CREATE.TITLE" error={error}>
        <UserForm initialValues={initialValues} submitLabel="USERS.CREATE.SUBMIT" busy={creating} onSubmit={submit} />
      </AdminFormCard>
      <PasswordDialog onClosed={() => navigate(PATHS.users)} />
    </>
  );
}
