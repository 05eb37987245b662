import { HighchartsReact } from 'highcharts-react-official';
import { Highcharts } from './highcharts.js';

/** One Highcharts chart. In its own chunk with Highcharts (see drawing.ts): pages show their figures first. */
export function HighchartsChart({ options }: { options: Highcharts.Options }) {
  return <HighchartsReact highcharts={Highcharts} options={options} />;
}
