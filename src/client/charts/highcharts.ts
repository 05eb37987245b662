import Highcharts from 'highcharts';
import 'highcharts/highcharts-more';
import 'highcharts/modules/accessibility';

// Spanish number format; no animation so that screenshots and print show the final chart.
Highcharts.setOptions({
  lang: { decimalPoint: ',', thousandsSep: '.' },
  chart: { animation: false, style: { fontFamily: 'inherit' } },
  credits: { enabled: false },
  plotOptions: { series: { animation: false } },
});

export { Highcharts };
