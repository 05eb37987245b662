import Highcharts from 'highcharts';
import 'highcharts/highcharts-more';
import 'highcharts/modules/accessibility';

// No animation, so that screenshots and print show the final chart. The language (texts and number format) is
// set per chart, from the interface's (chartLang.ts).
Highcharts.setOptions({
  chart: { animation: false, style: { fontFamily: 'inherit' } },
  credits: { enabled: false },
  plotOptions: { series: { animation: false } },
  accessibility: {
    // Highcharts titles each chart's screen-reader region with a heading of a level it guesses (h6 beside
    // our h2 blocks, skipping levels); the figure's caption and data table name the chart instead.
    screenReaderSection: {
      beforeChartFormat: '<div>{chartTitle}</div><div>{typeDescription}</div><div>{chartSubtitle}</div><div>{chartLongdesc}</div><div>{xAxisDescription}</div><div>{yAxisDescription}</div>',
    },
    // A focused point gets the app's focus ring (styles.css --app-focus-color), not Highcharts' thin default.
    keyboardNavigation: { focusBorder: { style: { color: '#0b3d91', lineWidth: 3, borderRadius: 3 }, margin: 2 } },
  },
});

export { Highcharts };
