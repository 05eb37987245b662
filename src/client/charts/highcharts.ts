import Highcharts from 'highcharts';
import 'highcharts/highcharts-more';
import 'highcharts/modules/accessibility';

// Spanish number format; no animation so that screenshots and print show the final chart.
Highcharts.setOptions({
  lang: { decimalPoint: ',', thousandsSep: '.' },
  chart: { animation: false, style: { fontFamily: 'inherit' } },
  credits: { enabled: false },
  plotOptions: { series: { animation: false } },
  accessibility: {
    // Highcharts titles each chart's screen-reader region with a heading of a level it guesses (h6 beside
    // our h2 blocks, skipping levels); the figure's caption and data table name the chart instead.
    screenReaderSection: {
      beforeChartFormat: '<div>{chartTitle}</div><div>{typeDescription}</div><div>{chartSubtitle}</div><div>{chartLongdesc}</div><div>{xAxisDescription}</div><div>{yAxisDescription}</div>',
    },
  },
});

export { Highcharts };
