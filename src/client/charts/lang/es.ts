import type { Highcharts } from '../highcharts.js';

/**
 * Highcharts' own texts in Spanish: the accessibility module's screen-reader descriptions, loading, no data and
 * the menus (lang options). Placeholders and '{#eq …}' blocks are Highcharts format strings. The other languages
 * (en.ts, ca.ts) have the same keys: ChartTexts below makes the compiler check it, as `satisfies` checks
 * the names against Highcharts' options.
 */
export const es = {
  loading: 'Cargando…',
  noData: 'No hay datos que mostrar',
  resetZoom: 'Restablecer zoom',
  resetZoomTitle: 'Restablecer el zoom al nivel 1:1',
  contextButtonTitle: 'Menú del gráfico',
  printChart: 'Imprimir el gráfico',
  viewFullscreen: 'Ver a pantalla completa',
  exitFullscreen: 'Salir de la pantalla completa',
  downloadPNG: 'Descargar imagen PNG',
  downloadJPEG: 'Descargar imagen JPEG',
  downloadPDF: 'Descargar documento PDF',
  downloadSVG: 'Descargar imagen SVG',
  downloadCSV: 'Descargar CSV',
  downloadXLS: 'Descargar XLS',
  viewData: 'Ver la tabla de datos',
  hideData: 'Ocultar la tabla de datos',
  exportInProgress: 'Exportando…',
  chartTitle: 'Gráfico',
  seriesName: 'Serie {add index 1}',
  pieSliceName: 'Sector',
  yAxisTitle: 'Valores',
  accessibility: {
    defaultChartTitle: 'Gráfico',
    chartContainerLabel: '{title}. Gráfico interactivo.',
    svgContainerLabel: 'Gráfico interactivo',
    credits: 'Créditos del gráfico: {creditsStr}',
    screenReaderSection: { endOfChartMarker: 'Fin del gráfico interactivo.' },
    legend: {
      legendLabelNoTitle: 'Mostrar u ocultar series, {chartTitle}',
      legendLabel: 'Leyenda del gráfico: {legendTitle}',
      legendItem: 'Mostrar {itemName}',
    },
    zoom: { resetZoomButton: 'Restablecer zoom' },
    table: { viewAsDataTableButtonText: 'Ver como tabla de datos, {chartTitle}', tableSummary: 'Tabla con los datos del gráfico.' },
    exporting: { chartMenuLabel: 'Menú del gráfico', menuButtonLabel: 'Ver el menú del gráfico, {chartTitle}' },
    chartTypes: {
      emptyChart: 'Gráfico vacío',
      mapTypeDescription: 'Mapa de {mapTitle} con {numSeries} series de datos.',
      // Highcharts' 'unspecified region': every map of the app is also named (MapChart.tsx: typeDescription).
      unknownMap: 'Mapa con {numSeries} series de datos.',
      combinationChart: 'Gráfico combinado con {numSeries} series de datos.',
      defaultSingle: 'Gráfico con {numPoints} {#eq numPoints 1}dato{else}datos{/eq}.',
      defaultMultiple: 'Gráfico con {numSeries} series de datos.',
      lineSingle: 'Gráfico de líneas con {numPoints} {#eq numPoints 1}punto{else}puntos{/eq}.',
      lineMultiple: 'Gráfico de líneas con {numSeries} líneas.',
      barSingle: 'Gráfico de barras con {numPoints} {#eq numPoints 1}barra{else}barras{/eq}.',
      barMultiple: 'Gráfico de barras con {numSeries} series de datos.',
      columnSingle: 'Gráfico de columnas con {numPoints} {#eq numPoints 1}columna{else}columnas{/eq}.',
      columnMultiple: 'Gráfico de columnas con {numSeries} series de datos.',
      pieSingle: 'Gráfico circular con {numPoints} {#eq numPoints 1}sector{else}sectores{/eq}.',
      pieMultiple: 'Gráfico circular con {numSeries} círculos.',
    },
    axis: {
      xAxisDescriptionSingular: 'El gráfico tiene 1 eje X que muestra {names[0]}. {ranges[0]}',
      xAxisDescriptionPlural: 'El gráfico tiene {numAxes} ejes X que muestran {#each names}{#unless @first}, {/unless}{this}{/each}.',
      yAxisDescriptionSingular: 'El gráfico tiene 1 eje Y que muestra {names[0]}. {ranges[0]}',
      yAxisDescriptionPlural: 'El gráfico tiene {numAxes} ejes Y que muestran {#each names}{#unless @first}, {/unless}{this}{/each}.',
      // The axis' own numbers, not Highcharts' {rangeFrom} (written with a decimal point in every language).
      rangeFromTo: 'Los datos van de {axis.dataMin:.1f} a {axis.dataMax:.1f}.',
      rangeCategories: 'Rango de datos: {numCategories} categorías.',
      defaultAxisNames: { categories: 'categorías', time: 'tiempo', values: 'valores' },
    },
    series: {
      summary: {
        default: '{series.name}, serie {seriesNumber} de {chart.series.length} con {series.points.length} {#eq series.points.length 1}dato{else}datos{/eq}.',
        line: '{series.name}, línea {seriesNumber} de {chart.series.length} con {series.points.length} {#eq series.points.length 1}punto{else}puntos{/eq}.',
        bar: '{series.name}, serie de barras {seriesNumber} de {chart.series.length} con {series.points.length} {#eq series.points.length 1}barra{else}barras{/eq}.',
        column:
          '{series.name}, serie de columnas {seriesNumber} de {chart.series.length} con {series.points.length} {#eq series.points.length 1}columna{else}columnas{/eq}.',
        pie: '{series.name}, círculo {seriesNumber} de {chart.series.length} con {series.points.length} {#eq series.points.length 1}sector{else}sectores{/eq}.',
      },
      description: '{description}',
      xAxisDescription: 'Eje X, {name}',
      yAxisDescription: 'Eje Y, {name}',
      nullPointValue: 'Sin valor',
    },
  },
} satisfies Highcharts.LangOptions;

/** The shape every language's chart texts have. */
export type ChartTexts = typeof es;
