import { Component, lazy, Suspense, useEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { loadBeforePrinting, usePrinting } from '../lib/printing.js';
import { mapWidthRules, type MapSpec } from './mapSpec.js';
import { matchedRules, useMatchedRules } from '../charts/widthRules.js';
import { chartChunkReady } from '../charts/chartChunk.js';
import type MapChartComponent from './MapChart.js';

/** The map chunk (Highcharts' map module and Spain's boundaries), fetched once by the first page that draws a map. */
let loading: Promise<{ default: typeof MapChartComponent }> | undefined;
/** The map component once its chunk has loaded: the paper copies use it directly (see PaperMap). */
let loadedMap: typeof MapChartComponent | undefined;
function loadMapChunk() {
  loading ??= chartChunkReady(import(/* webpackChunkName: "map" */ './MapChart.js')).then(
    (m) => {
      loadedMap = m.default;
      return m;
    },
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

const MapChart = lazy(loadMapChunk);

// 'Imprimir en PDF' loads the chunk if no map came near the screen before (the paper copies need it).
loadBeforePrinting(loadMapChunk);

/**
 * A page with a map fetches the map chunk as soon as a map is mounted, even if no map comes on the screen: the
 * browser's own print (Ctrl+P) gives no time to load anything, and the paper copies are drawn synchronously on
 * 'beforeprint'. Fetching is not drawing: no map is drawn before it comes near the screen. The maps mount after
 * the page's figures (the results page mounts its parts in turns, the maps after the global block).
 */
function usePrefetchedMapChunk(): void {
  useEffect(() => void loadMapChunk().catch(() => undefined), []);
}

/**
 * The fixed-width copy drawn for paper while printing. Not through React.lazy: a lazy component suspends on its
 * first render even when its chunk is there, and printing lays the pages out right after 'beforeprint', so a map
 * never drawn on screen would print as a blank box. The chunk is loaded by then (usePrefetchedMapChunk, and
 * 'Imprimir en PDF' waits for it); if it is not (offline), the summary and the data table stay.
 */
function PaperMap({ spec, title, rules }: { spec: MapSpec; title: string; rules: ReturnType<typeof mapWidthRules> }) {
  const Drawn = loadedMap;
  if (!Drawn) return null;
  return (
    <div className="chart-print-copy" aria-hidden="true">
      <MapBoundary>
        <Drawn spec={spec} title={title} width={PRINT_WIDTH} matched={matchedRules(rules, PRINT_WIDTH)} />
      </MapBoundary>
    </div>
  );
}

/** A map that cannot be drawn (its chunk failed to load: offline, a stale deployment) leaves its summary and data table. */
class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * The box's width once it is on the screen (at once where the browser cannot tell), undefined before: a map's chunk
 * is loaded and the map drawn (several hundred shapes, one long task) only when the reader gets to it, not while the
 * page loads.
 */
function useNearScreen(box: RefObject<Element | null>): number | undefined {
  const [nearAt, setNearAt] = useState(typeof IntersectionObserver === 'undefined' ? Infinity : undefined);
  useEffect(() => {
    const element = box.current;
    if (nearAt !== undefined || !element) return undefined;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNearAt(element.clientWidth), { rootMargin: '0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [nearAt, box]);
  return nearAt;
}

/** Width of the copy drawn for paper (A4 portrait, as the charts' copies). */
const PRINT_WIDTH = 680;

/** One row of a map's data table: the shape's name and a text per column. */
export interface MapTableRow {
  key: string;
  name: string;
  cells: string[];
}

interface MapFigureProps {
  /** The map's accessible title; also its data table's caption. */
  title: string;
  /** One line a reader of the page gets instead of the picture. */
  summary: string;
  spec: MapSpec;
  /** The data table: a heading per column (the first names the shapes), a row per shape. */
  columns: string[];
  rows: MapTableRow[];
  /** A shape chosen on the map (click, or Enter on a point reached with the keyboard). */
  onSelect?: (code: string) => void;
  /**
   * The data table in a disclosure with this label, shown to everyone who opens it, instead of visually hidden
   * (the status page: its list table is the page's table, and the map's stays out of the way until asked for).
   */
  tableLabel?: string;
  testId?: string;
}

/**
 * A map that can be read without seeing it, as ChartFigure does for charts: a one-line summary and a visually
 * hidden data table beside it, and a fixed-width copy drawn while printing. The map chunk loads, and each map is
 * drawn, when it comes on the screen (its box keeps its height meanwhile); the chunk is fetched anyway once a map is
 * mounted, so that any way to print (the button, which also waits for it, or the browser's own menu) draws
 * the paper copy of every map, scrolled to or not.
 */
export function MapFigure({ title, summary, spec, columns, rows, onSelect, tableLabel, testId }: MapFigureProps) {
  const printing = usePrinting();
  usePrefetchedMapChunk();
  const box = useRef<HTMLDivElement>(null);
  const nearAt = useNearScreen(box);
  const rules = mapWidthRules(spec);
  const matched = useMatchedRules(box, rules, nearAt);
  const dataTable = (
    <table className={tableLabel ? 'table table-sm mb-0' : undefined} data-testid={testId ? `${testId}-table` : undefined}>
      <caption>{title}</caption>
      <thead>
        <tr>
          {columns.map((column, i) => (
            <th scope="col" key={i}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.name}</th>
            {row.cells.map((cell, j) => (
              <td key={j}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  const pending = <div className="chart-pending" style={{ '--chart-height': `${spec.height}px` } as CSSProperties} data-testid="map-pending" />;
  return (
    <figure className="chart-figure map-figure mb-0" data-testid={testId}>
      <div ref={box} className="d-print-none" role="region" aria-label={title}>
        {nearAt !== undefined ? (
          <MapBoundary>
            <Suspense fallback={pending}>
              <MapChart spec={spec} title={title} onSelect={onSelect} matched={matched} />
            </Suspense>
          </MapBoundary>
        ) : (
          pending
        )}
      </div>
      {printing && <PaperMap spec={spec} title={title} rules={rules} />}
      <figcaption className="visually-hidden">{summary}</figcaption>
      {tableLabel ? (
        <details className="map-data small mt-2">
          <summary>{tableLabel}</summary>
          <div className="table-responsive">{dataTable}</div>
        </details>
      ) : (
        <div className="visually-hidden">{dataTable}</div>
      )}
    </figure>
  );
}
