import { useEffect } from 'react';
import { Table } from 'react-bootstrap';
import { FormattedMessage, FormattedNumber } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.js';
import { PATHS } from '../../../app/paths.js';
import { entitiesActions } from './entitiesSlice.js';
import { selectEntitiesPage } from './entitiesSelectors.js';
import { AdminList } from '../AdminList.js';
import { RowAction } from '../RowAction.js';

const COLUMNS = ['NAME', 'PROVINCE', 'COMMUNITY', 'POPULATION', 'MUNICIPALITIES', 'CAMPAIGNS', 'ACTIONS'];

/** Entity management: searchable by name, 'Nueva Entidad', and delete after a confirmation that lists the campaigns that go too. */
export default function EntitiesPage() {
  const dispatch = useAppDispatch();
  const { status, items, view } = useAppSelector((state) => state.entities.list);
  const page = useAppSelector(selectEntitiesPage);
  useEffect(() => {
    dispatch(entitiesActions.listRequested());
  }, [dispatch]);

  return (
    <AdminList
      id="entities"
      messages={{ title: 'ENTITIES.TITLE', add: 'ENTITIES.NEW_BUTTON', search: 'ENTITIES.SEARCH', empty: 'ENTITIES.EMPTY' }}
      addPath={PATHS.createEntity}
      search={view.search}
      onSearch={(search) => dispatch(entitiesActions.viewChanged({ search }))}
      status={status}
      loaded={items.length}
      matching={page.total}
      page={page.page}
      pages={page.pages}
      onPage={(p) => dispatch(entitiesActions.viewChanged({ page: p }))}
    >
      <Table responsive hover className="bg-white align-middle">
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th scope="col" key={column} className={column === 'POPULATION' ? 'text-end' : undefined}>
                <FormattedMessage id={`ENTITIES.COLUMN.${column}`} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {page.rows.map((entity) => (
            <tr key={entity.id}>
              <td>{entity.name}</td>
              <td>{entity.province}</td>
              <td>{entity.autonomousCommunity}</td>
              <td className="text-end">
                <FormattedNumber value={entity.population} />
              </td>
              <td className="small entity-municipalities" title={entity.municipalities.map((m) => m.name).join(', ')}>
                {entity.municipalities.map((m) => m.name).join(', ')}
              </td>
              <td>{entity.campaigns.length}</td>
              <td>
                <RowAction label="COMMON.DELETE" subject={entity.name} danger onClick={() => dispatch(entitiesActions.removeAsked({ id: entity.id, name: entity.name, campaigns: entity.campaigns }))} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </AdminList>
  );
}
