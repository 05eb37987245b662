import type { Page } from 'playwright-core';
import { serverAndBrowser } from './helpers/appServer.js';
import { newPage, screenshot, waitForCount } from './helpers/browser.js';
import { openSignedIn } from './helpers/session.js';
import { apiGet, apiToken } from './helpers/api.js';
import type { EntityCampaigns } from '../../src/shared/api/campaigns.js';
import type { ResultMap } from '../../src/shared/api/maps.js';
import { expectNoSideScroll } from './helpers/phone.js';
import { seriousViolations } from './helpers/axe.js';
import { readPdf } from './helpers/pdf.js';

/** The shapes of a map's first series (one per province or community drawn). */
const shapes = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"] .d-print-none .highcharts-series-0 path.highcharts-point`);

/** What a screen reader hears before a map's shapes: Highcharts' description region (its type description among it). */
const spokenBefore = (page: Page, testId: string) =>
  page.locator(`[data-testid="${testId}"] .d-print-none [id^="highcharts-screen-reader-region-before"]`).textContent();

describe('maps in Chromium', () => {
  const suite = serverAndBrowser();
  let campaignId: number;
  let resultMap: ResultMap;

  beforeAll(async () => {
    const token = await apiToken(suite.server.url, 'usuario@demo.es');
    const { entityCampaigns } = await apiGet<EntityCampaigns>(suite.server.url, token, '/campaigns/getByUser?nameWithProvince=true&onlySent=true');
    const entity = entityCampaigns.find((e) => e.campaigns.length > 0);
    if (!entity) throw new Error('The demo USER has no sent campaign');
    campaignId = entity.campaigns[entity.campaigns.length - 1].id;
    resultMap = await apiGet<ResultMap>(suite.server.url, token, `/campaigns/resultMap?id=${campaignId}`);
  }, 120_000);

  it('the status page map draws the 52 provinces, 19 communities on the switch, and a click filters the table', async () => {
    const { page, errors } = await newPage(suite.browser);
    await openSignedIn(page, suite.server.url, 'admin@demo.es', '/status');
    await page.getByTestId('status-map').scrollIntoViewIfNeeded();
    await waitForCount(shapes(page, 'status-map'), 52, 30_000);
    await page.getByTestId('status-map').scrollIntoViewIfNeeded();
    await screenshot(page, 'status-map-desktop', { fullPage: false });
    // The data table (visually hidden) has a row per province.
    expect(await page.getByTestId('status-map-table').locator('tbody tr').count()).toBe(52);

    await page.locator('[data-testid="status-map"] .d-print-none .highcharts-series-0 path.highcharts-point[aria-label^="Barcelona"]').click();
    await page.getByTestId('status-map-clear').waitFor();
    const table = page.locator('table').filter({ has: page.getByRole('columnheader', { name: 'Provincia' }) });
    await table.locator('tbody tr').first().waitFor();
    const provinces = await table.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(provinces.length).toBeGreaterThan(0);
    expect(new Set(provinces.map((p) => p.replace(/^Provincia/, '').trim()))).toEqual(new Set(['Barcelona']));
    await screenshot(page, 'status-map-filtered');

    await page.getByTestId('status-map-clear').click();
    await page.getByText('Comunidades', { exact: true }).click();
    await waitForCount(shapes(page, 'status-map'), 19, 30_000);
    expect(errors).toEqual([]);
  }, 120_000);

  it('the status page map fits a phone', async () => {
    const { page } = await newPage(suite.browser, { phone: true });
    await openSignedIn(page, suite.server.url, 'fec@demo.es', '/status');
    await page.getByTestId('status-map').scrollIntoViewIfNeeded();
    await waitForCount(shapes(page, 'status-map'), 52, 30_000);
    await page.getByTestId('status-map').scrollIntoViewIfNeeded();
    await expectNoSideScroll(page);
    await screenshot(page, 'status-map-phone', { fullPage: false });
  }, 120_000);

  it('the results page maps the means per province with the entity province outlined, and its municipalities; printed and shared', async () => {
    const { page, context, errors } = await newPage(suite.browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
    await openSignedIn(page, suite.server.url, 'usuario@demo.es', `/results/${campaignId}`);
    // Maps are drawn when they come near the screen, as the charts are.
    await page.getByTestId('result-maps').scrollIntoViewIfNeeded();
    await waitForCount(shapes(page, 'result-map'), 52, 30_000);
    // The outline series: exactly the entity's province.
    const outline = page.locator('[data-testid="result-map"] .d-print-none .highcharts-series-1 path.highcharts-point');
    await waitForCount(outline, 1);
    const own = resultMap.provinces.find((p) => p.provinceId === resultMap.provinceId);
    expect(own).toBeDefined();
    await expect(page.getByTestId('result-map').locator('figcaption').innerText()).resolves.toContain(own?.name);
    // The entity's municipalities, highlighted among its province's.
    await page.getByTestId('entity-map').scrollIntoViewIfNeeded();
    await page.getByTestId('entity-map').locator('.d-print-none path.highcharts-point').first().waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('entity-map-table').locator('tbody tr').count()).toBe(resultMap.municipalityIds.length);
    await page.getByTestId('result-maps').scrollIntoViewIfNeeded();
    await screenshot(page, 'results-maps-desktop', { fullPage: false });

    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    const printed = readPdf(pdf, 'results-maps-print');
    // The maps are printed too, each under its title.
    expect(printed).toMatch(/Puntuación global media por provincia \(\d{4}\)/);
    // While printing, a fixed-width copy of each map is drawn for paper.
    expect(await page.locator('[data-testid="result-map"] .chart-print-copy').count()).toBe(0);

    await page.getByRole('button', { name: 'Compartir' }).click();
    await page.getByText('Link copiado en el portapapeles').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    const visitor = await newPage(suite.browser, { phone: true });
    await visitor.page.goto(link);
    await visitor.page.getByTestId('result-maps').scrollIntoViewIfNeeded();
    await waitForCount(shapes(visitor.page, 'result-map'), 52, 30_000);
    await visitor.page.getByTestId('entity-map').scrollIntoViewIfNeeded();
    await visitor.page.getByTestId('entity-map').locator('.d-print-none path.highcharts-point').first().waitFor({ timeout: 30_000 });
    await visitor.page.getByTestId('result-maps').scrollIntoViewIfNeeded();
    await expectNoSideScroll(visitor.page);
    await screenshot(visitor.page, 'results-maps-shared-phone', { fullPage: false });
    expect(errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
  }, 180_000);

  it('the entity form shows the picked municipalities on their province, and both provinces when one is of another', async () => {
    const { page, errors } = await newPage(suite.browser);
    await openSignedIn(page, suite.server.url, 'admin@demo.es', '/manage/entities/create');
    const pick = async (text: string) => {
      const box = page.getByRole('combobox', { name: 'Municipios' });
      await box.fill(text);
      await page.getByRole('listbox').getByRole('option').first().waitFor();
      await box.press('Enter');
    };
    await pick('Sueca');
    await pick('Cullera');
    const table = page.getByTestId('picked-map-table');
    await table.locator('tbody tr').nth(1).waitFor({ timeout: 30_000 });
    expect(await table.locator('tbody th').allTextContents()).toEqual(['Cullera', 'Sueca']);
    // Valencia's municipalities are drawn, two of them in the entity's colour.
    const shapes = page.locator('[data-testid="picked-map"] .d-print-none .highcharts-series-0 path.highcharts-point');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="picked-map"] .d-print-none .highcharts-series-0 path.highcharts-point').length > 250,
    );
    expect(await shapes.count()).toBeGreaterThan(250);
    await page.getByTestId('picked-map').scrollIntoViewIfNeeded();
    await screenshot(page, 'entity-form-map', { fullPage: false });

    await pick('Madrid');
    await page.getByTestId('picked-map-provinces').getByText('No se puede crear una entidad con municipios que pertenezcan a multiples provincias').waitFor();
    await expect(page.getByTestId('picked-map-provinces').innerText()).resolves.toContain('Madrid');
    await table.locator('tbody tr').nth(2).waitFor({ timeout: 30_000 });
    expect(await table.locator('tbody th').allTextContents()).toEqual(['Cullera', 'Madrid', 'Sueca']);
    await page.getByTestId('picked-map').scrollIntoViewIfNeeded();
    await screenshot(page, 'entity-form-map-two-provinces', { fullPage: false });
    expect(errors).toEqual([]);
  }, 120_000);

  it('drawn maps have no serious or critical axe violations, and the status map is reached and used with the keyboard', async () => {
    const { page, context } = await newPage(suite.browser, { bypassCSP: true });
    await openSignedIn(page, suite.server.url, 'admin@demo.es', '/status');
    await page.getByTestId('status-map').scrollIntoViewIfNeeded();
    await waitForCount(shapes(page, 'status-map'), 52, 30_000);
    expect(await seriousViolations(page)).toEqual([]);
    // Tab reaches the map's shapes; Enter on one filters the table as a click does.
    await page.getByRole('radio', { name: 'Comunidades' }).focus();
    for (let i = 0; i < 10 && !(await page.evaluate(() => document.activeElement?.classList.contains('highcharts-point') ?? false)); i++)
      await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    expect(focused).not.toBe('');
    // Each map is named to a screen reader: its kind and its title, never Highcharts' 'unspecified region'.
    expect(await spokenBefore(page, 'status-map')).toBe('Mapa de las provincias de España: Participación por territorio');
    await page.keyboard.press('Enter');
    await page.getByTestId('status-map-clear').waitFor();
    await expect(page.getByTestId('status-map-clear').innerText()).resolves.toContain(focused.split(',')[0].split(':')[0].trim());

    await page.goto(`${suite.server.url}/results/${campaignId}`);
    await page.getByTestId('result-maps').scrollIntoViewIfNeeded();
    await waitForCount(shapes(page, 'result-map'), 52, 30_000);
    await page.getByTestId('entity-map').scrollIntoViewIfNeeded();
    await page.getByTestId('entity-map').locator('.d-print-none path.highcharts-point').first().waitFor({ timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);
    expect(await spokenBefore(page, 'result-map')).toMatch(/Mapa de las provincias de España: Puntuación global media por provincia \(\d{4}\)/);
    expect(await spokenBefore(page, 'entity-map')).toContain('Mapa de municipios: ');
    for (const testId of ['result-map', 'entity-map']) expect(await spokenBefore(page, testId)).not.toMatch(/unspecified|Map of/);
    await context.close();
  }, 120_000);
});
