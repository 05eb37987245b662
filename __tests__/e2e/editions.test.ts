import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { sharedAppServer, type AppServer } from './helpers/appServer.js';
import { launchBrowser, newPage, screenshot } from './helpers/browser.js';
import { logIn, logInAsUser } from './helpers/session.js';
import { expectNoSideScroll } from './helpers/phone.js';
import { apiGet, apiToken } from './helpers/api.js';
import type { EntityCampaigns } from '../../src/shared/api/campaigns.js';

/** Where this branch's screenshots are looked at, besides the suite's own folder. */
const SHOTS = '/tmp/cycle18-editions-shots';
const CATALOGUES = path.resolve('src/server/db/seed/catalogues');

/** A demo catalogue as a new edition's file. */
function catalogueFile(demoYear: number, year: number, breakIt = false): { name: string; mimeType: string; buffer: Buffer } {
  const catalogue = JSON.parse(fs.readFileSync(path.join(CATALOGUES, `demo-${demoYear}.json`), 'utf8'));
  catalogue.edition = year;
  if (breakIt) {
    catalogue.axes[2].policies[0].measures[1].code = '';
    catalogue.axes[0].policies[0].measures[0].indicators[0].subindicators[0].responses[0].value = -1;
  }
  return { name: `edicion-${year}.json`, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(catalogue, null, 2)) };
}

async function shot(page: Page, name: string): Promise<void> {
  const file = await screenshot(page, name);
  fs.mkdirSync(SHOTS, { recursive: true });
  fs.copyFileSync(file, path.join(SHOTS, `${name}.png`));
}

/** The page's errors but the browser's own line for the broken file's expected 422. */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 422 .*editions\/preview/.test(e));

const fileInput = (page: Page) => page.getByLabel('Fichero de la edición (JSON)');

/** ADMIN on the editions page: a broken file's problems, then a good file's preview and differences, imported and listed. */
async function uploadBrokenThenGood(page: Page, url: string, good: ReturnType<typeof catalogueFile>, name: string, previousYear: number): Promise<void> {
  await logIn(page, url, 'admin@demo.es');
  await page.waitForURL(/\/status/);
  // On a phone the menu is folded: open it (click waits for the header; asking isVisible() at once raced its render).
  if ((page.viewportSize()?.width ?? 1280) < 768) await page.getByRole('button', { name: 'Mostrar u ocultar el menú' }).click();
  await page.getByRole('link', { name: 'Ediciones' }).click();
  await page.waitForURL(/\/manage\/editions$/);
  await page.getByTestId('editions-table').waitFor();
  expect(await page.getByTestId('editions-table').locator('tbody tr td:first-child').allTextContents()).toEqual(expect.arrayContaining(['2026', '2025', '2024']));

  await fileInput(page).setInputFiles(catalogueFile(2026, 2099, true));
  const problems = page.getByTestId('file-problems');
  await problems.waitFor();
  expect(await problems.textContent()).toContain('El fichero tiene 2 problemas; no se ha importado nada.');
  expect(await problems.locator('li').allTextContents()).toEqual(expect.arrayContaining([
    'axes[2].policies[0].measures[1].code:falta el campo code',
    'axes[0].policies[0].measures[0].indicators[0].subindicators[0].responses[0].value:value debe ser 0 o más',
  ]));
  expect(await page.getByRole('button', { name: 'Importar edición' }).count()).toBe(0);
  await shot(page, `${name}-problems`);

  await fileInput(page).setInputFiles(good);
  const preview = page.getByTestId('edition-preview');
  await preview.waitFor();
  expect(await problems.count()).toBe(0);
  expect(await preview.getByRole('heading', { level: 4 }).first().textContent()).toMatch(/^Vista previa de la edición 20\d\d$/);
  const diff = page.getByTestId('edition-diff');
  expect(await diff.getByRole('heading', { level: 4 }).textContent()).toBe(`Diferencias con la edición ${previousYear}`);
  expect(await page.getByTestId('edition-preview-questionnaire').getByRole('group').count()).toBeGreaterThan(100);
  await shot(page, `${name}-preview`);

  await page.getByRole('button', { name: 'Importar edición' }).click();
  await page.getByText('Edición importada.').waitFor();
  await page.getByTestId('edition-preview').waitFor({ state: 'detached' });
  const year = JSON.parse(good.buffer.toString()).edition;
  await page.getByTestId('editions-table').locator('tbody tr').first().getByText(String(year), { exact: true }).waitFor();
  await shot(page, `${name}-imported`);
}

describe('editions in Chromium', () => {
  let server: AppServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedAppServer(), launchBrowser()]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  }, 30_000);

  it('lets ADMIN read a broken file\'s problems in Spanish, preview a good one with its differences, import it and see it listed (desktop)', async () => {
    const { page, context, errors } = await newPage(browser);
    // 2025's questionnaire as 2027: after 2026, three questions go, two are reworded, one response comes back.
    await uploadBrokenThenGood(page, server.url, catalogueFile(2025, 2027), 'editions-desktop', 2026);
    await context.close();
    expect(unexpected(errors)).toEqual([]);
  }, 120_000);

  it('shows the differences of the 2025 questionnaire after 2026 before importing', async () => {
    const { page, context, errors } = await newPage(browser);
    await logIn(page, server.url, 'admin@demo.es');
    await page.waitForURL(/\/status/);
    await page.goto(`${server.url}/manage/editions`);
    await fileInput(page).setInputFiles(catalogueFile(2025, 2030));
    const diff = page.getByTestId('edition-diff');
    await diff.waitFor();
    // The previous edition of 2030 is now 2027 (2025's questionnaire): no differences.
    expect(await diff.textContent()).toContain('Las medidas, las preguntas y los puntos son los mismos que en la edición 2027.');
    await fileInput(page).setInputFiles(catalogueFile(2026, 2030));
    await diff.getByText('Preguntas añadidas (3)').waitFor();
    expect(await diff.textContent()).toContain('Preguntas reformuladas (2)');
    expect(await diff.textContent()).toContain('Puntos cambiados (1)');
    expect(await diff.textContent()).toContain('E3.P2.M1.I1.S2');
    await shot(page, 'editions-desktop-differences');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByTestId('edition-preview').waitFor({ state: 'detached' });
    await context.close();
    expect(errors).toEqual([]);
  }, 60_000);

  it('works at 390x844: problems, preview and import without side scroll', async () => {
    const { page, context, errors } = await newPage(browser, { phone: true });
    await uploadBrokenThenGood(page, server.url, catalogueFile(2026, 2028), 'editions-phone', 2027);
    await expectNoSideScroll(page);
    await context.close();
    expect(unexpected(errors)).toEqual([]);
  }, 120_000);

  it("marks on the comparison the policies whose content changed since the previous campaign's edition", async () => {
    const token = await apiToken(server.url, 'usuario@demo.es');
    const entities = (await apiGet<EntityCampaigns>(server.url, token, '/campaigns/getByUser?nameWithProvince=true&onlySent=true')).entityCampaigns;
    const twoEditions = entities.find((e) => e.campaigns.length >= 2 && e.campaigns.at(-1)!.text.includes('2026'));
    if (!twoEditions) throw new Error('The demo USER has no entity with sent 2025 and 2026 campaigns');
    const { page, context, errors } = await newPage(browser);
    await logInAsUser(page, server.url);
    await page.goto(`${server.url}/comparisons/${twoEditions.campaigns.at(-1)!.id}`);
    const table = page.getByTestId('differences-campaign');
    await table.waitFor();
    expect(await page.getByTestId('content-changed-legend-campaign').textContent()).toBe('* Contenido modificado respecto a 2025');
    expect(await table.getByTestId('content-changed').count()).toBe(6);
    await table.scrollIntoViewIfNeeded();
    await shot(page, 'editions-comparison-marks');
    await context.close();
    expect(errors).toEqual([]);
  }, 60_000);
});
