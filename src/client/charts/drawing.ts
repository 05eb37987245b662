import { useEffect, useState, type ComponentType, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import type { Highcharts } from './highcharts.js';
import { loadBeforePrinting } from '../lib/printing.js';
import { afterPartsMounted, partsMounting } from '../lib/partsInTurns.js';
import { chartChunkReady } from './chartChunk.js';

/**
 * When charts are drawn. A report has a dozen Highcharts charts; drawn in one go they would block the page
 * for a second once its figures arrive. So Highcharts loads in a chunk of its own, fetched when the first chart
 * comes near the screen (after the page's figures: its download and evaluation would delay them), and the
 * charts are drawn after the text and tables (after every part of a page mounted in turns: lib/partsInTurns.ts),
 * one per task, in the order they come near the screen (top of the page first), each in a box of its size until
 * then; a chart further down is drawn when the reader scrolls to it. Printing cannot wait: 'Imprimir en PDF'
 * loads the chunk first if no chart has, and on 'beforeprint' (the print dialog, window.print() and page.pdf()
 * alike) every chart not drawn yet is drawn synchronously, before the browser lays out the pages.
 */

/** A drawn chart: Highcharts with the given options. */
export type Chart = ComponentType<{ options: Highcharts.Options }>;

let loadedChart: Chart | undefined;
let loading: Promise<void> | undefined;

/** After a failed load (offline, a stale deployment), how long until charts waiting to be drawn try again. */
const RETRY_MS = 10_000;

/** Loads Highcharts once; a failed load is forgotten, so that the next call tries again. */
function loadHighcharts(): Promise<void> {
  loading ??= chartChunkReady(import(/* webpackChunkName: "highcharts" */ './HighchartsChart.js')).then(
    (m) => {
      loadedChart = m.HighchartsChart;
    },
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

// Printing waits for it (loaded then if no chart has come near the screen).
loadBeforePrinting(loadHighcharts);

/** How far beyond the screen a chart may be to be drawn: half a screen above and below. */
const NEAR_SCREEN = '50% 0px';

/** Mounted charts not drawn yet that paper shows, and those near the screen, in the order they came near. */
const pending = new Set<() => void>();
const waiting: (() => void)[] = [];
let scheduled = false;

function schedule(): void {
  if (scheduled || waiting.length === 0) return;
  scheduled = true;
  if (loadedChart) setTimeout(drawNext, 0);
  else {
    loadHighcharts().then(
      () => setTimeout(drawNext, 0),
      () => {
        // The charts stay as boxes meanwhile; their data tables are there.
        scheduled = false;
        setTimeout(schedule, RETRY_MS);
      },
    );
  }
}

function drawNext(): void {
  // The text and tables of a page mounting part by part come first (lib/partsInTurns.ts).
  if (partsMounting()) {
    afterPartsMounted(() => setTimeout(drawNext, 0));
    return;
  }
  scheduled = false;
  const draw = waiting.shift();
  try {
    // Synchronously, so that this task draws exactly one chart.
    if (draw) flushSync(draw);
  } finally {
    schedule();
  }
}

/**
 * Registers a mounted chart's drawing: queued once its box comes near the screen (at once where the browser
 * cannot tell), and drawn on 'beforeprint' if paper shows it. The returned function forgets it (drawn, or
 * unmounted before its turn).
 */
function register(draw: () => void, box: Element | null, onPaper: boolean): () => void {
  if (onPaper) pending.add(draw);
  const queue = () => {
    waiting.push(draw);
    schedule();
  };
  let observer: IntersectionObserver | undefined;
  if (box && typeof IntersectionObserver !== 'undefined') {
    observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer?.disconnect();
        queue();
      },
      { rootMargin: NEAR_SCREEN },
    );
    observer.observe(box);
  } else {
    queue();
  }
  return () => {
    observer?.disconnect();
    pending.delete(draw);
    const at = waiting.indexOf(draw);
    if (at >= 0) waiting.splice(at, 1);
  };
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeprint', () => {
    if (loadedChart) flushSync(() => [...pending].forEach((draw) => draw()));
  });
}

/** Highcharts' chart component once loaded (for the copies drawn while printing), undefined before. */
export function chartIfLoaded(): Chart | undefined {
  return loadedChart;
}

/** A chart's turn to be drawn: the chart component, and its box's width then (before any layout of the chart). */
export interface DrawTurn {
  Chart: Chart;
  width: number;
}

/**
 * Undefined until this chart's turn to be drawn comes (see above); from then on the chart component and the box's
 * width at that moment. onPaper: whether paper shows this drawing (false when a copy of its own is drawn for paper).
 */
export function useDrawTurn(box: RefObject<Element | null>, onPaper: boolean): DrawTurn | undefined {
  const [width, setWidth] = useState<number | undefined>(undefined);
  const drawn = width !== undefined;
  useEffect(() => (drawn ? undefined : register(() => setWidth(box.current?.clientWidth ?? 0), box.current, onPaper)), [drawn, box, onPaper]);
  return drawn && loadedChart ? { Chart: loadedChart, width } : undefined;
}
