import { startTransition, useEffect, useState } from 'react';
import { usePrinting } from './printing.js';

/**
 * How many of a long page's parts to mount, in their order: the first at once, then one more per task, each once
 * the previous is on the screen (as a transition, which React renders in slices). A report of a dozen blocks and
 * tables mounted in one go is one task of several hundred milliseconds, mostly the browser's style and layout,
 * during which the page answers nothing; in turns it is a dozen short tasks, and the first screen comes as soon.
 * Printing mounts them all at once ('beforeprint' renders synchronously: see printing.ts). Charts wait for the
 * parts (afterPartsMounted): text and tables first.
 * `done` says whether every part is mounted (the page's container says so with aria-busy meanwhile).
 */
export function usePartsInTurns(total: number): { mounted: number; done: boolean } {
  const printing = usePrinting();
  const [turn, setTurn] = useState(1);
  if (printing && turn < total) setTurn(total);
  const mounted = printing ? total : Math.min(turn, total);
  const done = mounted >= total;
  useEffect(() => {
    if (done) return undefined;
    const next = setTimeout(() => startTransition(() => setTurn(turn + 1)), 0);
    return () => clearTimeout(next);
  }, [turn, done]);
  useEffect(() => (done ? undefined : startMounting()), [done]);
  return { mounted, done };
}

/** Pages mounting their parts now, and what waits for none to be. */
let mountingPages = 0;
const waitingForParts: (() => void)[] = [];

function startMounting(): () => void {
  mountingPages += 1;
  return () => {
    mountingPages -= 1;
    if (mountingPages === 0) waitingForParts.splice(0).forEach((then) => then());
  };
}

/** Whether a page is mounting its parts now. */
export const partsMounting = (): boolean => mountingPages > 0;

/** Runs `then` once no page is mounting parts: at once if none is. */
export function afterPartsMounted(then: () => void): void {
  if (mountingPages === 0) then();
  else waitingForParts.push(then);
}
