import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { serverAndBrowser, sharedAppServer } from './helpers/appServer.js';
import { elementScreenshot, newPage, screenshot } from './helpers/browser.js';
import { readPdf } from './helpers/pdf.js';
import { logInAsUser, openSignedIn } from './helpers/session.js';
import { apiGet, apiToken } from './helpers/api.js';
import type { EntityCampaigns } from '../../src/shared/api/campaigns.js';

/** Where the printed comparison's pages are rendered to be looked at. */

type Entity = EntityCampaigns['entityCampaigns'][number];

/** A table's rows as the cells' texts, header included. */
const rowsOf = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator('table tr')
    .evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => (cell as HTMLElement).innerText.trim())));

describe('report states in Chromium: the differences table, a campaign not sent, another entity', () => {
  const suite = serverAndBrowser(sharedAppServer);
  let sent: Entity[];
  let all: Entity[];

  beforeAll(async () => {
    const token = await apiToken(suite.server.url, 'usuario@demo.es');
    sent = (await apiGet<EntityCampaigns>(suite.server.url, token, '/campaigns/getByUser?nameWithProvince=true&onlySent=true')).entityCampaigns;
    all = (await apiGet<EntityCampaigns>(suite.server.url, token, '/campaigns/getByUser?nameWithProvince=true')).entityCampaigns;
  }, 120_000);

  it('shows each comparison group as figures: both years, the change in points with its arrow, on screen, in CSV and in print', async () => {
    const twoEditions = sent.find((e) => e.campaigns.length >= 2);
    if (!twoEditions) throw new Error('The demo USER has no entity with two sent campaigns');
    const [previous, current] = twoEditions.campaigns.slice(-2);
    const { page, context, errors } = await newPage(suite.browser);
    await openSignedIn(page, suite.server.url, 'usuario@demo.es', `/comparisons/${current.id}`);
    await page.getByTestId('differences-autonomousCommunity').waitFor();

    for (const level of ['campaign', 'province', 'autonomousCommunity']) {
      const rows = await rowsOf(page, `differences-${level}`);
      expect(rows[0]).toEqual(['Política', String(previous.campaignNumber), String(current.campaignNumber), 'Cambio (p. p.)']);
      const policies = rows.slice(1).filter((r) => r.length === 4);
      expect(policies.length).toBeGreaterThan(10);
      const SIGNS = { '▲': ['sube', 1], '▼': ['baja', -1], '=': ['igual', 0] } as const;
      for (const [, before, after, change] of policies) {
        // '45,3%', and '▲ sube +4,0' where the word is visually hidden, for screen readers; a dash where a figure is missing.
        expect(before).toMatch(/^(\d{1,3},\d%|—)$/);
        expect(after).toMatch(/^(\d{1,3},\d%|—)$/);
        if (before === '—' || after === '—') {
          expect(change).toBe('—');
          continue;
        }
        const [, arrow, word, points] = /^([▲▼=])\s+(\S+)\s+([+-]?\d{1,3},\d)$/.exec(change) ?? [];
        const value = Number(points.replace(',', '.'));
        const shown = (text: string) => Number(text.replace('%', '').replace(',', '.'));
        expect(value).toBeCloseTo(shown(after) - shown(before), 5);
        expect([word, Math.sign(value)]).toEqual(SIGNS[arrow as keyof typeof SIGNS]);
      }
    }
    const entityTable = page.getByTestId('differences-campaign');
    expect(await entityTable.locator('.visually-hidden', { hasText: /^(sube|baja|igual)\s*$/ }).count()).toBeGreaterThan(0);
    expect(await entityTable.locator('[aria-hidden="true"]', { hasText: /^[▲▼=]$/ }).count()).toBeGreaterThan(0);
    expect(await entityTable.getByRole('rowheader').first().getAttribute('scope')).toBe('rowgroup');
    await screenshot(page, 'comparisons-differences');
    await elementScreenshot(page.getByTestId('differences-province'), 'differences-desktop');
    // On a phone the table stays inside its box (it scrolls there if it must), the page no wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    // Four columns fit a phone without scrolling: the change's heading may wrap there.
    const fit = await page.getByTestId('differences-province').evaluate((el) => {
      const table = el.querySelector('table')!;
      return { right: el.getBoundingClientRect().right, overflow: table.scrollWidth - table.parentElement!.clientWidth };
    });
    expect(fit.right).toBeLessThanOrEqual(390);
    expect(fit.overflow).toBeLessThanOrEqual(0);
    await elementScreenshot(page.getByTestId('differences-province'), 'differences-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    const download = page.waitForEvent('download');
    await page
      .getByTestId('differences-province')
      .getByRole('button', { name: /Descargar CSV/ })
      .click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`-comparativas-provincia-${current.campaignNumber}\\.csv$`));
    const csv = fs.readFileSync((await file.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe(`\uFEFFEje;Política;${previous.campaignNumber} (%);${current.campaignNumber} (%);Cambio (p. p.)`);

    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    const text = readPdf(pdf, 'comparisons-print');
    // Each table's page names its group; the change's heading stays on one line.
    const firstLines = text
      .split('\f')
      .filter((p) => p.trim() !== '')
      .map((p) => p.trim().split('\n')[0].trim());
    expect(firstLines.filter((line) => line.endsWith(': diferencias entre campañas'))).toEqual(
      ['Entidad', 'Provincia', 'CCAA', 'Entidades de tamaño similar'].map((g) => `${g}: diferencias entre campañas`),
    );
    expect(text.match(/Cambio \(p\. p\.\)/g)).toHaveLength(4);
    expect(text).not.toContain('Descargar CSV');
    // No table wider than the paper: laid out for print at the A4 width inside its margins (186 mm, 703 px),
    // every table ends within the page and no cell runs out of its table.
    await page.setViewportSize({ width: 703, height: 1000 });
    await page.emulateMedia({ media: 'print' });
    const fits = await page
      .locator('.differences-table')
      .evaluateAll((tables) =>
        tables.map((t) => t.getBoundingClientRect().right <= document.documentElement.clientWidth + 0.5 && t.scrollWidth <= t.clientWidth),
      );
    // The four groups' tables, and the trend's ('Evolución': this entity sent three editions).
    expect(fits).toEqual([true, true, true, true, true]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it("says a draft campaign is not sent yet, with its questionnaire's link and no error toast, on results and comparisons", async () => {
    const sentIds = new Set(sent.flatMap((e) => e.campaigns.map((c) => c.id)));
    const draft = all.flatMap((e) => e.campaigns).find((c) => !sentIds.has(c.id));
    if (!draft) throw new Error('The demo USER has no campaign that is not sent');
    const { page, context, errors } = await newPage(suite.browser);
    await logInAsUser(page, suite.server.url);
    for (const report of ['results', 'comparisons']) {
      const refused = page.waitForResponse((res) => res.url().includes(`/campaigns/${report === 'results' ? 'result' : 'comparison'}?`));
      await page.goto(`${suite.server.url}/${report}/${draft.id}`);
      expect((await refused).status()).toBe(409);
      await page.getByText('Esta campaña aún no se ha enviado').waitFor();
      expect(await page.getByRole('link', { name: 'Abrir el cuestionario' }).getAttribute('href')).toBe(`/my-campaigns/${draft.id}`);
      expect(await page.getByText('No se han podido cargar los datos').count()).toBe(0);
      await page.waitForTimeout(500);
      expect(await page.locator('.toast').count()).toBe(0);
    }
    await screenshot(page, 'comparisons-not-sent', { fullPage: false });
    await page.getByRole('link', { name: 'Abrir el cuestionario' }).click();
    await page.waitForURL(new RegExp(`/my-campaigns/${draft.id}$`));
    await page.locator('fieldset.answer-picker').first().waitFor();
    expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
    await context.close();
  }, 120_000);

  it('empties the report at once when another entity is chosen on /results, and a reload keeps that entity', async () => {
    const [first, second] = sent.filter((e) => e.campaigns.length > 0);
    if (!second) throw new Error('The demo USER needs two entities with sent campaigns');
    const { page, context, errors } = await newPage(suite.browser);
    await openSignedIn(page, suite.server.url, 'usuario@demo.es', `/results/${first.campaigns.at(-1)!.id}`);
    await page.getByTestId('block-global').waitFor();
    await page.getByRole('button', { name: /^Entidad/ }).click();
    await page.getByRole('button', { name: second.text, exact: true }).click();
    await page.waitForURL(/\/results$/);
    await page.getByText('Por favor, selecciona una campaña específica').waitFor();
    expect(await page.getByTestId('block-global').count()).toBe(0);
    expect(await page.getByTestId('report-entity').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Entidad/ }).innerText()).toContain(second.text);
    await screenshot(page, 'results-entity-changed', { fullPage: false });

    await page.reload();
    await page.getByText('Por favor, selecciona una campaña específica').waitFor();
    await page.getByRole('button', { name: /^Campaña/ }).waitFor();
    // The selector says 'Cargando...' until the options are in, then the entity kept across the reload.
    await page
      .getByRole('button', { name: /^Entidad/ })
      .filter({ hasText: second.text })
      .waitFor();
    // The new entity's campaign opens its own report.
    await page.getByRole('button', { name: /^Campaña/ }).click();
    await page.getByRole('button', { name: second.campaigns.at(-1)!.text, exact: true }).click();
    await page.waitForURL(new RegExp(`/results/${second.campaigns.at(-1)!.id}$`));
    await page
      .getByTestId('report-entity')
      .filter({ hasText: second.text.slice(0, second.text.indexOf(' - (')) })
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
