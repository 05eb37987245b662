import { FormattedNumber } from 'react-intl';
import { useAppDispatch } from '../../../app/hooks.js';
import { PATHS } from '../../../app/paths.js';
import { entitiesActions } from './entitiesSlice.js';
import { selectEntitiesPage, selectEntitiesView } from './entitiesSelectors.js';
import { AdminList, type AdminListConfig } from '../AdminList.js';
import { RowAction } from '../RowAction.js';
import { ListCell } from '../../../components/ListPage.js';

type EntityRow = ReturnType<typeof selectEntitiesPage>['rows'][number];

/** One entity: where it is, its population and municipalities, how many campaigns, and delete. */
function EntityRowView({ row: entity }: { row: EntityRow }) {
  const dispatch = useAppDispatch();
  const municipalities = entity.municipalities.map((m) => m.name).join(', ');
  return (
    <tr>
      <ListCell label="ENTITIES.COLUMN.NAME">{entity.name}</ListCell>
      <ListCell label="ENTITIES.COLUMN.PROVINCE">{entity.province}</ListCell>
      <ListCell label="ENTITIES.COLUMN.COMMUNITY">{entity.autonomousCommunity}</ListCell>
      <ListCell label="ENTITIES.COLUMN.POPULATION" className="text-end">
        <FormattedNumber value={entity.population} />
      </ListCell>
      <ListCell label="ENTITIES.COLUMN.MUNICIPALITIES" className="small entity-municipalities" title={municipalities}>
        {municipalities}
      </ListCell>
      <ListCell label="ENTITIES.COLUMN.CAMPAIGNS">{entity.campaigns.length}</ListCell>
      <ListCell label="ENTITIES.COLUMN.ACTIONS" actions>
        <RowAction label="COMMON.DELETE" subject={entity.name} danger onClick={() => dispatch(entitiesActions.removeAsked({ id: entity.id, name: entity.name, campaigns: entity.campaigns }))} />
      </ListCell>
    </tr>
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
};

/** Entity management: searchable by name, 'Nueva Entidad', and delete after a confirmation that lists the campaigns that go too. */
export default function EntitiesPage() {
  return <AdminList config={ENTITIES_LIST} />;
}
