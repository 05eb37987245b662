import type { MunicipalityBoundaries } from '../../shared/api/maps.js';
import type { WidthRule } from '../charts/widthRules.js';

/** What the shapes of a map are: Spain's provinces or communities (the map chunk has them), or municipalities sent by the API. */
export type MapBase = 'provinces' | 'communities' | 'municipalities';

/** One shape's figure: its INE code, name, value (null: none) and the tooltip's text. */
export interface MapPoint {
  code: string;
  name: string;
  value: number | null;
  tooltip: string;
}

/** One colour of the legend: the values from `from` up to (not including) `to`, or exactly `from` when `to` is absent and `exact`. */
export interface MapClass {
  from?: number;
  to?: number;
  colour: string;
  name: string;
}

/** A map as data: everything the map chunk needs to draw it, none of it Highcharts'. */
export interface MapSpec {
  base: MapBase;
  /** The municipalities' shapes, one collection per province (base 'municipalities'). */
  boundaries?: MunicipalityBoundaries[];
  seriesName: string;
  points: MapPoint[];
  classes: MapClass[];
  /** Colour and legend name of the shapes without a value. */
  none: { colour: string; name: string };
  /** Shapes drawn with a thick border over the others (the entity's province), and the legend's name for it. */
  outline?: { codes: string[]; name: string };
  height: number;
  /** The shapes can be chosen (click, or Enter on a point reached with the keyboard). */
  selectable?: boolean;
}

/** Class colours, light to dark (ColorBrewer Blues); the lightest stays apart from the near-white of shapes without figures. */
export const SEQUENTIAL = ['#c6dbef', '#9ecae1', '#4292c6', '#08519c', '#08306b'];

/** The grey of shapes without figures. */
export const NO_DATA_COLOUR = '#f1f3f5';

/**
 * Equal classes over 0-100 (%): 0-20, 20-40, ... 80-100, named by the caller's percent format. The last class
 * takes 100 itself.
 */
export function percentClasses(format: (value: number) => string): MapClass[] {
  return SEQUENTIAL.map((colour, i) => ({
    from: i * 20,
    to: i === SEQUENTIAL.length - 1 ? 100.0001 : (i + 1) * 20,
    colour,
    name: `${format(i * 20)} – ${format((i + 1) * 20)}`,
  }));
}

/** The legend class a value falls in (undefined for null: the 'no data' colour). */
export function classOf(classes: readonly MapClass[], value: number | null): MapClass | undefined {
  if (value === null) return undefined;
  return classes.find((c) => (c.from === undefined || value >= c.from) && (c.to === undefined || value < c.to));
}

/** A phone's map is shorter: Spain is wider than tall. Applied before the map is drawn (see charts/widthRules.ts). */
export const mapWidthRules = (spec: Pick<MapSpec, 'height'>): WidthRule[] => [
  { maxWidth: 500, chartOptions: { chart: { height: Math.round(spec.height * 0.75) } } },
];
