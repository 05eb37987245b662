import { useMemo } from 'react';
import { HighchartsReact } from 'highcharts-react-official';
import { useIntl } from 'react-intl';
import { Highcharts } from './highcharts.js';
import { localizeChart } from './chartLang.js';

// Its loader (drawing.ts) waits for Highcharts' modules too.
export { highchartsModules } from './highcharts.js';

/**
 * One Highcharts chart, in the interface's language. In its own chunk with Highcharts (see drawing.ts): pages
 * show their figures first. Drawn anew when the language changes: Highcharts reads its lang options once.
 */
export function HighchartsChart({ options }: { options: Highcharts.Options }) {
  const intl = useIntl();
  const localized = useMemo(() => localizeChart(options, intl), [options, intl]);
  return <HighchartsReact key={intl.locale} highcharts={Highcharts} options={localized} />;
}
