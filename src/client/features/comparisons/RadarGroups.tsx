import { Card } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { RadarChart } from '../../charts/RadarChart.js';
import type { RadarGroup } from './comparisonModel.js';
import { DifferencesTable } from './DifferencesTable.js';

const CURRENT_COLOUR = '#0b5ed7';
const PREVIOUS_COLOUR = '#b35900';

/**
 * 'Entidad', 'Provincia' and 'CCAA', each with one radar per axis and the table of its figures; a sentence
 * where there is no previous campaign.
 */
export function RadarGroups({ groups }: { groups: RadarGroup[] }) {
  const intl = useIntl();
  const current = intl.formatMessage({ id: 'COMPARISONS.CURRENT' });
  const previous = intl.formatMessage({ id: 'COMPARISONS.PREVIOUS' });
  return (
    <>
      {groups.map((group) => {
        const title = intl.formatMessage({ id: `COMPARISONS.GROUP.${group.level}` });
        return (
          <Card as="section" key={group.level} className="comparison-group mb-4" aria-labelledby={`group-${group.level}`} data-testid={`group-${group.level}`}>
            <Card.Header className="bg-white">
              <h2 id={`group-${group.level}`} className="h5 mb-0">
                {title}
              </h2>
            </Card.Header>
            <Card.Body>
              {group.radars[0]?.previous === null && (
                <p className="text-body-secondary" data-testid="no-previous">
                  <FormattedMessage id="COMPARISONS.NO_PREVIOUS" />
                </p>
              )}
              <div className="radar-grid">
                {group.radars.map((radar, i) => (
                  <div key={i} className="radar-cell">
                    <h3 className="h6 text-center mb-1">{radar.axisText}</h3>
                    <RadarChart
                      title={`${title}: ${radar.axisText}`}
                      categories={radar.policies}
                      series={[
                        { name: current, colour: CURRENT_COLOUR, data: radar.current },
                        ...(radar.previous ? [{ name: previous, colour: PREVIOUS_COLOUR, data: radar.previous }] : []),
                      ]}
                    />
                  </div>
                ))}
              </div>
              <DifferencesTable level={group.level} title={title} table={group.differences} />
            </Card.Body>
          </Card>
        );
      })}
    </>
  );
}
