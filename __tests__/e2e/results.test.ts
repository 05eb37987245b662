import type { Page } from 'playwright-core';
import { serverAndBrowser, sharedAppServer } from './helpers/appServer.js';
import { newPage, screenshot, waitForCount } from './helpers/browser.js';
import { logInAsUser, openSignedIn } from './helpers/session.js';
import { readPdf } from './helpers/pdf.js';
import { apiGet, apiToken } from './helpers/api.js';
import type { EntityCampaigns } from '../../src/shared/api/campaigns.js';

const globalBlock = (page: Page) => page.getByTestId('block-global');
const needles = (page: Page) => globalBlock(page).getByTestId('gauge').locator('.highcharts-dial');
const globalHeaders = (page: Page) => globalBlock(page).getByTestId('comparison-table').locator('thead th').allTextContents();
const globalTotal = (page: Page) => globalBlock(page).getByTestId('comparison-table').locator('tr.comparison-total').innerText();

describe('results in Chromium', () => {
  const suite = serverAndBrowser(sharedAppServer);
  let sent: { entity: string; campaignId: number; campaignText: string };

  beforeAll(async () => {
    const token = await apiToken(suite.server.url, 'usuario@demo.es');
    const { entityCampaigns } = await apiGet<EntityCampaigns>(suite.server.url, token, '/campaigns/getByUser?nameWithProvince=true&onlySent=true');
    const entity = entityCampaigns.find((e) => e.campaigns.length > 0);
    if (!entity) throw new Error('The demo USER has no sent campaign');
    const campaign = entity.campaigns[entity.campaigns.length - 1];
    sent = { entity: entity.text, campaignId: campaign.id, campaignText: campaign.text };
  }, 120_000);

  it('lets the USER open a sent campaign, hide a territory and compare with everyone', async () => {
    const { page, context, errors } = await newPage(suite.browser);
    await logInAsUser(page, suite.server.url);
    await page.getByRole('link', { name: 'Resultados' }).click();
    await page.getByText('Por favor, selecciona una campaña específica').waitFor();
    await page.getByRole('button', { name: /^Entidad/ }).click();
    await page.getByRole('button', { name: sent.entity, exact: true }).click();
    await page.getByRole('button', { name: /^Campaña/ }).click();
    await page.getByRole('button', { name: sent.campaignText, exact: true }).click();
    await page.waitForURL(new RegExp(`/results/${sent.campaignId}$`));
    await globalBlock(page).waitFor();
    // The entity, its province, community, country and size band.
    await waitForCount(needles(page), 5);
    expect(await globalHeaders(page)).toHaveLength(6);
    await screenshot(page, 'results-report');

    await page.getByRole('checkbox', { name: /^Provincia/ }).uncheck();
    await waitForCount(needles(page), 4);
    const headers = await globalHeaders(page);
    expect(headers).toHaveLength(5);
    const province = sent.entity.slice(sent.entity.indexOf(' - (') + 4, -1);
    expect(headers).not.toContain(province);

    const withParticipants = await globalTotal(page);
    await page.getByRole('checkbox', { name: 'Comparar solo con los participantes de la campaña' }).uncheck();
    const withEveryone = await globalTotal(page);
    expect(withEveryone).not.toBe(withParticipants);
    // The entity's own figure does not depend on who else took part.
    expect(withEveryone.split('\t')[1]).toBe(withParticipants.split('\t')[1]);

    await page.getByRole('button', { name: 'Puntuación Global' }).click();
    await page.getByTestId('score-card').getByText('Tu Puntuación').waitFor();
    await screenshot(page, 'results-global-score');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('prints a paginated report with its sections, answers only when asked for', async () => {
    const { page, context } = await newPage(suite.browser);
    await logInAsUser(page, suite.server.url);
    const answersLoaded = page.waitForResponse((res) => res.url().includes('/campaigns/answers'));
    await page.goto(`${suite.server.url}/results/${sent.campaignId}`);
    await globalBlock(page).waitFor();
    await answersLoaded;
    // The charts on the screen drawn (Highcharts loads with the first of them; 'Imprimir en PDF' would load it first).
    await waitForCount(globalBlock(page).getByTestId('chart-pending'), 0);
    // Only the charts near the screen are drawn so far: printing draws the rest, and the paper-only parts.
    expect(await page.getByTestId('chart-pending').count()).toBeGreaterThan(0);
    await expect(page.locator('[data-testid="answers-print"], .chart-print-copy').count()).resolves.toBe(0);
    const withAnswers = readPdf(await page.pdf({ format: 'A4', printBackground: true }), 'results-pdf-answers');
    for (const section of ['Resultado global', 'Gobernanza y transparencia', 'Detalle por medidas', 'Total general', 'TOTAL', 'Mis Respuestas']) {
      expect(withAnswers).toContain(section);
    }
    expect(withAnswers).not.toContain('Imprimir en PDF');
    expect(withAnswers).not.toContain('Mis Campañas');
    expect(withAnswers.indexOf('Resultado global')).toBeLessThan(withAnswers.indexOf('Detalle por medidas'));
    expect(withAnswers.indexOf('Detalle por medidas')).toBeLessThan(withAnswers.indexOf('Mis Respuestas'));
    // Printing drew every gauge, those far below the screen included (the bar charts have paper copies of their own).
    await expect(page.getByTestId('gauge').getByTestId('chart-pending').count()).resolves.toBe(0);

    await page.getByRole('checkbox', { name: 'Incluir mis respuestas al imprimir' }).uncheck();
    const withoutAnswers = readPdf(await page.pdf({ format: 'A4', printBackground: true }), 'results-pdf-no-answers');
    expect(withoutAnswers).toContain('Detalle por medidas');
    expect(withoutAnswers).not.toContain('Mis Respuestas');

    // The 'Puntuación Global' tab prints its own view, the bars by location whole (their scale reaches 100%).
    await page.getByRole('button', { name: 'Puntuación Global' }).click();
    await page.getByTestId('score-card').waitFor();
    const globalScore = readPdf(await page.pdf({ format: 'A4', printBackground: true }), 'results-pdf-global');
    for (const title of ['Tu Puntuación', 'Puntuación por ubicación', 'Puntuación por política']) expect(globalScore).toContain(title);
    expect(globalScore.slice(globalScore.indexOf('Puntuación por ubicación'), globalScore.indexOf('Puntuación por política'))).toContain('100%');
    await context.close();
  });

  it('shares a link that opens the report without signing in until it is revoked, then says it was revoked; a broken one says it is wrong', async () => {
    const { page, context } = await newPage(suite.browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
    await openSignedIn(page, suite.server.url, 'usuario@demo.es', `/results/${sent.campaignId}`);
    await globalBlock(page).waitFor();
    await page.getByRole('button', { name: 'Compartir' }).click();
    await page.getByText('Link copiado en el portapapeles').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${suite.server.url}/results/0/`));

    const visitor = await newPage(suite.browser);
    await visitor.page.goto(link);
    await globalBlock(visitor.page).waitFor();
    await expect(visitor.page.getByTestId('report-entity').innerText()).resolves.toBe(sent.entity.split(' - (')[0]);
    await expect(visitor.page.getByRole('link', { name: 'Mis Campañas' }).count()).resolves.toBe(0);
    await screenshot(visitor.page, 'results-shared');

    await page.getByRole('button', { name: 'Anular enlaces' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Anular enlaces' }).click();
    await page.getByText(/Se han? anulado \d+ enlaces? compartidos?/).waitFor();
    await context.close();
    await visitor.page.reload();
    const revoked = 'Este enlace compartido ha sido anulado por la entidad. Pídele uno nuevo si necesitas ver el informe.';
    await visitor.page.getByText(revoked).waitFor();
    expect(await visitor.page.getByText('Link compartido incorrecto.').count()).toBe(0);
    await screenshot(visitor.page, 'results-shared-revoked');
    // Its comparisons address says the same, on a phone too.
    const phone = await newPage(suite.browser, { phone: true });
    await phone.page.goto(link.replace('/results/0/', '/comparisons/0/'));
    await phone.page.getByText(revoked).waitFor();
    await screenshot(phone.page, 'comparisons-shared-revoked-phone');
    await phone.context.close();

    await visitor.page.goto(`${suite.server.url}/results/0/${link.split('/').pop()?.slice(0, -4)}xxxx`);
    await visitor.page.getByText('Link compartido incorrecto.').waitFor();
    await screenshot(visitor.page, 'results-shared-broken');
    await visitor.context.close();
  });
});
