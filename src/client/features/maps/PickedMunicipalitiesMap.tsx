import { useEffect, useMemo } from 'react';
import { Alert } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { Loading } from '../../components/Loading.js';
import { MapFigure } from '../../maps/MapFigure.js';
import { mapsActions } from './mapsSlice.js';
import { municipalitiesMap } from './mapModels.js';

/** A municipality's province: the first two digits of its INE code. */
const provinceOf = (munId: string) => munId.slice(0, 2);

/**
 * 'Nueva entidad': the municipalities picked so far on a map of their province, as they are picked, so that a
 * wrong pick shows. One in another province shows both provinces, and the rule that an entity has one.
 */
export function PickedMunicipalitiesMap({ value, provinceNames }: { value: readonly string[]; provinceNames: ReadonlyMap<string, string> }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const provinceIds = useMemo(() => [...new Set(value.map(provinceOf))].sort(), [value]);
  const key = provinceIds.join(',');
  useEffect(() => {
    if (key) dispatch(mapsActions.boundariesRequested(key.split(',')));
  }, [dispatch, key]);
  const boundaries = useAppSelector((state) => state.maps.boundaries);
  const model = useMemo(() => {
    const loaded = provinceIds.map((id) => boundaries[id]?.data).filter((b) => b !== null && b !== undefined);
    return loaded.length === provinceIds.length && loaded.length > 0 ? municipalitiesMap(intl, loaded, value, 300) : null;
  }, [intl, boundaries, provinceIds, value]);
  if (provinceIds.length === 0) return null;
  const names = provinceIds.map((id) => provinceNames.get(id) ?? id);
  const title = intl.formatMessage({ id: 'MAPS.FORM.TITLE' });
  const failed = provinceIds.some((id) => boundaries[id]?.status === 'failed');
  return (
    <section className="mb-3" aria-label={title} data-testid="picked-map-section">
      {provinceIds.length > 1 && (
        <Alert variant="warning" className="py-2" data-testid="picked-map-provinces">
          <FormattedMessage id="ENTITIES.TOAST.MULTIPLE_PROVINCES" />: {names.join(', ')}
        </Alert>
      )}
      {model ? (
        <MapFigure
          title={title}
          summary={intl.formatMessage({ id: 'MAPS.FORM.SUMMARY' }, { count: model.names.length, provinces: names.join(', '), names: model.names.join(', ') })}
          spec={model.spec}
          columns={model.columns}
          rows={model.rows}
          testId="picked-map"
        />
      ) : failed ? (
        <p className="text-danger small">
          <FormattedMessage id="MAPS.LOAD_FAILED" />
        </p>
      ) : (
        <Loading />
      )}
    </section>
  );
}
