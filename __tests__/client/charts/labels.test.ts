import fc from 'fast-check';
import { breakLines, categoryLabels, categorySlot, LABEL_LINE_PX, wrappedLines } from '../../../src/client/charts/labels.js';

describe('bar chart labels', () => {
  const longest = 'Planificación estratégica de la sostenibilidad';

  it('count the lines of a label wrapped at spaces to a width', () => {
    // 16 characters a line at 120 px: 'Planificación' / 'estratégica de' / 'la' / 'sostenibilidad'.
    expect(wrappedLines(longest, 120)).toBe(4);
    // 33 characters a line at 240 px: 'Planificación estratégica de la' / 'sostenibilidad'.
    expect(wrappedLines(longest, 240)).toBe(2);
    expect(wrappedLines('Alumbrado público', 240)).toBe(1);
    expect(wrappedLines('', 240)).toBe(1);
  });

  it('break a word longer than a line across lines', () => {
    expect(wrappedLines('x'.repeat(25), 72)).toBe(3);
    expect(wrappedLines(`ab ${'x'.repeat(20)} cd`, 72)).toBe(4);
  });

  it("give each category its bars' height, or its longest label's lines when they need more", () => {
    expect(categorySlot(['Alumbrado público'], 48, 240)).toBe(48);
    expect(categorySlot(['Alumbrado público', longest], 12, 120)).toBe(4 * LABEL_LINE_PX + 4);
    expect(categorySlot([], 48, 120)).toBe(48);
  });

  describe('broken into lines on a canvas', () => {
    // A font where every character is 7 px wide, a space 3 px.
    const measure = (text: string) => [...text].reduce((width, c) => width + (c === ' ' ? 3 : 7), 0);

    it('put the words greedily on lines no wider than the column, a word too wide on a line of its own', () => {
      expect(breakLines('Planificación estratégica de la sostenibilidad', 240, measure)).toEqual(['Planificación estratégica de la', 'sostenibilidad']);
      expect(breakLines('  Alumbrado   público ', 240, measure)).toEqual(['Alumbrado público']);
      expect(breakLines('Supercalifragilisticoespialidoso', 70, measure)).toEqual(['Supercalifragilisticoespialidoso']);
      expect(breakLines('', 240, measure)).toEqual([]);
    });

    it('keep every word in order, fit every line of several words, and leave no line room for the next word', () => {
      const word = fc.string({ unit: fc.constantFrom('a', 'b', 'ñ', 'é'), minLength: 1, maxLength: 14 });
      fc.assert(
        fc.property(fc.array(word, { maxLength: 12 }), fc.integer({ min: 30, max: 300 }), (words, width) => {
          const lines = breakLines(words.join(' '), width, measure);
          expect(lines.join(' ')).toBe(words.join(' '));
          lines.forEach((line, i) => {
            if (line.includes(' ')) expect(measure(line)).toBeLessThanOrEqual(width);
            const next = lines[i + 1]?.split(' ')[0];
            if (next !== undefined) expect(measure(`${line} ${next}`)).toBeGreaterThan(width);
          });
        }),
      );
    });

    it('are left to Highcharts where the browser has no canvas to measure on (wrapped there as before)', () => {
      expect(typeof OffscreenCanvas).toBe('undefined');
      expect(categoryLabels(240)).toEqual({ style: { fontSize: '12px', width: 240 } });
    });
  });
});
