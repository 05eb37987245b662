import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppSelector } from '../../app/hooks.js';
import { Loading } from '../../components/Loading.js';
import { MapFigure } from '../../maps/MapFigure.js';
import { ReportSection } from '../../components/ReportSection.js';
import { municipalitiesMap, resultMeansMap } from './mapModels.js';

/**
 * The results page's maps (on screen, on paper and on shared links): the mean global score per province of the
 * campaign's edition in the active comparison mode, the entity's province outlined; and the entity's province
 * with its municipalities. Nothing when the map's call failed: the report says the same in its tables.
 */
export function ResultMaps() {
  const intl = useIntl();
  const resultMap = useAppSelector((state) => state.maps.resultMap);
  const compareWithParticipants = useAppSelector((state) => state.reportFilters.compareWithParticipants);
  const provinceId = resultMap.data?.provinceId;
  const boundaries = useAppSelector((state) => (provinceId ? state.maps.boundaries[provinceId] : undefined));
  const national = useMemo(
    () => resultMap.data && resultMeansMap(intl, resultMap.data, compareWithParticipants),
    [intl, resultMap.data, compareWithParticipants],
  );
  const local = useMemo(
    () => (boundaries?.data && resultMap.data ? municipalitiesMap(intl, [boundaries.data], resultMap.data.municipalityIds) : null),
    [intl, boundaries?.data, resultMap.data],
  );
  if (resultMap.status === 'failed' || resultMap.status === 'idle') return null;
  const provinceName = resultMap.data?.provinces.find((p) => p.provinceId === provinceId)?.name ?? '';
  const localTitle = intl.formatMessage({ id: 'MAPS.ENTITY.TITLE' }, { province: provinceName });
  return (
    <ReportSection
      id="block-maps"
      title={national ? national.title : <FormattedMessage id="MAPS.RESULT.SERIES" />}
      className="report-block report-maps mb-4"
      testId="result-maps"
    >
      {national ? (
        <div className="row g-3">
          <div className="col-lg-7">
            <MapFigure
              title={national.title}
              summary={national.summary}
              spec={national.spec}
              columns={national.columns}
              rows={national.rows}
              testId="result-map"
            />
            <p className="small text-body-secondary mb-0" aria-hidden="true">
              <span className="map-outline-key" /> <FormattedMessage id="MAPS.RESULT.OUTLINE" />
            </p>
          </div>
          <div className="col-lg-5">
            <h3 className="h6">{localTitle}</h3>
            {local ? (
              <MapFigure
                title={localTitle}
                summary={intl.formatMessage(
                  { id: 'MAPS.ENTITY.SUMMARY' },
                  { count: local.names.length, province: provinceName, names: local.names.join(', ') },
                )}
                spec={local.spec}
                columns={local.columns}
                rows={local.rows}
                testId="entity-map"
              />
            ) : boundaries?.status === 'failed' ? null : (
              <Loading />
            )}
          </div>
        </div>
      ) : (
        <Loading />
      )}
    </ReportSection>
  );
}
