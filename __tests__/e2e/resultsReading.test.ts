import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { serverAndBrowser, sharedAppServer } from './helpers/appServer.js';
import { newPage, SCREENSHOT_DIR, screenshot } from './helpers/browser.js';
import { openSignedIn } from './helpers/session.js';
import { readPdf } from './helpers/pdf.js';
import { apiGet, apiPost, apiToken } from './helpers/api.js';
import { expectNoSideScroll, expectOnScreen, PHONE } from './helpers/phone.js';
import type { EntityCampaigns } from '../../src/shared/api/campaigns.js';
import type { EntityPublication } from '../../src/shared/api/publication.js';

const DESKTOP = { width: 1366, height: 900 };
const SIZES = [
  { name: 'desktop', viewport: DESKTOP, phone: false },
  { name: 'phone', viewport: PHONE, phone: true },
] as const;

/** What each map's paper copy holds once 'beforeprint' has run: its shapes, counted by a listener added after the app's. */
interface PaperMaps {
  resultMap: number;
  entityMap: number;
}

/** Counts the shapes of each map's paper copy as the browser starts printing (the app draws them on 'beforeprint'). */
async function countPaperMapsWhilePrinting(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { paperMaps?: PaperMaps };
    w.paperMaps = undefined;
    window.addEventListener(
      'beforeprint',
      () => {
        const count = (testId: string) => document.querySelectorAll(`[data-testid="${testId}"] .chart-print-copy path.highcharts-point`).length;
        w.paperMaps = { resultMap: count('result-map'), entityMap: count('entity-map') };
      },
      { once: true },
    );
  });
}

const paperMaps = (page: Page) => page.evaluate(() => (window as unknown as { paperMaps?: PaperMaps }).paperMaps);

/** The element, scrolled into view, lies inside a screen of this size, no box around it scrolled sideways. */
async function expectOnScreenAt(locator: Locator, viewport: { width: number; height: number }, what: string) {
  if (viewport.width === PHONE.width) return expectOnScreen(locator, what);
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  const inside = box !== null && box.x >= 0 && box.x + box.width <= viewport.width;
  expect({ what, box, inside }).toEqual({ what, box, inside: true });
}

/** The PDF's text, its pages saved as PNG beside the screenshots when asked for. */
async function printPdf(page: Page, name: string): Promise<string> {
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  fs.writeFileSync(path.join(SCREENSHOT_DIR, `${name}.pdf`), pdf);
  return readPdf(pdf, name);
}

describe('printing a report draws every map and numbers its pages; the results page remembers its tab, says when a link expires and reads its measures in two columns', () => {
  const suite = serverAndBrowser(sharedAppServer);
  let campaignId: number;
  let entityId: number;

  beforeAll(async () => {
    const token = await apiToken(suite.server.url, 'usuario@demo.es');
    const { entityCampaigns } = await apiGet<EntityCampaigns>(suite.server.url, token, '/campaigns/getByUser?nameWithProvince=true&onlySent=true');
    const entity = entityCampaigns.find((e) => e.campaigns.length > 0);
    if (!entity) throw new Error('The demo USER has no sent campaign');
    campaignId = entity.campaigns[entity.campaigns.length - 1].id;
    entityId = entity.entityId;
  }, 120_000);

  /** The report open at the top, its maps' data in (their figures mounted) but never scrolled to: no map drawn on screen. */
  async function openReportAtTop(page: Page) {
    await openSignedIn(page, suite.server.url, 'usuario@demo.es', `/results/${campaignId}`);
    await page.getByTestId('block-global').waitFor();
    await page.getByTestId('entity-map').waitFor({ state: 'attached', timeout: 30_000 });
    await page.getByTestId('result-map').waitFor({ state: 'attached' });
    // The premise: neither map came on the screen, so neither was drawn there.
    await expect(page.locator('[data-testid="result-map"] [data-testid="map-pending"]').count()).resolves.toBe(1);
    await expect(page.locator('[data-testid="entity-map"] [data-testid="map-pending"]').count()).resolves.toBe(1);
  }

  for (const size of SIZES) {
    it(`prints both maps with the browser's own print (Ctrl+P) without scrolling to them (${size.name})`, async () => {
      const { page, context, errors } = await newPage(suite.browser, { phone: size.phone, viewport: size.viewport });
      await openReportAtTop(page);
      // Ctrl+P gives the page no time: whatever printing needs must be there once the page has settled (the map
      // chunk fetched, though no map was drawn).
      await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => /\/assets\/map\.[0-9a-f]+\.js$/.test(entry.name)));
      await page.waitForLoadState('networkidle');
      await countPaperMapsWhilePrinting(page);
      const text = await printPdf(page, `report-printing-maps-ctrlp-${size.name}`);
      const printed = await paperMaps(page);
      expect(printed?.resultMap).toBeGreaterThanOrEqual(52);
      expect(printed?.entityMap).toBeGreaterThan(0);
      // The maps' legends are drawn on paper (the screen's maps are not printed).
      expect(text).toContain('Otros municipios');
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);

    it(`prints both maps from 'Imprimir en PDF' without scrolling to them (${size.name})`, async () => {
      const { page, context, errors } = await newPage(suite.browser, { phone: size.phone, viewport: size.viewport });
      await openReportAtTop(page);
      // The print dialog stands in for window.print(): the PDF is made once the button asked for it.
      await page.evaluate(() => {
        const w = window as unknown as { printAsked: boolean };
        w.printAsked = false;
        window.print = () => (w.printAsked = true);
      });
      if (size.phone) await page.getByRole('button', { name: 'Opciones del informe' }).click();
      await page.getByRole('button', { name: 'Imprimir en PDF' }).click();
      await page.waitForFunction(() => (window as unknown as { printAsked: boolean }).printAsked);
      await countPaperMapsWhilePrinting(page);
      const text = await printPdf(page, `report-printing-maps-button-${size.name}`);
      const printed = await paperMaps(page);
      expect(printed?.resultMap).toBeGreaterThanOrEqual(52);
      expect(printed?.entityMap).toBeGreaterThan(0);
      expect(text).toContain('Otros municipios');
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  }

  for (const size of SIZES) {
    it(`lets the entity publish its results with 'Publicar mis resultados', and take them back (${size.name})`, async () => {
      // Unpublished, as the demo has it, even when a failed first attempt left it published.
      const token = await apiToken(suite.server.url, 'usuario@demo.es');
      const state = await apiGet<EntityPublication>(suite.server.url, token, `/entities/publication/state?id=${entityId}`);
      if (state.publish) await apiPost(suite.server.url, token, '/entities/publication', { id: entityId, publish: false });
      const { page, context, errors } = await newPage(suite.browser, { phone: size.phone, viewport: size.viewport });
      await openSignedIn(page, suite.server.url, 'usuario@demo.es', `/results/${campaignId}`);
      const choice = page.getByRole('switch', { name: 'Publicar mis resultados' });
      await page.locator('#publication-switch:enabled').waitFor();
      await expect(choice.isChecked()).resolves.toBe(false);
      await expect(page.getByTestId('publication-choice').innerText()).resolves.toContain('Las medias por territorio son públicas en cualquier caso.');
      await choice.click();
      await page.getByText('Los resultados de la entidad serán públicos en las ediciones definitivas.').waitFor();
      await page
        .getByTestId('publication-choice')
        .getByText(/Cambiado por usuario@demo\.es el/)
        .waitFor();
      await expect(choice.isChecked()).resolves.toBe(true);
      await screenshot(page, `results-publication-${size.name}`, { fullPage: false });
      await page.reload();
      await page.locator('#publication-switch:enabled').waitFor();
      await expect(choice.isChecked()).resolves.toBe(true);
      // The keyboard turns it off as well.
      await choice.focus();
      await page.keyboard.press('Space');
      await page.getByText('Los resultados de la entidad ya no son públicos.').waitFor();
      await expect(choice.isChecked()).resolves.toBe(false);
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  }

  for (const size of SIZES) {
    it(`keeps the results tab chosen across a reload (${size.name})`, async () => {
      const { page, context, errors } = await newPage(suite.browser, { phone: size.phone, viewport: size.viewport });
      await openSignedIn(page, suite.server.url, 'usuario@demo.es', `/results/${campaignId}`);
      await page.getByTestId('block-global').waitFor();
      await page.getByRole('button', { name: 'Puntuación Global' }).click();
      await page.getByTestId('score-card').waitFor();
      await page.reload();
      await page.getByTestId('score-card').waitFor();
      await expect(page.locator('.report-tabs .nav-link.active').innerText()).resolves.toBe('Puntuación Global');
      await expect(page.getByTestId('block-global').count()).resolves.toBe(0);
      await screenshot(page, `report-printing-tab-reloaded-${size.name}`, { fullPage: false });

      await page.getByRole('button', { name: 'Plan de mejora' }).click();
      await page.reload();
      await page.locator('.report-tabs .nav-link.active', { hasText: 'Plan de mejora' }).waitFor();
      // Back to the report: a reload opens it again.
      await page.getByRole('button', { name: 'Informe detallado' }).click();
      await page.getByTestId('block-global').waitFor();
      await page.reload();
      await page.getByTestId('block-global').waitFor();
      await expect(page.locator('.report-tabs .nav-link.active').innerText()).resolves.toBe('Informe detallado');
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);

    it(`says when a shared link expires, on Madrid's clock (${size.name})`, async () => {
      // A browser elsewhere still reads Madrid's time.
      const { page, context, errors } = await newPage(suite.browser, { phone: size.phone, viewport: size.viewport, timezoneId: 'America/New_York' });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
      await openSignedIn(page, suite.server.url, 'usuario@demo.es', `/results/${campaignId}`);
      await page.getByTestId('block-global').waitFor();
      await expect(page.getByTestId('share-expiry').count()).resolves.toBe(0);
      if (size.phone) await page.getByRole('button', { name: 'Opciones del informe' }).click();
      const shared = page.waitForResponse((res) => res.url().includes('/campaigns/share'));
      await page.getByRole('button', { name: 'Compartir' }).click();
      const { response } = (await (await shared).json()) as { response: { expiresAt: string } };
      await page.getByText('Link copiado en el portapapeles').waitFor();
      const expiresAt = new Date(response.expiresAt);
      // Thirty days (SHARE_TOKEN_TTL's default) from now.
      expect(Math.round((expiresAt.getTime() - Date.now()) / 86_400_000)).toBe(30);
      const madrid = new Intl.DateTimeFormat('es-ES', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'Europe/Madrid',
      }).format(expiresAt);
      await expect(page.getByTestId('share-expiry').innerText()).resolves.toBe(`El enlace compartido caduca el ${madrid}.`);
      await screenshot(page, `report-printing-share-expiry-${size.name}`, { fullPage: false });
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  }

  for (const size of SIZES) {
    it(`shows the detail by measures as one points and one percentage column, every row filled (${size.name})`, async () => {
      const { page, context, errors } = await newPage(suite.browser, { phone: size.phone, viewport: size.viewport });
      await openSignedIn(page, suite.server.url, 'usuario@demo.es', `/results/${campaignId}`);
      await page.getByRole('button', { name: 'Detalle por medidas' }).click();
      const table = page.getByTestId('measures-table');
      await table.waitFor();
      await expect(table.locator('thead th').allInnerTexts()).resolves.toEqual(['Política / medida', 'Puntos', 'Porcentaje']);
      const rows = table.locator('tbody tr');
      const count = await rows.count();
      expect(count).toBeGreaterThan(20);
      for (let i = 0; i < count; i++) {
        const cells = await rows.nth(i).locator('th, td').allInnerTexts();
        expect({ i, cells: cells.length, empty: cells.filter((c) => c.trim() === '').length }).toEqual({ i, cells: 3, empty: 0 });
      }
      await expect(rows.last().innerText()).resolves.toMatch(/^Total general\t[\d.,]+\t.*%$/);
      // The percentage of a row is on the screen without scrolling sideways.
      const firstPolicy = table.locator('tr.measures-policy').first();
      await expectOnScreenAt(firstPolicy.locator('td').last(), size.viewport, `first policy's percentage (${size.name})`);
      if (size.phone) await expectNoSideScroll(page);
      await firstPolicy.scrollIntoViewIfNeeded();
      await screenshot(page, `results-reading-measures-${size.name}`, { fullPage: false });
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);

    it(`numbers the printed pages, 'Página 1 de N' to 'Página N de N' (${size.name})`, async () => {
      const { page, context, errors } = await newPage(suite.browser, { phone: size.phone, viewport: size.viewport });
      await openSignedIn(page, suite.server.url, 'usuario@demo.es', `/results/${campaignId}`);
      await page.getByTestId('block-global').waitFor();
      const pages = (await printPdf(page, `results-reading-numbers-${size.name}`)).split('\f').filter((p) => p.trim() !== '');
      expect(pages.length).toBeGreaterThan(2);
      pages.forEach((text, i) =>
        expect({ page: i + 1, numbered: text.includes(`Página ${i + 1} de ${pages.length}`) }).toEqual({ page: i + 1, numbered: true }),
      );
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  }

  it("numbers the printed comparisons' pages too", async () => {
    const { page, context, errors } = await newPage(suite.browser, { viewport: DESKTOP });
    await openSignedIn(page, suite.server.url, 'usuario@demo.es', `/comparisons/${campaignId}`);
    await page.locator('.comparison-group').first().waitFor();
    const pages = (await printPdf(page, 'results-reading-numbers-comparisons')).split('\f').filter((p) => p.trim() !== '');
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((text, i) => expect({ page: i + 1, numbered: text.includes(`Página ${i + 1} de ${pages.length}`) }).toEqual({ page: i + 1, numbered: true }));
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it("scales 'Evolución' to its figures, not to 0-100%", async () => {
    const token = await apiToken(suite.server.url, 'usuario@demo.es');
    const { entityCampaigns } = await apiGet<EntityCampaigns>(suite.server.url, token, '/campaigns/getByUser?nameWithProvince=true&onlySent=true');
    const twoEditions = entityCampaigns.find((e) => e.campaigns.length >= 2);
    if (!twoEditions) throw new Error('The demo USER has no entity with two sent campaigns');
    const { page, context, errors } = await newPage(suite.browser, { viewport: DESKTOP });
    await openSignedIn(page, suite.server.url, 'usuario@demo.es', `/comparisons/${twoEditions.campaigns.at(-1)!.id}`);
    await page.getByRole('button', { name: 'Evolución', exact: true }).click();
    const section = page.getByTestId('trend');
    await section.waitFor();
    await section.scrollIntoViewIfNeeded();
    await section.locator('.highcharts-root').waitFor();
    const percent = (text: string) => Number(text.replace('%', '').replace(',', '.'));
    const labels = (await section.locator('.d-print-none .highcharts-yaxis-labels text').allTextContents()).map(percent);
    const figures = (await section.getByTestId('trend-chart').locator('table tbody td').allTextContents()).filter((t) => t.endsWith('%')).map(percent);
    expect(figures.length).toBeGreaterThan(4);
    const [low, high] = [Math.min(...labels), Math.max(...labels)];
    expect({ low: low <= Math.min(...figures), high: high >= Math.max(...figures), fitted: high - low < 100 }).toEqual({ low: true, high: true, fitted: true });
    await section.getByTestId('trend-chart').scrollIntoViewIfNeeded();
    await screenshot(page, 'results-reading-trend-axis', { fullPage: false });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
