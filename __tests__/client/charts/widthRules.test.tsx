import Highcharts from 'highcharts';
import fc from 'fast-check';
import { useRef } from 'react';
import { act, render, screen } from '@testing-library/react';
import { applyRules, matchedRules, mergeOptions, useMatchedRules, type WidthRule } from '../../../src/client/charts/widthRules.js';

const rules: WidthRule[] = [
  { maxWidth: 699, chartOptions: { yAxis: { labels: { step: 2 } } } },
  { maxWidth: 559, chartOptions: { chart: { height: 500 }, xAxis: { labels: { style: { width: 120 } } }, yAxis: { labels: { step: 5 } } } },
];
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) Object.values(value).forEach(deepFreeze);
  return Object.freeze(value);
}

const base: Highcharts.Options = {
  chart: { type: 'bar', height: 300 },
  xAxis: { categories: ['a', 'b'], labels: { style: { fontSize: '12px', width: 240 } } },
};

describe('width rules', () => {
  it('merge options as Highcharts merges them (objects key by key, arrays and values replaced), leaving both untouched', () => {
    // Options as charts have them: arrays only where data goes (categories, data), objects elsewhere.
    const primitive = fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null));
    const options = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, primitive, tie('object')),
      object: fc.record(
        {
          chart: tie('value'),
          xAxis: tie('value'),
          labels: tie('value'),
          step: primitive,
          categories: fc.array(primitive, { maxLength: 3 }),
          data: fc.array(primitive, { maxLength: 3 }),
        },
        { requiredKeys: [], noNullPrototype: true },
      ),
    }));
    fc.assert(
      fc.property(options.object, options.object, (a, b) => {
        const expected = Highcharts.merge(a, b);
        // Frozen, so that writing into either throws.
        expect(mergeOptions(deepFreeze(a), deepFreeze(b))).toEqual(expected);
      }),
    );
  });

  it('apply the rules of a width, in order, as Highcharts would after its first layout', () => {
    expect(matchedRules(rules, 800)).toBe('00');
    expect(matchedRules(rules, 699)).toBe('10');
    expect(matchedRules(rules, 559)).toBe('11');
    expect(applyRules(base, rules, '00')).toEqual(base);
    expect(applyRules(base, rules, '10')).toEqual({ ...base, yAxis: { labels: { step: 2 } } });
    expect(applyRules(base, rules, '11')).toEqual({
      chart: { type: 'bar', height: 500 },
      xAxis: { categories: ['a', 'b'], labels: { style: { fontSize: '12px', width: 120 } } },
      yAxis: { labels: { step: 5 } },
    });
  });

  it("follow the box's width once drawn, changing only when another set of rules applies", () => {
    const observers: { callback: ResizeObserverCallback; element?: Element }[] = [];
    const original = globalThis.ResizeObserver;
    globalThis.ResizeObserver = class {
      constructor(private callback: ResizeObserverCallback) {
        observers.push({ callback });
      }
      observe(element: Element) {
        observers[observers.length - 1].element = element;
      }
      disconnect() {}
      unobserve() {}
    } as unknown as typeof ResizeObserver;
    let renders = 0;
    function Probe({ drawnAt }: { drawnAt?: number }) {
      const box = useRef<HTMLDivElement>(null);
      const matched = useMatchedRules(box, rules, drawnAt);
      renders += 1;
      return (
        <div ref={box} data-testid="box">
          {matched}
        </div>
      );
    }
    const resizeTo = (width: number) => {
      const { callback, element } = observers[observers.length - 1];
      Object.defineProperty(element, 'clientWidth', { value: width, configurable: true });
      act(() => callback([], {} as ResizeObserver));
    };
    try {
      const { rerender } = render(<Probe />);
      expect(screen.getByTestId('box')).toHaveTextContent('00');
      expect(observers).toHaveLength(0);
      rerender(<Probe drawnAt={600} />);
      expect(screen.getByTestId('box')).toHaveTextContent('10');
      const before = renders;
      resizeTo(650);
      resizeTo(600);
      expect(renders).toBe(before);
      resizeTo(400);
      expect(screen.getByTestId('box')).toHaveTextContent('11');
      resizeTo(900);
      expect(screen.getByTestId('box')).toHaveTextContent('00');
    } finally {
      globalThis.ResizeObserver = original;
    }
  });
});
