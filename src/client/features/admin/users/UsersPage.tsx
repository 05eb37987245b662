import { useEffect } from 'react';
import { Table } from 'react-bootstrap';
import { FormattedMessage } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.js';
import { PATHS } from '../../../app/paths.js';
import { usersActions } from './usersSlice.js';
import { selectUsersPage } from './usersSelectors.js';
import { AdminList } from '../AdminList.js';
import { PasswordDialog } from './PasswordDialog.js';
import { RowAction } from '../RowAction.js';

const COLUMNS = ['EMAIL', 'ROLE', 'ENTITIES', 'ACTIONS'];

/** User management: searchable by e-mail, 'Nuevo Usuario', and per row regenerate password and delete, each confirmed first. */
export default function UsersPage() {
  const dispatch = useAppDispatch();
  const { status, items, view } = useAppSelector((state) => state.users.list);
  const page = useAppSelector(selectUsersPage);
  useEffect(() => {
    dispatch(usersActions.listRequested());
  }, [dispatch]);

  return (
    <>
      <AdminList
        id="users"
        messages={{ title: 'USERS.TITLE', add: 'USERS.NEW_BUTTON', search: 'USERS.SEARCH', empty: 'USERS.EMPTY' }}
        addPath={PATHS.createUser}
        search={view.search}
        onSearch={(search) => dispatch(usersActions.viewChanged({ search }))}
        status={status}
        loaded={items.length}
        matching={page.total}
        page={page.page}
        pages={page.pages}
        onPage={(p) => dispatch(usersActions.viewChanged({ page: p }))}
      >
        <Table responsive hover className="bg-white align-middle">
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th scope="col" key={column}>
                  <FormattedMessage id={`USERS.COLUMN.${column}`} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {page.rows.map((user) => (
              <tr key={user.id}>
                <td className="text-nowrap">{user.email}</td>
                <td className="text-nowrap">
                  <FormattedMessage id={`ROLES.${user.role}`} />
                </td>
                <td className="small">{user.entities.map((e) => e.name).join(', ') || '—'}</td>
                <td className="text-nowrap">
                  {user.manageable && (
                    <div className="d-flex gap-2">
                      <RowAction label="USERS.REGENERATE.BUTTON" subject={user.email} onClick={() => dispatch(usersActions.regenerateAsked({ id: user.id, email: user.email }))} />
                      <RowAction label="COMMON.DELETE" subject={user.email} danger onClick={() => dispatch(usersActions.removeAsked({ id: user.id, email: user.email }))} />
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </AdminList>
      <PasswordDialog />
    </>
  );
}
