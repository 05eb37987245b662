import fs from 'node:fs';
import { serverAndBrowser, sharedAppServer } from './helpers/appServer.js';
import { elementScreenshot, newPage, screenshot, scrollPageTo } from './helpers/browser.js';
import { readPdf } from './helpers/pdf.js';
import { openSignedIn } from './helpers/session.js';
import { expectNoSideScroll, PHONE } from './helpers/phone.js';
import { apiGet, apiToken } from './helpers/api.js';
import type { EntityCampaigns } from '../../src/shared/api/campaigns.js';
import type { ResultResponse } from '../../src/shared/api/results.js';

/** One line per run of words: pdftotext -layout breaks long sentences and pads the columns. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe("'Plan de mejora' in Chromium", () => {
  const suite = serverAndBrowser(sharedAppServer);
  let subject: { entity: string; campaignId: number; year: number; result: ResultResponse };

  beforeAll(async () => {
    const token = await apiToken(suite.server.url, 'usuario@demo.es');
    const { entityCampaigns } = await apiGet<EntityCampaigns>(suite.server.url, token, '/campaigns/getByUser?nameWithProvince=true&onlySent=true');
    const entity = entityCampaigns.find((e) => e.campaigns.length > 0);
    if (!entity) throw new Error('The demo USER has no sent campaign');
    const campaign = entity.campaigns[entity.campaigns.length - 1];
    const result = await apiGet<ResultResponse>(suite.server.url, token, `/campaigns/result?id=${campaign.id}`);
    subject = { entity: entity.text.split(' - (')[0], campaignId: campaign.id, year: campaign.campaignNumber, result };
  }, 120_000);

  /** The server's percentage of a measure, as the measures table shows it. */
  function measurePercentage(name: string): number | null {
    const { valuesPerAxis, texts } = subject.result.table;
    const id = Object.keys(texts.measure).find((key) => texts.measure[key] === name);
    for (const [axisId, axis] of Object.entries(valuesPerAxis)) {
      if (axisId === 'total') continue;
      for (const policy of Object.values(axis.valuesByPolicy)) if (id && policy.valuesByMeasure[id]) return policy.valuesByMeasure[id].percentage;
    }
    throw new Error(`No measure named ${name}`);
  }

  it('shows the red and amber measures with their best answers, reached by keyboard, downloads them and prints them under the heading', async () => {
    const { page, context, errors } = await newPage(suite.browser);
    await openSignedIn(page, suite.server.url, 'usuario@demo.es', `/results/${subject.campaignId}`);
    await page.getByTestId('block-global').waitFor();

    // The tab is reached with the keyboard from 'Puntuación Global' (arrow keys or Tab) and opened with Enter.
    const tab = page.getByRole('button', { name: 'Plan de mejora' });
    await tab.focus();
    await page.keyboard.press('Enter');
    const plan = page.getByTestId('improvement-plan');
    await plan.getByTestId('plan-measure').first().waitFor();

    const measures = plan.getByTestId('plan-measure');
    const count = await measures.count();
    expect(count).toBeGreaterThan(0);
    // Every planned measure is red or amber in the server's figures; the points to gain never grow down the list.
    const names = await measures.locator('h3').allTextContents();
    for (const name of names) expect(measurePercentage(name)).toBeLessThan(0.7);
    const available = (await measures.getByTestId('plan-available').allTextContents()).map((t) => Number(t.split(' ')[0].replace(',', '.')));
    expect([...available].sort((a, b) => b - a)).toEqual(available);

    const first = measures.first();
    const measure = names[0];
    const question = (await first.getByTestId('plan-question').first().locator('p').first().innerText()).trim();
    const best = (await first.getByTestId('plan-question').first().getByTestId('plan-best').locator('li .fw-semibold').first().innerText()).trim();
    expect(best.length).toBeGreaterThan(0);
    await screenshot(page, 'plan-desktop');

    const download = page.waitForEvent('download');
    await plan.getByRole('button', { name: 'Descargar CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`-campana-${subject.year}-plan-de-mejora\\.csv$`));
    const csv = fs.readFileSync((await file.path())!, 'utf8');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFEje;Política;Medida;Nivel;Puntos de la medida;Máximo de la medida;Medida (%);Puntos pendientes;Indicador;Pregunta;Puntos de la pregunta;Máximo de la pregunta;Tu respuesta;Respuesta que más puntúa',
    );
    expect(lines[1].split(';')[2]).toBe(measure);
    expect(lines[1]).toContain(best);

    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    const text = flat(readPdf(pdf, 'plan-print'));
    // The report's heading first, then the plan with the measure, its question and its best answer.
    const heading = text.indexOf(subject.entity);
    expect(heading).toBeGreaterThanOrEqual(0);
    expect(text.slice(0, 800)).toContain(`Campaña ${subject.year}`);
    expect(text.slice(0, 800)).toContain('Territorios mostrados');
    const title = text.indexOf('Plan de mejora');
    expect(title).toBeGreaterThan(heading);
    for (const words of [measure, flat(question), best]) expect(text.indexOf(words, title)).toBeGreaterThan(title);
    // Not the other tabs: no comparison table, no answers.
    expect(text).not.toContain('Resultado global');
    expect(text).not.toContain('Mis Respuestas');
    expect(text).toContain('El plan de mejora lista las medidas en rojo');

    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('reads on a phone: no side scroll, the best answer inside the screen', async () => {
    const { page, context, errors } = await newPage(suite.browser, { phone: true });
    await openSignedIn(page, suite.server.url, 'usuario@demo.es', `/results/${subject.campaignId}`);
    await page.getByRole('button', { name: 'Plan de mejora' }).click();
    const best = page.getByTestId('plan-best').first();
    await best.waitFor();
    await expectNoSideScroll(page);
    await best.scrollIntoViewIfNeeded();
    const box = await best.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    await scrollPageTo(page, 0);
    await screenshot(page, 'plan-phone');
    await elementScreenshot(page.getByTestId('plan-measure').first(), 'plan-phone-measure');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
