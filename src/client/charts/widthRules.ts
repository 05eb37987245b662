import { useEffect, useState, type RefObject } from 'react';
import type { Highcharts } from './highcharts.js';

/**
 * Options a chart takes at some widths (a narrower label column on a phone, every other tick when the scale's
 * labels would not fit). Highcharts' own `responsive` rules do the same, but only after a first layout at the base
 * options, which they then update: a second layout of the whole chart, some 40 ms of a bar chart's first draw.
 * These are applied before the chart is drawn, from its box's width.
 */
export interface WidthRule {
  /** The rule applies to boxes at most this wide (px). */
  maxWidth: number;
  chartOptions: Highcharts.Options;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && [Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null);

/** `base` with `patch` merged in as Highcharts merges options: objects key by key, anything else (arrays too) replaced. */
export function mergeOptions<T extends object>(base: T, patch: object): T {
  const merged: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [key, value] of Object.entries(patch)) {
    const current = merged[key];
    merged[key] = isPlainObject(current) && isPlainObject(value) ? mergeOptions(current, value) : value;
  }
  return merged as T;
}

/** Which rules a box of this width takes, as a key: one character a rule, '1' where it applies. */
export function matchedRules(rules: readonly Pick<WidthRule, 'maxWidth'>[], width: number): string {
  return rules.map((rule) => (width <= rule.maxWidth ? '1' : '0')).join('');
}

/** The options with every rule of `matched` (see matchedRules) merged in, in order. */
export function applyRules(options: Highcharts.Options, rules: readonly WidthRule[], matched: string): Highcharts.Options {
  return rules.reduce((merged, rule, i) => (matched[i] === '1' ? mergeOptions(merged, rule.chartOptions) : merged), options);
}

/**
 * The rules a chart takes (see matchedRules): those of its box's width when it was drawn (drawnAt; none before),
 * then followed as the box is resized. The key changes only when the set of rules does, so that the chart is
 * updated then and not at every pixel.
 */
export function useMatchedRules(box: RefObject<Element | null>, rules: readonly WidthRule[], drawnAt: number | undefined): string {
  const atDraw = matchedRules(rules, drawnAt ?? Infinity);
  const [resized, setResized] = useState<string | null>(null);
  // The rules' widths, not the array (a new one each render), decide when to observe again.
  const widths = rules.map((rule) => rule.maxWidth).join(',');
  const drawn = drawnAt !== undefined;
  useEffect(() => {
    const element = box.current;
    if (!drawn || !element || widths === '' || typeof ResizeObserver === 'undefined') return;
    const bounds = widths.split(',').map((maxWidth) => ({ maxWidth: Number(maxWidth) }));
    const observer = new ResizeObserver(() => {
      const now = matchedRules(bounds, element.clientWidth);
      // Unchanged (the observer's first call, a resize within the same rules): no new render, so no chart update.
      setResized((previous) => ((previous ?? atDraw) === now ? previous : now));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [box, widths, drawn, atDraw]);
  return resized ?? atDraw;
}
