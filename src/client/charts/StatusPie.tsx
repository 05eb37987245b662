import { useIntl } from 'react-intl';
import type { Highcharts } from './highcharts.js';
import { HighchartsChart } from './HighchartsChart.js';
import type { CampaignStatus } from '../../shared/api/campaigns.js';

// Loaded on its own (the status page's lazy chunk): its page waits for Highcharts' modules too.
export { highchartsModules } from './highcharts.js';

/** Pie colours of the specification: not started red, ongoing orange, completed green. */
const COLOURS: Record<CampaignStatus, string> = { created: '#dc3545', draft: '#fd7e14', sent: '#198754' };

/** Campaigns per status, with a text summary and a data table for those who cannot see the chart. */
export default function StatusPie({ counts, height }: { counts: Record<CampaignStatus, number>; height: number }) {
  const intl = useIntl();
  const label = (status: CampaignStatus) => intl.formatMessage({ id: `CAMPAIGNS.STATUS.${status}` });
  const statuses: CampaignStatus[] = ['created', 'draft', 'sent'];
  const title = intl.formatMessage({ id: 'CAMPAIGNS.PIE.TITLE' });
  const summary = statuses.map((s) => `${label(s)}: ${counts[s]}`).join(', ');
  const options: Highcharts.Options = {
    chart: { type: 'pie', height },
    title: { text: undefined },
    accessibility: { description: `${title}. ${summary}` },
    tooltip: { pointFormat: '<b>{point.y}</b> ({point.percentage:.1f} %)' },
    plotOptions: { pie: { dataLabels: { enabled: true, format: '{point.name}: {point.y}' } } },
    series: [{ type: 'pie', name: title, data: statuses.map((s) => ({ name: label(s), y: counts[s], color: COLOURS[s] })) }],
  };
  return (
    <figure className="mb-0" data-testid="status-pie">
      <HighchartsChart options={options} />
      <figcaption className="visually-hidden">
        {title}. {summary}
      </figcaption>
    </figure>
  );
}
