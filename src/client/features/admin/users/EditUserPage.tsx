import { useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector, useDispatchOnMount, useNotFoundWhen } from '../../../app/hooks.js';
import { AdminFormCard } from '../AdminForm.js';
import { Loading } from '../../../components/Loading.js';
import { usersActions } from './usersSlice.js';
import { selectUserById, selectUserUpdateError } from './usersSelectors.js';
import { UserForm, type UserFormValues } from './UserForm.js';
import { idFromDigits } from '../../../../shared/ids.js';
import { ROLES } from '../../../../shared/roles.js';

/** 'Editar usuario' (/manage/users/{id}/edit): the creation form, filled in with the user as it is. */
export default function EditUserPage() {
  const dispatch = useAppDispatch();
  const id = idFromDigits(useParams().userId ?? '') ?? 0;
  const user = useAppSelector((state) => selectUserById(state, id));
  const listStatus = useAppSelector((state) => state.users.list.status);
  const saving = useAppSelector((state) => state.users.update.status === 'loading');
  const error = useAppSelector(selectUserUpdateError);
  useDispatchOnMount(usersActions.editFormOpened);
  useDispatchOnMount(usersActions.listRequested);
  useNotFoundWhen(!user && (listStatus === 'succeeded' || id === 0));
  if (!user) return <Loading />;
  const initialValues: UserFormValues = { email: user.email, role: ROLES[user.role], entities: user.entities.map((e) => e.id) };
  const submit = (values: UserFormValues) => {
    dispatch(usersActions.updateRequested({ id: user.id, email: values.email.trim(), role: Number(values.role), entities: values.entities }));
  };
  return (
    <AdminFormCard id="edit-user" title="USERS.EDIT.TITLE" error={error}>
      <UserForm key={user.id} initialValues={initialValues} submitLabel="USERS.EDIT.SUBMIT" busy={saving} onSubmit={submit} />
    </AdminFormCard>
  );
}
