import { useCallback, useMemo, useState } from 'react';
import { Button, ToggleButton, ToggleButtonGroup } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppSelector } from '../../app/hooks.js';
import { Loading } from '../../components/Loading.js';
import { FailedState } from '../../components/StatusMessage.js';
import { TitledCard } from '../../components/TitledCard.js';
import type { TableView } from '../../lib/tableView.js';
import { MapFigure } from '../../maps/MapFigure.js';
import { participationMap } from './mapModels.js';

/**
 * The status page's map (ADMIN, FEC): participation in the edition the page shows, per province or community
 * (loaded by mapsSaga whenever the status rows load or the edition changes). Choosing
 * a shape filters the table: a community as the community dropdown does, a province by its own filter.
 */
export function StatusMap({ view, onChange }: { view: TableView; onChange: (patch: Partial<TableView>) => void }) {
  const intl = useIntl();
  const participation = useAppSelector((state) => state.maps.participation);
  const [level, setLevel] = useState<'provinces' | 'communities'>('provinces');
  const model = useMemo(() => participation.data && participationMap(intl, participation.data, level), [intl, participation.data, level]);
  const onSelect = useCallback(
    (code: string) => (level === 'provinces' ? onChange({ provinces: [code], communities: [] }) : onChange({ communities: [code], provinces: [] })),
    [level, onChange],
  );
  const province = view.provinces?.length === 1 ? participation.data?.provinces.find((p) => p.provinceId === view.provinces?.[0]) : undefined;
  const title = intl.formatMessage({ id: 'MAPS.STATUS.TITLE' });
  return (
    <TitledCard title="MAPS.STATUS.TITLE" className="mb-3">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <span id="status-map-level">
          <FormattedMessage id="MAPS.STATUS.SWITCH_LABEL" />
        </span>
        <ToggleButtonGroup type="radio" name="status-map-level" value={level} onChange={setLevel} aria-labelledby="status-map-level">
          <ToggleButton id="status-map-provinces" value="provinces" variant="outline-primary" size="sm">
            <FormattedMessage id="MAPS.STATUS.BY_PROVINCE" />
          </ToggleButton>
          <ToggleButton id="status-map-communities" value="communities" variant="outline-primary" size="sm">
            <FormattedMessage id="MAPS.STATUS.BY_COMMUNITY" />
          </ToggleButton>
        </ToggleButtonGroup>
        {province && (
          <Button size="sm" variant="outline-dark" className="ms-auto" onClick={() => onChange({ provinces: [] })} data-testid="status-map-clear">
            <FormattedMessage id="MAPS.STATUS.FILTERED" values={{ name: province.name }} /> ✕
            <span className="visually-hidden">{intl.formatMessage({ id: 'MAPS.STATUS.CLEAR' })}</span>
          </Button>
        )}
      </div>
      <p className="small text-body-secondary mb-2">
        <FormattedMessage id="MAPS.STATUS.HINT" />
      </p>
      {model ? (
        <MapFigure
          title={title}
          summary={model.summary}
          spec={model.spec}
          columns={model.columns}
          rows={model.rows}
          onSelect={onSelect}
          tableLabel={intl.formatMessage({ id: 'MAPS.TABLE.SHOW' })}
          testId="status-map"
        />
      ) : participation.status === 'failed' ? (
        <FailedState message="MAPS.LOAD_FAILED" />
      ) : (
        <Loading />
      )}
    </TitledCard>
  );
}
