import Highcharts from 'highcharts';
import { jest } from '@jest/globals';
import fc from 'fast-check';

type ParseMarkup = (markup: string) => Highcharts.ASTNode[];
interface WithParseMarkup {
  prototype: { parseMarkup: ParseMarkup };
}

// Highcharts' own parser (a DOMParser document per label), taken before the app's setup replaces it.
const htmlParse = (Highcharts.AST as unknown as WithParseMarkup).prototype.parseMarkup;
const parsedByHtml = (markup: string) => htmlParse.call(new Highcharts.AST([]), markup);
const parsed = (markup: string) => new Highcharts.AST(markup) as unknown as { nodes: Highcharts.ASTNode[] };

beforeAll(async () => {
  await import('../../../src/client/charts/highcharts.js');
});

describe("Highcharts' labels", () => {
  it('are read without the HTML parser when they are plain text, into the very nodes the parser would give', () => {
    expect((Highcharts.AST as unknown as WithParseMarkup).prototype.parseMarkup).not.toBe(htmlParse);
    // Any text without a tag, an entity, a CR or a NUL: what the report's labels are ('Planificación estratégica
    // de la sostenibilidad', 'Valencia/València (n = 2)'). Highcharts itself rewrites ' style="' to
    // ' data-style="' before parsing, inside plain text too: not a case to copy.
    const plain = fc.string({ unit: 'grapheme', maxLength: 40 }).filter((text) => !/[<&\r\0]/.test(text) && !/ style=["']/.test(text));
    fc.assert(
      fc.property(plain, (text) => {
        expect(parsed(text).nodes).toEqual(parsedByHtml(text));
      }),
    );
    expect(parsed('  Valencia/València (n = 2) ').nodes).toEqual([{ tagName: '#text', textContent: 'Valencia/València (n = 2)' }]);
    expect(parsed(' \n ').nodes).toEqual([]);
  });

  it("broken into lines by the app's <br> are read without the parser too, into the parser's nodes", () => {
    const line = fc.string({ unit: 'grapheme', maxLength: 20 }).filter((text) => !/[<&\r\0]/.test(text) && !/ style=["']/.test(text));
    fc.assert(
      fc.property(fc.array(line, { minLength: 2, maxLength: 4 }), (lines) => {
        const markup = lines.join('<br>');
        expect(parsed(markup).nodes).toEqual(parsedByHtml(markup));
      }),
    );
    expect(parsed('Planificación estratégica de la<br>sostenibilidad').nodes).toEqual([
      { tagName: '#text', textContent: 'Planificación estratégica de la' },
      { tagName: 'br', attributes: {} },
      { tagName: '#text', textContent: 'sostenibilidad' },
    ]);
  });

  it('with markup are still parsed as HTML, as Highcharts does', () => {
    for (const markup of ['<b>92,5</b> %', 'Agua &amp; territorio', 'Línea<br>partida', 'a\r\nb', '<div>{chartTitle}</div><div>x</div>']) {
      expect(parsed(markup).nodes).toEqual(parsedByHtml(markup));
    }
    expect(parsed('Agua &amp; territorio').nodes).toEqual([{ tagName: '#text', textContent: 'Agua & territorio' }]);
    expect(parsed('<b>92,5</b> %').nodes[0]).toMatchObject({ tagName: 'b', children: [{ tagName: '#text', textContent: '92,5' }] });
  });
});

describe("Highcharts' font sizes", () => {
  afterEach(() => jest.restoreAllMocks());

  it("set in pixels are read from the text's own style, without asking the browser to recalculate styles", () => {
    const box = document.body.appendChild(document.createElement('div'));
    const renderer = new Highcharts.SVGRenderer(box, 300, 200);
    const label = renderer.text('Planificación estratégica', 0, 20).css({ fontSize: '12px' }).add();
    const computed = window.getComputedStyle(label.element).getPropertyValue('font-size');
    const getComputedStyle = jest.spyOn(window, 'getComputedStyle');
    expect(label.getStyle('font-size')).toBe('12px');
    expect(label.getStyle('font-size')).toBe(computed);
    // fontMetrics asks DOM elements too (the parent of each wrapped line).
    expect(renderer.fontMetrics(label.element as SVGElement).f).toBe(12);
    expect(getComputedStyle).not.toHaveBeenCalled();
    renderer.destroy();
    box.remove();
  });

  it('in other units, and other properties, are still asked of the browser', () => {
    const box = document.body.appendChild(document.createElement('div'));
    const renderer = new Highcharts.SVGRenderer(box, 300, 200);
    const label = renderer.text('Escala', 0, 20).css({ fontSize: '0.8em' }).add();
    const getComputedStyle = jest.spyOn(window, 'getComputedStyle');
    label.getStyle('font-size');
    expect(getComputedStyle).toHaveBeenCalledTimes(1);
    label.css({ fontSize: '12px' });
    label.getStyle('stroke-width');
    expect(getComputedStyle).toHaveBeenCalledTimes(2);
    renderer.destroy();
    box.remove();
  });
});

describe("Highcharts' modules", () => {
  it('load, and what every chart shares stays set after their own defaults (no h6 heading per chart)', async () => {
    const { highchartsModules, SHARED_OPTIONS } = await import('../../../src/client/charts/highcharts.js');
    await highchartsModules();
    const options = Highcharts.getOptions();
    expect(options.accessibility?.screenReaderSection?.beforeChartFormat).toBe(SHARED_OPTIONS.accessibility?.screenReaderSection?.beforeChartFormat);
    expect(options.accessibility?.screenReaderSection?.beforeChartFormat).not.toContain('<h');
    expect(options.accessibility?.keyboardNavigation?.focusBorder?.style?.color).toBe('#0b3d91');
    expect(options.credits?.enabled).toBe(false);
    expect(options.legend?.itemStyle?.fontSize).toBe('12px');
    // highcharts-more's gauge is there to draw.
    expect((Highcharts as unknown as { seriesTypes: Record<string, unknown> }).seriesTypes.gauge).toBeDefined();
  });
});
