import { Card, ToggleButton, ToggleButtonGroup } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ComparisonLevel } from '../../../shared/api/results.js';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { RadarChart } from '../../charts/RadarChart.js';
import { GroupedBars } from '../../charts/ReportCharts.js';
import { comparisonsActions, type GroupChart } from './comparisonsSlice.js';
import type { RadarGroup } from './comparisonModel.js';
import { GroupSizes } from './ComparisonHeading.js';
import { DifferencesTable } from './DifferencesTable.js';

const CURRENT_COLOUR = '#0b5ed7';
const PREVIOUS_COLOUR = '#b35900';

const GROUP_CHARTS: GroupChart[] = ['radar', 'bars'];

/** A group's 'Radar / Barras' switch: two radio buttons (arrow keys move between them), screen only. */
function GroupChartSwitch({ level, title }: { level: ComparisonLevel; title: string }) {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const chart = useAppSelector((state) => state.comparisons.groupCharts[level] ?? 'radar');
  return (
    <ToggleButtonGroup
      type="radio"
      name={`group-chart-${level}`}
      value={chart}
      onChange={(value: GroupChart) => dispatch(comparisonsActions.groupChartChosen({ level, chart: value }))}
      className="d-print-none"
      aria-label={intl.formatMessage({ id: 'COMPARISONS.CHART_KIND.LABEL' }, { title })}
      data-testid="group-chart-switch"
    >
      {GROUP_CHARTS.map((kind) => (
        <ToggleButton key={kind} id={`group-chart-${level}-${kind}`} value={kind} variant="outline-primary" size="sm">
          <FormattedMessage id={`COMPARISONS.CHART_KIND.${kind}`} />
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/**
 * 'Entidad', 'Provincia' and 'CCAA', each with one radar per axis (or, after its 'Radar / Barras' switch, one bar
 * chart per axis: the same figures for those who do not read radars) and the table of its figures; a sentence
 * where there is no previous campaign.
 */
export function RadarGroups({ groups }: { groups: RadarGroup[] }) {
  const intl = useIntl();
  const charts = useAppSelector((state) => state.comparisons.groupCharts);
  const current = intl.formatMessage({ id: 'COMPARISONS.CURRENT' });
  const previous = intl.formatMessage({ id: 'COMPARISONS.PREVIOUS' });
  return (
    <>
      {groups.map((group) => {
        const title = intl.formatMessage({ id: `COMPARISONS.GROUP.${group.level}` });
        const bars = charts[group.level] === 'bars';
        return (
          <Card as="section" key={group.level} className="comparison-group mb-4" aria-labelledby={`group-${group.level}`} data-testid={`group-${group.level}`}>
            <Card.Header className="bg-white d-flex flex-wrap gap-2 justify-content-between align-items-start">
              <div>
                <h2 id={`group-${group.level}`} className="h5 mb-0">
                  {title}
                </h2>
                <GroupSizes level={group.level} />
              </div>
              <GroupChartSwitch level={group.level} title={title} />
            </Card.Header>
            <Card.Body>
              {group.radars[0]?.previous === null && (
                <p className="text-body-secondary" data-testid="no-previous">
                  <FormattedMessage id="COMPARISONS.NO_PREVIOUS" />
                </p>
              )}
              <div className={bars ? 'group-bars' : 'radar-grid'}>
                {group.radars.map((radar, i) => {
                  const series = [
                    { name: current, colour: CURRENT_COLOUR, data: radar.current },
                    ...(radar.previous ? [{ name: previous, colour: PREVIOUS_COLOUR, data: radar.previous }] : []),
                  ];
                  return (
                    <div key={i} className={bars ? 'mb-3' : 'radar-cell'}>
                      <h3 className={`h6 mb-1${bars ? '' : ' text-center'}`}>{radar.axisText}</h3>
                      {bars ? (
                        <GroupedBars title={`${title}: ${radar.axisText}`} categories={radar.policies} series={series} testId="group-bars" />
                      ) : (
                        <RadarChart title={`${title}: ${radar.axisText}`} categories={radar.policies} series={series} />
                      )}
                    </div>
                  );
                })}
              </div>
              <DifferencesTable level={group.level} title={title} table={group.differences} />
            </Card.Body>
          </Card>
        );
      })}
    </>
  );
}
