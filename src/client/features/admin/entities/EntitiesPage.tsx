import { Badge, Form } from 'react-bootstrap';
import { FormattedMessage, FormattedNumber } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.js';
import { PATHS, editEntityPath, teamPath } from '../../../app/paths.js';
import { entitiesActions } from './entitiesSlice.js';
import { selectArchivedCount, selectEntitiesPage, selectEntitiesView } from './entitiesSelectors.js';
import { AdminList, type AdminListConfig } from '../AdminList.js';
import { RowAction, RowLink } from '../RowAction.js';
import { RemoveEntityDialog } from './RemoveEntityDialog.js';
import { ListCell } from '../../../components/ListPage.js';

type EntityRow = ReturnType<typeof selectEntitiesPage>['rows'][number];

/** One entity: where it is, its population and municipalities, how many campaigns, and edit, delete (or archive) or restore. */
function EntityRowView({ row: entity }: { row: EntityRow }) {
  const dispatch = useAppDispatch();
  const municipalities = entity.municipalities.map((m) => m.name).join(', ');
  const { id, name, campaigns, archived } = entity;
  return (
    <tr className={archived ? 'text-body-secondary' : undefined}>
      <ListCell label="ENTITIES.COLUMN.NAME">
        {name}
        {archived && (
          <Badge bg="secondary" className="ms-2">
            <FormattedMessage id="ENTITIES.ARCHIVED" />
          </Badge>
        )}
      </ListCell>
      <ListCell label="ENTITIES.COLUMN.PROVINCE">{entity.province}</ListCell>
      <ListCell label="ENTITIES.COLUMN.COMMUNITY">{entity.autonomousCommunity}</ListCell>
      <ListCell label="ENTITIES.COLUMN.POPULATION" className="text-end">
        <FormattedNumber value={entity.population} />
      </ListCell>
      <ListCell label="ENTITIES.COLUMN.MUNICIPALITIES" className="small entity-municipalities" title={municipalities}>
        {municipalities}
      </ListCell>
      <ListCell label="ENTITIES.COLUMN.CAMPAIGNS">{campaigns.length}</ListCell>
      <ListCell label="ENTITIES.COLUMN.ACTIONS" actions>
        <div className="d-flex flex-wrap gap-2">
          <RowLink label="COMMON.EDIT" subject={name} to={editEntityPath(id)} />
          <RowLink label="TEAM.LINK" subject={name} to={teamPath(id)} state={{ entity: name }} />
          {archived && <RowAction label="ENTITIES.RESTORE" subject={name} onClick={() => dispatch(entitiesActions.restoreRequested(id))} />}
          <RowAction label="COMMON.DELETE" subject={name} danger onClick={() => dispatch(entitiesActions.removeAsked({ id, name, campaigns, archived }))} />
        </div>
      </ListCell>
    </tr>
  );
}

/** 'Mostrar archivadas (n)': archived entities are hidden from the list until asked for. */
function ShowArchived() {
  const dispatch = useAppDispatch();
  const showArchived = useAppSelector((state) => state.entities.showArchived);
  const count = useAppSelector(selectArchivedCount);
  return (
    <Form.Check
      type="switch"
      id="entities-show-archived"
      className="mb-2"
      checked={showArchived}
      onChange={(e) => dispatch(entitiesActions.showArchivedChanged(e.target.checked))}
      label={<FormattedMessage id="ENTITIES.SHOW_ARCHIVED" values={{ count }} />}
    />
  );
}

const ENTITIES_LIST: AdminListConfig<EntityRow> = {
  id: 'entities',
  messages: { title: 'ENTITIES.TITLE', add: 'ENTITIES.NEW_BUTTON', search: 'ENTITIES.SEARCH', empty: 'ENTITIES.EMPTY' },
  addPath: PATHS.createEntity,
  columns: ['NAME', 'PROVINCE', 'COMMUNITY', 'POPULATION', 'MUNICIPALITIES', 'CAMPAIGNS', 'ACTIONS'].map((column) => `ENTITIES.COLUMN.${column}`),
  endAligned: ['ENTITIES.COLUMN.POPULATION'],
  selectList: (state) => state.entities.list,
  selectView: selectEntitiesView,
  selectPage: selectEntitiesPage,
  actions: entitiesActions,
  RowView: EntityRowView,
  ToolbarExtra: ShowArchived,
};

/**
 * Entity management: searchable by name, 'Nueva Entidad', and per row edit and delete. Deleting an entity with
 * sent campaigns offers to archive it instead (RemoveEntityDialog); archived ones show on request, to restore.
 */
export default function EntitiesPage() {
  return (
    <>
      <AdminList config={ENTITIES_LIST} />
      <RemoveEntityDialog />
    </>
  );
}
