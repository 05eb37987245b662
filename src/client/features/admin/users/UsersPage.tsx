import { Badge } from 'react-bootstrap';
import { FormattedMessage } from 'react-intl';
import { useAppDispatch } from '../../../app/hooks.js';
import { PATHS, editUserPath } from '../../../app/paths.js';
import { usersActions } from './usersSlice.js';
import { selectUsersPage, selectUsersView } from './usersSelectors.js';
import { AdminList, type AdminListConfig } from '../AdminList.js';
import { PasswordDialog } from './PasswordDialog.js';
import { RowAction, RowLink } from '../RowAction.js';
import { ListCell } from '../../../components/ListPage.js';

type UserRow = ReturnType<typeof selectUsersPage>['rows'][number];

/**
 * One user: e-mail (marked when they asked for their data to be erased), role, entities, and edit, regenerate password
 * and delete where the viewer may manage them, and erase their data for an ADMIN.
 */
function UserRowView({ row: user }: { row: UserRow }) {
  const dispatch = useAppDispatch();
  return (
    <tr>
      <ListCell label="USERS.COLUMN.EMAIL" className="text-nowrap">
        {user.email}
        {user.erasureRequestedAt && (
          <Badge bg="warning" text="dark" className="ms-2" data-testid="erasure-requested">
            <FormattedMessage id="USERS.ERASE.REQUESTED" />
          </Badge>
        )}
      </ListCell>
      <ListCell label="USERS.COLUMN.ROLE" className="text-nowrap">
        <FormattedMessage id={`ROLES.${user.role}`} />
      </ListCell>
      <ListCell label="USERS.COLUMN.ENTITIES" className="small">
        {user.entities.map((e) => e.name).join(', ') || '—'}
      </ListCell>
      <ListCell label="USERS.COLUMN.ACTIONS" actions className="text-nowrap">
        {user.manageable && (
          <div className="d-flex flex-wrap justify-content-end gap-2">
            <RowLink label="COMMON.EDIT" subject={user.email} to={editUserPath(user.id)} />
            <RowAction
              label="USERS.REGENERATE.BUTTON"
              subject={user.email}
              onClick={() => dispatch(usersActions.regenerateAsked({ id: user.id, email: user.email }))}
            />
            <RowAction
              label="COMMON.DELETE"
              subject={user.email}
              danger
              onClick={() => dispatch(usersActions.removeAsked({ id: user.id, email: user.email }))}
            />
            {user.erasable && (
              <RowAction
                label="USERS.ERASE.BUTTON"
                subject={user.email}
                danger
                onClick={() => dispatch(usersActions.eraseAsked({ id: user.id, email: user.email }))}
              />
            )}
          </div>
        )}
      </ListCell>
    </tr>
  );
}

const USERS_LIST: AdminListConfig<UserRow> = {
  id: 'users',
  messages: { title: 'USERS.TITLE', add: 'USERS.NEW_BUTTON', search: 'USERS.SEARCH', empty: 'USERS.EMPTY' },
  addPath: PATHS.createUser,
  columns: ['EMAIL', 'ROLE', 'ENTITIES', 'ACTIONS'].map((column) => `USERS.COLUMN.${column}`),
  selectList: (state) => state.users.list,
  selectView: selectUsersView,
  selectPage: selectUsersPage,
  actions: usersActions,
  RowView: UserRowView,
};

/** User management: searchable by e-mail, 'Nuevo Usuario', and per row edit, regenerate password and delete (confirmed first). */
export default function UsersPage() {
  return (
    <>
      <AdminList config={USERS_LIST} />
      <PasswordDialog />
    </>
  );
}
