import ExcelJS from 'exceljs';
import { serverAndBrowser, sharedAppServer } from './helpers/appServer.js';
import { bytesOf, newPage, screenshot } from './helpers/browser.js';
import { openSignedIn } from './helpers/session.js';
import { apiGet, apiToken } from './helpers/api.js';
import type { EntityCampaigns } from '../../src/shared/api/campaigns.js';
import type { ResultResponse } from '../../src/shared/api/results.js';

describe("'Descargar Excel' in Chromium", () => {
  const suite = serverAndBrowser(sharedAppServer);
  let sent: { campaignId: number; result: ResultResponse };
  let twoEditions: number;

  beforeAll(async () => {
    const token = await apiToken(suite.server.url, 'usuario@demo.es');
    const { entityCampaigns } = await apiGet<EntityCampaigns>(suite.server.url, token, '/campaigns/getByUser?nameWithProvince=true&onlySent=true');
    const entity = entityCampaigns.find((e) => e.campaigns.length > 0);
    if (!entity) throw new Error('The demo USER has no sent campaign');
    const campaignId = entity.campaigns[entity.campaigns.length - 1].id;
    twoEditions = entityCampaigns.find((e) => e.campaigns.length >= 2)!.campaigns.at(-1)!.id;
    sent = { campaignId, result: await apiGet<ResultResponse>(suite.server.url, token, `/campaigns/result?id=${campaignId}`) };
  }, 120_000);

  it('downloads the report as a workbook with a sheet per block and the measures, numbers with their formats', async () => {
    const { page, context, errors } = await newPage(suite.browser);
    await openSignedIn(page, suite.server.url, 'usuario@demo.es', `/results/${sent.campaignId}`);
    const global = page.getByTestId('block-global');
    await global.waitFor();
    // exceljs is not part of the page until a download asks for it.
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name));
    expect(scripts.some((name) => name.includes('exceljs'))).toBe(false);

    const downloading = page.waitForEvent('download');
    await global.getByRole('button', { name: /^Descargar Excel/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/-resultados\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await bytesOf(download));

    const { result } = sent;
    const axes = result.axisDetails.length;
    // Global, the ranks, one per axis, the detail by measures, the improvement plan and 'Mis Respuestas'.
    expect(workbook.worksheets).toHaveLength(2 + axes + 3);
    expect(workbook.worksheets[0].name).toBe('Resultado global');
    expect(workbook.worksheets[1].name).toBe('Puesto entre los participantes');
    expect(workbook.worksheets[1].getRow(6).getCell(1).value).toBe('Resultado');
    expect(String(workbook.worksheets[1].getRow(7).getCell(2).value)).toMatch(/^Puesto \d+ de \d+$/);
    expect(workbook.worksheets.slice(-3).map((s) => s.name)).toEqual(['Detalle por medidas', 'Plan de mejora', 'Mis Respuestas']);
    const answers = workbook.worksheets.at(-1)!;
    expect(answers.getRow(6).getCell(5).value).toBe('Pregunta');
    const questions = result.answers.campaign.indicators.flatMap((i) => i.subindicators);
    expect(answers.getRow(7).getCell(5).value).toBe(questions[0].text);
    expect(answers.rowCount).toBe(6 + questions.length);
    const sheet = workbook.worksheets[0];
    expect(sheet.getCell('A1').value).toBe(result.territoryTexts.campaign);
    expect(sheet.getCell('A2').value).toBe(`Campaña ${result.edition.year}`);
    expect(String(sheet.getCell('A3').value)).toMatch(/^Comparación: Solo con los participantes/);
    expect(sheet.getCell('A6').value).toBe('Política');
    // The entity's global TOTAL: points and percentage as numbers, the percentage a fraction shown with '0.0%'.
    const totalRow = 7 + result.global.valuesByPolicy.length;
    expect(sheet.getCell(`A${totalRow}`).value).toBe('TOTAL');
    expect(sheet.getCell(`B${totalRow}`).value).toBeCloseTo(result.global.values.campaign!, 6);
    expect(sheet.getCell(`B${totalRow}`).numFmt).toBe('0.0');
    expect(sheet.getCell(`C${totalRow}`).value).toBeCloseTo(result.global.percentages.campaign!, 6);
    expect(sheet.getCell(`C${totalRow}`).numFmt).toBe('0.0%');
    await screenshot(page, 'excel-export-results');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('downloads the comparisons as a workbook with a sheet per group, percentages as fractions', async () => {
    const { page, context, errors } = await newPage(suite.browser);
    await openSignedIn(page, suite.server.url, 'usuario@demo.es', `/comparisons/${twoEditions}`);
    const province = page.getByTestId('differences-province');
    await province.waitFor();
    const downloading = page.waitForEvent('download');
    await province.getByRole('button', { name: /^Descargar Excel/ }).click();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await bytesOf(await downloading));
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Entidad', 'Provincia', 'CCAA', 'Entidades de tamaño similar']);
    expect(workbook.views[0].activeTab).toBe(1);
    const sheet = workbook.worksheets[1];
    expect(sheet.getCell('A6').value).toBe('Eje');
    const current = sheet.getCell('D7');
    expect(sheet.getCell('E7').numFmt).toBe('+0.0;-0.0;0.0');
    expect(typeof current.value).toBe('number');
    expect(current.value as number).toBeGreaterThanOrEqual(0);
    expect(current.value as number).toBeLessThanOrEqual(1);
    expect(current.numFmt).toBe('0.0%');
    await screenshot(page, 'excel-export-comparisons');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets ADMIN export the current edition from the status page, as Excel with a sheet per section', async () => {
    const { page, context, errors } = await newPage(suite.browser);
    await openSignedIn(page, suite.server.url, 'admin@demo.es', '/status');
    await page.getByText('Nueva Campaña').first().waitFor();
    await screenshot(page, 'excel-export-status', { fullPage: false });
    // The controls are there from the start, disabled until the editions are known.
    await page.locator('#edition-export-year:enabled').waitFor();
    expect(await page.getByLabel('Edición que se exporta').inputValue()).toBe('2026');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar edición (Excel)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('edicion-2026.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await bytesOf(download));
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Campañas', 'Puntuaciones', 'Respuestas']);
    expect(workbook.getWorksheet('Campañas')!.getCell('A1').value).toBe('Campaña');
    expect(workbook.getWorksheet('Campañas')!.rowCount).toBeGreaterThan(1);
    await screenshot(page, 'excel-export-status', { fullPage: false });
    expect(errors).toEqual([]);
    await context.close();
  });
});
