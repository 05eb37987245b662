import { useState, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';

/**
 * Whether the page is being printed, from 'beforeprint' to 'afterprint' (the print dialog, window.print()
 * and page.pdf() alike). What only paper shows (the charts' fixed-width copies, every answer, the detail by
 * measures of a closed section) is rendered then, synchronously, before the browser lays out the pages:
 * on screen it would be thousands of hidden nodes.
 */
let printing = false;
const listeners = new Set<() => void>();

function printingChanged(value: boolean): void {
  printing = value;
  flushSync(() => listeners.forEach((listener) => listener()));
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeprint', () => printingChanged(true));
  window.addEventListener('afterprint', () => printingChanged(false));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True while the page is being printed. */
export function usePrinting(): boolean {
  return useSyncExternalStore(subscribe, () => printing);
}

/** True once open has been true, and while printing: for content laid out only when someone may see it. */
export function useShownWhenOpen(open: boolean): boolean {
  const isPrinting = usePrinting();
  const [opened, setOpened] = useState(open);
  // Kept once opened, so that closing animates the content instead of emptying it first.
  if (open && !opened) setOpened(true);
  return opened || open || isPrinting;
}

/** How long 'Imprimir en PDF' waits at most for what printing needs before opening the print dialog. */
const PRINT_WAIT_MS = 5000;

/**
 * Something printing needs, loaded then if nothing loaded it before (Highcharts' chunk, see charts/drawing.ts; the
 * map chunk, see maps/MapFigure.tsx): a load function that returns the same promise once it has been started.
 */
const printLoads = new Set<() => Promise<unknown>>();
export function loadBeforePrinting(load: () => Promise<unknown>): void {
  printLoads.add(load);
}

/** Resolves once what printing needs has loaded or failed, or PRINT_WAIT_MS later. */
export function readyToPrint(): Promise<void> {
  const needs = [...printLoads].map((load) => load().catch(() => undefined));
  return Promise.race([Promise.all(needs).then(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, PRINT_WAIT_MS))]);
}
