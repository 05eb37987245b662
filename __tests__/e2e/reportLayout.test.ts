import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { serverAndBrowser, sharedAppServer } from './helpers/appServer.js';
import { drawEveryChart, newPage, screenshot, waitForCount, type OpenedPage } from './helpers/browser.js';
import { expectNoSideScroll, PHONE } from './helpers/phone.js';
import { readPdf } from './helpers/pdf.js';
import { logIn } from './helpers/session.js';
import { apiGet, apiToken } from './helpers/api.js';
import type { EntityCampaigns } from '../../src/shared/api/campaigns.js';

const globalBlock = (page: Page) => page.getByTestId('block-global');
/** Highcharts' ellipsis: a label cut short. */
const CUT = '…';

/** Every text drawn in the page's charts (labels, data labels, legends). */
const chartTexts = (page: Page) => page.locator('.highcharts-container svg text').allTextContents();

/** The element's box lies within the box of `within` (1 px of rounding allowed). */
async function expectInside(element: Locator, within: Locator, what: string) {
  const [inner, outer] = await Promise.all([element.boundingBox(), within.boundingBox()]);
  const inside = inner !== null && outer !== null && inner.x >= outer.x - 1 && inner.x + inner.width <= outer.x + outer.width + 1;
  expect({ what, inner, outer, inside }).toEqual({ what, inner, outer, inside: true });
}

/** A table's scrolling box: wider content than the box, scrolled inside it. */
async function expectScrollsInside(box: Locator, what: string) {
  const sizes = await box.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, overflowX: getComputedStyle(el).overflowX }));
  expect({ what, overflowX: sizes.overflowX, scrolls: sizes.scrollWidth > sizes.clientWidth }).toEqual({ what, overflowX: 'auto', scrolls: true });
}

/** A PDF's pages with their size and words (pdftotext -bbox-layout, points). */
function pdfWords(pdf: Buffer): { width: number; landscape: boolean; words: { text: string; xMax: number }[] }[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'layout-pdf-'));
  try {
    const file = path.join(dir, 'report.pdf');
    fs.writeFileSync(file, pdf);
    const html = execFileSync('pdftotext', ['-bbox-layout', file, '-']).toString('utf8');
    return html
      .split('<page ')
      .slice(1)
      .map((page) => {
        const [, width, height] = /width="([\d.]+)" height="([\d.]+)"/.exec(page) ?? [];
        const words = [...page.matchAll(/<word xMin="[\d.]+" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g)].map((m) => ({
          xMax: Number(m[1]),
          text: m[2].replace(/&amp;/g, '&'),
        }));
        return { width: Number(width), landscape: Number(width) > Number(height), words };
      });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('report layout: phone, languages and paper', () => {
  const suite = serverAndBrowser(sharedAppServer);
  /** A sent campaign of the demo USER's entity that has a previous one (comparisons have both). */
  let campaignId: number;

  beforeAll(async () => {
    const token = await apiToken(suite.server.url, 'usuario@demo.es');
    const { entityCampaigns } = await apiGet<EntityCampaigns>(suite.server.url, token, '/campaigns/getByUser?nameWithProvince=true&onlySent=true');
    const entity = entityCampaigns.find((e) => e.campaigns.length >= 2);
    if (!entity) throw new Error('The demo USER has no entity with two sent campaigns');
    campaignId = entity.campaigns[entity.campaigns.length - 1].id;
  }, 120_000);

  async function signedIn(phone: boolean): Promise<OpenedPage> {
    const opened = await newPage(suite.browser, { phone });
    await logIn(opened.page, suite.server.url, 'usuario@demo.es');
    await opened.page.waitForURL('**/my-campaigns');
    return opened;
  }

  async function openResults(page: Page) {
    await page.goto(`${suite.server.url}/results/${campaignId}`);
    await waitForCount(globalBlock(page).getByTestId('gauge').locator('.highcharts-dial'), 5);
  }

  it('keeps the results page still while its names, figures and charts arrive: no layout shift, desktop and phone', async () => {
    for (const phone of [false, true]) {
      const { page, context } = await signedIn(phone);
      try {
        // Every shift the browser reports (as Lighthouse's CLS sums them), with what moved.
        await page.addInitScript(() => {
          const shifts: { value: number; moved: string[] }[] = [];
          (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
              if (entry.hadRecentInput) continue;
              const moved = (entry.sources ?? []).map((s) =>
                s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${[...s.node.classList].join('.')}` : String(s.node?.textContent),
              );
              shifts.push({ value: entry.value, moved });
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        // The result is held until the page's frame (its tabs) is on screen, so that the heading, the figures and the
        // charts always arrive after it, as they do on a slow line.
        let release = () => {};
        const painted = new Promise<void>((resolve) => (release = resolve));
        await page.route('**/api/secure/v1/campaigns/result?*', async (route) => {
          await painted;
          await route.continue();
        });
        const opened = openResults(page);
        await page.locator('.report-tabs').waitFor();
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        release();
        await opened;
        await page.getByTestId('report-entity').waitFor();
        const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: { value: number; moved: string[] }[] }).layoutShifts);
        expect({ phone, shifts: shifts.filter((s) => s.value >= 0.001) }).toEqual({ phone, shifts: [] });
      } finally {
        await context.close();
      }
    }
  });

  it('fits the results on a phone: the first figure in the first screen, the gauge in its box, wide tables scrolling in theirs', async () => {
    const { page, context, errors } = await signedIn(true);
    try {
      await openResults(page);
      await expectNoSideScroll(page);
      // The controls are folded: the gauge starts within the first screen.
      const gauge = globalBlock(page).getByTestId('gauge');
      const top = await gauge.evaluate((el) => el.getBoundingClientRect().top);
      expect(top).toBeLessThan(PHONE.height);
      await screenshot(page, 'layout-phone-results-first-screen', { fullPage: false });
      await expectInside(gauge.locator('svg').first(), page.locator('.report-gauge').first(), 'gauge');
      await expectInside(page.locator('.report-gauge').first(), globalBlock(page), 'gauge box');
      // Each needle named with its value under the gauge.
      await expect(globalBlock(page).getByTestId('gauge-legend').locator('li').allInnerTexts()).resolves.toEqual(
        expect.arrayContaining([expect.stringMatching(/\d,\d%$/)]),
      );
      await page.getByRole('button', { name: 'Opciones del informe' }).click();
      await page.getByRole('button', { name: 'Imprimir en PDF' }).waitFor();
      await page.getByRole('button', { name: 'Opciones del informe' }).click();
      await page.getByRole('button', { name: 'Imprimir en PDF' }).waitFor({ state: 'hidden' });

      // The comparison table scrolls inside its box, which says so.
      const tableBox = globalBlock(page).getByTestId('wide-table-scroll');
      await expectScrollsInside(tableBox, 'comparison table');
      await expect(globalBlock(page).getByText('Desliza para ver más columnas').isVisible()).resolves.toBe(true);

      // The measures table: one points and one percentage column, every cell of every row on the phone's screen width.
      await page.getByRole('button', { name: 'Detalle por medidas' }).click();
      const measures = page.getByTestId('measures-section').getByTestId('measures-table');
      await measures.locator('tbody tr').first().waitFor();
      const outside = await measures.evaluate((table) =>
        [...table.querySelectorAll('tbody tr')].flatMap((row) =>
          [...row.children].filter((cell) => cell.getBoundingClientRect().right > window.innerWidth + 0.5).map((cell) => cell.textContent),
        ),
      );
      expect(outside).toEqual([]);
      await expectNoSideScroll(page);

      // No chart label is cut, bar labels included.
      await drawEveryChart(page);
      expect((await chartTexts(page)).filter((text) => text.includes(CUT))).toEqual([]);
      await screenshot(page, 'layout-phone-results');

      await page.getByRole('button', { name: 'Puntuación Global' }).click();
      await page.getByTestId('score-card').waitFor();
      await drawEveryChart(page);
      await expectNoSideScroll(page);
      await expectInside(page.getByTestId('location-bars').locator('svg').first(), page.getByTestId('global-score'), 'bars by location');
      expect((await chartTexts(page)).filter((text) => text.includes(CUT))).toEqual([]);
      await screenshot(page, 'layout-phone-global-score');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('fits the comparisons on a phone: a radar in the first screen, numbered spokes named in a key', async () => {
    const { page, context, errors } = await signedIn(true);
    try {
      await page.goto(`${suite.server.url}/comparisons/${campaignId}`);
      const firstRadar = page.getByTestId('group-campaign').getByTestId('radar').first();
      await firstRadar.locator('.highcharts-container').waitFor();
      await expectNoSideScroll(page);
      expect(await firstRadar.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(PHONE.height);
      await expectInside(firstRadar.locator('svg').first(), page.getByTestId('group-campaign'), 'radar');
      const spokes = (await firstRadar.locator('.highcharts-xaxis-labels text').allTextContents()).filter((n) => n !== '');
      const key = await page.getByTestId('group-campaign').getByTestId('radar-key').first().locator('li').allInnerTexts();
      expect(spokes).toEqual(key.map((_, i) => String(i + 1)));
      expect(key.every((name) => name.length > 3 && !name.includes(CUT))).toBe(true);
      await screenshot(page, 'layout-phone-comparisons-first-screen', { fullPage: false });
      await drawEveryChart(page);
      await expectNoSideScroll(page);
      await screenshot(page, 'layout-phone-comparisons');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('redraws the charts in English when the language changes: numbers and Highcharts texts as the cards write them', async () => {
    const { page, context, errors } = await signedIn(false);
    try {
      await openResults(page);
      await globalBlock(page).getByTestId('policy-bars').locator('.highcharts-container').waitFor();
      await page.getByRole('button', { name: 'Abrir el panel de usuario' }).click();
      await page.getByLabel('Idioma').selectOption('en');
      await page.keyboard.press('Escape');
      await page.getByRole('heading', { name: 'Overall result' }).waitFor();
      await drawEveryChart(page);
      const texts = await chartTexts(page);
      // No Spanish decimal comma ('45,3'); English groups thousands with one ('100,000 inhabitants').
      expect(texts.filter((text) => /\d,\d(?!\d\d)/.test(text))).toEqual([]);
      const legend = await globalBlock(page).getByTestId('gauge-legend').locator('li').allInnerTexts();
      expect(legend.every((line) => /\d+\.\d%$/.test(line.trim()))).toBe(true);
      const region = await globalBlock(page).getByTestId('policy-bars').locator('[id^="highcharts-screen-reader-region-before-"]').textContent();
      expect(region).toContain('Bar chart with 5 data series.');
      expect(region).not.toContain('Gráfico');

      await page.getByRole('button', { name: 'Overall Score' }).click();
      const card = (await page.getByTestId('score-card').locator('.display-5').innerText()).trim();
      expect(card).toMatch(/^\d+\.\d%$/);
      await page.getByTestId('location-bars').locator('.highcharts-data-labels text').first().waitFor();
      // Without the copy of each label drawn as its outline.
      const labels = await page
        .getByTestId('location-bars')
        .locator('.highcharts-data-labels text')
        .evaluateAll((texts) =>
          texts.map((text) =>
            [...text.childNodes]
              .filter((node) => !(node as Element).classList?.contains('highcharts-text-outline'))
              .map((node) => node.textContent)
              .join(''),
          ),
        );
      // The entity's bar says what its card says ('92.5%'), every bar with a decimal point.
      expect(labels[0]).toBe(card);
      expect(labels.every((label) => /^\d+\.\d%$/.test(label))).toBe(true);
      await screenshot(page, 'layout-english-global-score');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('describes the charts to a screen reader in Spanish, with Spanish numbers', async () => {
    const { page, context, errors } = await signedIn(false);
    try {
      await openResults(page);
      await globalBlock(page).getByTestId('policy-bars').locator('.highcharts-container').waitFor();
      const before = await globalBlock(page).getByTestId('policy-bars').locator('[id^="highcharts-screen-reader-region-before-"]').textContent();
      expect(before).toContain('Gráfico de barras con 5 series de datos.');
      expect(before).not.toMatch(/Chart with|Bar chart|Data ranges/);
      const gauge = await globalBlock(page).getByTestId('gauge').locator('[id^="highcharts-screen-reader-region-before-"]').textContent();
      expect(gauge).toMatch(/Los datos van de \d+,\d a \d+,\d\./);
      const after = await globalBlock(page).getByTestId('gauge').locator('[id^="highcharts-screen-reader-region-after-"]').textContent();
      expect(after).toContain('Fin del gráfico interactivo.');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('prints the report with whole labels and the measures table inside its pages, every heading word whole', async () => {
    const { page, context } = await signedIn(false);
    try {
      await openResults(page);
      await page.getByRole('button', { name: 'Detalle por medidas' }).click();
      await page.getByTestId('measures-table').waitFor();
      const headingWords = (await page.getByTestId('measures-table').locator('thead th').allInnerTexts())
        .flatMap((h) => h.split(/\s+/))
        .filter((w) => w !== '');
      const pdf = await page.pdf({ format: 'A4', printBackground: true });
      expect(readPdf(pdf, 'layout-results-pdf')).not.toContain(CUT);

      const pages = pdfWords(pdf);
      expect(pages[0].landscape).toBe(false);
      const measuresPages = pages.filter((p) => p.words.some((w) => w.text === 'medida'));
      expect(measuresPages.length).toBeGreaterThan(0);
      for (const p of measuresPages) {
        // A name, its points and its percentage a row: A4 portrait, as the rest of the report.
        expect(p.landscape).toBe(false);
        // Nothing past the right margin (12 mm, 34 pt): no column runs off the page.
        expect(p.words.filter((w) => w.xMax > p.width - 30).map((w) => w.text)).toEqual([]);
      }
      // Headings break between words only: each of their words is a whole word of the page.
      const words = measuresPages[0].words.map((w) => w.text);
      expect(headingWords.filter((w) => !words.includes(w))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
