import { categorySlot, LABEL_LINE_PX, wrappedLines } from '../../../src/client/charts/labels.js';

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
});
