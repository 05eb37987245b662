import { useMemo } from 'react';
import { HighchartsReact } from 'highcharts-react-official';
import { useIntl } from 'react-intl';
// Highcharts first: the map module reads it from window._Highcharts when it runs.
import { Highcharts } from '../charts/highcharts.js';
import 'highcharts/modules/map';
import { localizeChart } from '../charts/chartLang.js';
import { NO_DATA_COLOUR, mapWidthRules, type MapSpec } from './mapSpec.js';
import { applyRules } from '../charts/widthRules.js';
import { chartText } from '../charts/chartText.js';
// Simplified at build time (build/spainGeometryLoader.cjs): the provinces' and communities' topologies.
import spain from './spainGeometry.js';

// The map chunk's loader waits for Highcharts' modules too (MapFigure.tsx).
export { highchartsModules } from '../charts/highcharts.js';

/**
 * The map chunk: Highcharts' map module and Spain's boundaries, loaded only by pages that draw a map
 * (MapFigure.tsx). A map is built here from its MapSpec, so that no page holds geometry.
 */

/** The value of shapes without a figure (below every class of mapSpec.ts). */
const NONE_VALUE = -1000;

/**
 * The Highcharts options of a map. `name` is what a screen reader hears the map called (Highcharts' type
 * description, which would otherwise be 'Map of unspecified region': the app's geometry has no title).
 */
export function mapOptions(spec: MapSpec, name: string, onSelect?: (code: string) => void, width?: number): Highcharts.Options {
  const national = spec.base !== 'municipalities';
  const mapData =
    spec.base === 'municipalities' ? { type: 'FeatureCollection', features: (spec.boundaries ?? []).flatMap((b) => b.features) } : spain[spec.base];
  // Shapes without a figure get a value below every class, so that the legend names their colour too.
  const data = spec.points.map((p) => ({ code: p.code, name: chartText(p.name), value: p.value ?? NONE_VALUE, tooltip: chartText(p.tooltip) }));
  const series: Highcharts.SeriesOptionsType[] = [
    {
      type: 'map',
      name: chartText(spec.seriesName),
      mapData: mapData as unknown as Highcharts.GeoJSON,
      joinBy: ['id', 'code'],
      data,
      allAreas: true,
      nullColor: NO_DATA_COLOUR,
      borderColor: '#ffffff',
      borderWidth: 0.6,
      states: { hover: { borderColor: '#212529', borderWidth: 2, brightness: 0 } },
      cursor: spec.selectable ? 'pointer' : undefined,
      point: spec.selectable && onSelect ? { events: { click: (e) => onSelect(String((e.point.options as { code?: string }).code)) } } : undefined,
      tooltip: { pointFormat: '{point.tooltip}', nullFormat: '{point.name}' },
    },
  ];
  if (spec.outline && spec.outline.codes.length > 0) {
    series.push({
      type: 'map',
      name: chartText(spec.outline.name),
      mapData: mapData as unknown as Highcharts.GeoJSON,
      joinBy: ['id', 'code'],
      data: spec.outline.codes.map((code) => ({ code }) as Highcharts.SeriesMapDataOptions),
      allAreas: false,
      color: 'transparent',
      borderColor: '#d63384',
      borderWidth: 3,
      enableMouseTracking: false,
      accessibility: { enabled: false },
      showInLegend: true,
    });
  }
  // The Canary Islands come beside the peninsula (build/spainGeometry.cjs): a box says they are moved.
  if (national && spain.canariesFrame.length > 0) {
    series.push({
      type: 'mapline',
      name: 'Canarias',
      data: [{ geometry: { type: 'LineString', coordinates: spain.canariesFrame } } as Highcharts.SeriesMaplineDataOptions],
      color: '#adb5bd',
      lineWidth: 1,
      enableMouseTracking: false,
      showInLegend: false,
      accessibility: { enabled: false },
    });
  }
  return {
    chart: { height: spec.height, width, animation: false, style: { fontFamily: 'inherit' } },
    title: { text: undefined },
    mapView: { padding: 4 },
    mapNavigation: { enabled: false },
    colorAxis: {
      dataClasses: [
        ...spec.classes.map((c) => ({ from: c.from, to: c.to, color: c.colour, name: chartText(c.name) })),
        ...(spec.points.some((p) => p.value === null)
          ? [{ from: NONE_VALUE - 0.5, to: NONE_VALUE + 0.5, color: spec.none.colour, name: chartText(spec.none.name) }]
          : []),
      ],
    },
    legend: { enabled: true, layout: 'horizontal', align: 'center', verticalAlign: 'bottom', itemStyle: { fontWeight: 'normal' } },
    tooltip: { headerFormat: '<b>{point.name}</b><br/>' },
    accessibility: {
      typeDescription: chartText(name),
      // The name says the title: no 'Gráfico' (Highcharts' title of an untitled chart) before it.
      screenReaderSection: { beforeChartFormat: '<div>{typeDescription}</div><div>{chartSubtitle}</div><div>{chartLongdesc}</div>' },
      keyboardNavigation: { enabled: Boolean(spec.selectable) },
      point: { valueDescriptionFormat: '{point.name}: {point.tooltip}' },
    },
    series,
  };
}

/** What kind of map each base draws, as a screen reader says it before the map's title. */
const MAP_KIND: Readonly<Record<MapSpec['base'], string>> = {
  provinces: 'MAPS.A11Y.PROVINCES',
  communities: 'MAPS.A11Y.COMMUNITIES',
  municipalities: 'MAPS.A11Y.MUNICIPALITIES',
};

/**
 * One map, in the interface's language, with the width rules its box takes (matched: see charts/widthRules.ts);
 * drawn anew when the language or the shapes change (Highcharts reads its lang options once, and keeps its map view).
 * `title` is the figure's, which the screen-reader description repeats after the kind of map.
 */
export default function MapChart({
  spec,
  title,
  onSelect,
  width,
  matched,
}: {
  spec: MapSpec;
  title: string;
  onSelect?: (code: string) => void;
  width?: number;
  matched: string;
}) {
  const intl = useIntl();
  const options = useMemo(() => {
    const name = intl.formatMessage({ id: MAP_KIND[spec.base] }, { title });
    return localizeChart(applyRules(mapOptions(spec, name, onSelect, width), mapWidthRules(spec), matched), intl);
  }, [spec, title, onSelect, width, matched, intl]);
  return <HighchartsReact key={`${intl.locale}-${spec.base}`} highcharts={Highcharts} constructorType="mapChart" options={options} />;
}
