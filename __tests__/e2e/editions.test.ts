import { serverAndBrowser, startAppServer } from './helpers/appServer.js';
import ExcelJS from 'exceljs';
import { bytesOf, newPage, screenshot } from './helpers/browser.js';
import { openSignedIn } from './helpers/session.js';
import { expectNoSideScroll } from './helpers/phone.js';
import { catalogueFile, fileInput, unexpectedUploadErrors, uploadBrokenThenGood } from './helpers/editions.js';
import { apiGet, apiToken } from './helpers/api.js';
import type { EntityCampaigns } from '../../src/shared/api/campaigns.js';
import type { EditionRow } from '../../src/shared/api/editions.js';

describe('editions in Chromium', () => {
  // The first test imports 2027, and the next ones build on it: run again, it needs a server without 2027.
  const suite = serverAndBrowser(startAppServer, { freshServerOnRetry: true });

  it("lets ADMIN read a broken file's problems in Spanish, preview a good one with its differences, import it and see it listed (desktop)", async () => {
    const { page, context, errors } = await newPage(suite.browser);
    // 2025's questionnaire as 2027: after 2026, three questions go, two are reworded, one response comes back.
    await uploadBrokenThenGood(page, suite.server.url, catalogueFile(2025, 2027), screenshot, 'editions-desktop', 2026);
    // The status page stays on the edition with open campaigns (2027 has none yet): its table shows 2026.
    await page.goto(`${suite.server.url}/status`);
    await page.locator('table.list-table tbody tr').first().waitFor();
    expect(await page.getByRole('combobox', { name: 'Edición', exact: true }).locator('option:checked').innerText()).toBe('2026');
    expect(new Set(await page.locator('table.list-table tbody tr td:nth-child(4)').allInnerTexts())).toEqual(new Set(['2026']));
    await context.close();
    expect(unexpectedUploadErrors(errors)).toEqual([]);
  }, 120_000);

  it('shows the differences of the 2025 questionnaire after 2026 before importing', async () => {
    const { page, context, errors } = await newPage(suite.browser);
    await openSignedIn(page, suite.server.url, 'admin@demo.es', '/manage/editions');
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
    await screenshot(page, 'editions-desktop-differences');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByTestId('edition-preview').waitFor({ state: 'detached' });
    await context.close();
    expect(errors).toEqual([]);
  }, 60_000);

  it('works at 390x844: problems, preview and import without side scroll', async () => {
    // The year after the newest (2028 after the first test's 2027; one more if a first attempt imported it).
    const token = await apiToken(suite.server.url, 'admin@demo.es');
    const newest = Math.max(...(await apiGet<EditionRow[]>(suite.server.url, token, '/editions/list')).map((e) => e.year));
    const { page, context, errors } = await newPage(suite.browser, { phone: true });
    await uploadBrokenThenGood(page, suite.server.url, catalogueFile(2026, newest + 1), screenshot, 'editions-phone', newest);
    await expectNoSideScroll(page);
    await context.close();
    expect(unexpectedUploadErrors(errors)).toEqual([]);
  }, 120_000);

  it('lets FEC download an edition as Excel on a phone: one row per response under Spanish headers', async () => {
    const { page, context, errors } = await newPage(suite.browser, { phone: true });
    await openSignedIn(page, suite.server.url, 'fec@demo.es', '/manage/editions');
    const button = page.getByRole('button', { name: 'Descargar en Excel la edición 2026' });
    await button.waitFor();
    await expectNoSideScroll(page);
    await screenshot(page, 'editions-phone-spreadsheet');
    const downloading = page.waitForEvent('download');
    await button.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('edicion-2026.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await bytesOf(download));
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Edición', 'Competencias', 'Cuestionario', 'Traducciones']);
    const questionnaire = workbook.getWorksheet('Cuestionario')!;
    expect(questionnaire.getRow(1).getCell(1).value).toBe('Eje');
    expect(questionnaire.getRow(1).getCell(18).value).toBe('Puntos');
    expect(questionnaire.rowCount).toBeGreaterThan(300);
    await context.close();
    expect(errors).toEqual([]);
  }, 60_000);

  it("marks on the comparison the policies whose content changed since the previous campaign's edition", async () => {
    const token = await apiToken(suite.server.url, 'usuario@demo.es');
    const entities = (await apiGet<EntityCampaigns>(suite.server.url, token, '/campaigns/getByUser?nameWithProvince=true&onlySent=true')).entityCampaigns;
    const twoEditions = entities.find((e) => e.campaigns.length >= 2 && e.campaigns.at(-1)!.text.includes('2026'));
    if (!twoEditions) throw new Error('The demo USER has no entity with sent 2025 and 2026 campaigns');
    const { page, context, errors } = await newPage(suite.browser);
    await openSignedIn(page, suite.server.url, 'usuario@demo.es', `/comparisons/${twoEditions.campaigns.at(-1)!.id}`);
    const table = page.getByTestId('differences-campaign');
    await table.waitFor();
    expect(await page.getByTestId('content-changed-legend-campaign').textContent()).toBe('* Contenido modificado respecto a 2025');
    expect(await table.getByTestId('content-changed').count()).toBe(6);
    await table.scrollIntoViewIfNeeded();
    await screenshot(page, 'editions-comparison-marks');
    await context.close();
    expect(errors).toEqual([]);
  }, 60_000);
});
