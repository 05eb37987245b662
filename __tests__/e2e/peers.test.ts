import type { Browser, Page } from 'playwright-core';
import { serverAndBrowser, sharedAppServer, startAppServer, type AppServer } from './helpers/appServer.js';
import { launchBrowser, newPage, screenshot, waitForCount } from './helpers/browser.js';
import { logIn, openSignedIn } from './helpers/session.js';
import { readPdf } from './helpers/pdf.js';
import { apiGet, apiToken } from './helpers/api.js';
import type { EntityCampaigns } from '../../src/shared/api/campaigns.js';
import type { Level, ResultResponse } from '../../src/shared/api/results.js';
import { sizeBandName } from '../../src/client/features/results/reportText.js';
import { messageFor } from '../../src/client/i18n/messages.js';

/** The band as the Spanish interface words it, from the bounds the server sends. */
const bandLabel = (result: ResultResponse) => sizeBandName((id, values) => messageFor('es', id, values), result.sizeBand);
const BAND_BOX = /^Entidades de tamaño similar/;
const LEVELS: Level[] = ['campaign', 'province', 'autonomousCommunity', 'country', 'sizeBand'];

const globalBlock = (page: Page) => page.getByTestId('block-global');
const needles = (page: Page) => globalBlock(page).getByTestId('gauge').locator('.highcharts-dial');
const globalHeaders = (page: Page) => globalBlock(page).getByTestId('comparison-table').locator('thead th').allTextContents();
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** Prints the page to A4 as the print stylesheet lays it out, and reads the PDF's text back. */
async function printedText(page: Page, name: string): Promise<string> {
  return flat(readPdf(await page.pdf({ printBackground: true, preferCSSPageSize: true }), name));
}

/**
 * On a phone the checkboxes are folded under 'Opciones del informe'. The button is pressed once the report has
 * drawn all its parts (it mounts them in turns after a territory is shown again): while they mount the page moves,
 * and in a busy CI run the button did not hold still for the 30 s a click waits.
 */
async function openOptions(page: Page, phone: boolean) {
  if (!phone) return;
  await waitForCount(page.locator('[aria-busy="true"]'), 0, 30_000);
  await page.getByRole('button', { name: 'Opciones del informe' }).click();
}

/** The demo campaigns a token sees, latest first, entities with two editions or more first (they have a trend). */
async function sentCampaigns(url: string, token: string): Promise<number[]> {
  const { entityCampaigns } = await apiGet<EntityCampaigns>(url, token, '/campaigns/getByUser?nameWithProvince=true&onlySent=true');
  return [...entityCampaigns].sort((a, b) => b.campaigns.length - a.campaigns.length).flatMap((e) => e.campaigns.map((c) => c.id).reverse());
}

describe('entities of a similar size and ranks in Chromium', () => {
  const suite = serverAndBrowser(sharedAppServer);
  let subject: { campaignId: number; band: string; shown: number };

  beforeAll(async () => {
    const token = await apiToken(suite.server.url, 'usuario@demo.es');
    const [campaignId] = await sentCampaigns(suite.server.url, token);
    const result = await apiGet<ResultResponse>(suite.server.url, token, `/campaigns/result?id=${campaignId}`);
    subject = { campaignId, band: bandLabel(result), shown: LEVELS.filter((l) => result.global.percentages[l] !== null).length };
  }, 120_000);

  it.each([
    ['desktop', false],
    ['phone', true],
  ])(
    'shows the band as a fifth level with its own checkbox, the ranks, and prints both (%s)',
    async (name, phone) => {
      const { page, context, errors } = await newPage(suite.browser, { phone });
      await openSignedIn(page, suite.server.url, 'usuario@demo.es', `/results/${subject.campaignId}`);
      await globalBlock(page).waitFor();
      await globalBlock(page).scrollIntoViewIfNeeded();
      expect(subject.shown).toBe(5);
      await waitForCount(needles(page), subject.shown);
      expect((await globalHeaders(page)).some((h) => h.startsWith(`${subject.band} (n = `))).toBe(true);
      await expect(globalBlock(page).getByTestId('gauge-legend').innerText()).resolves.toContain(subject.band);

      const ranks = page.getByTestId('rank-table');
      await expect(ranks.getByRole('columnheader', { name: subject.band }).count()).resolves.toBe(1);
      const cells = await ranks.locator('tbody td').allInnerTexts();
      expect(cells.filter((c) => /^Puesto \d+ de \d+$/.test(c)).length).toBeGreaterThan(0);
      for (const cell of cells) expect(cell).toMatch(/^(Puesto (\d+) de (\d+)|—)$/);
      await screenshot(page, `peers-results-${name}`);

      await openOptions(page, phone);
      const box = page.getByRole('checkbox', { name: BAND_BOX });
      await expect(box.isChecked()).resolves.toBe(true);
      await box.uncheck();
      await waitForCount(needles(page), subject.shown - 1);
      expect((await globalHeaders(page)).some((h) => h.startsWith(subject.band))).toBe(false);
      await expect(ranks.getByRole('columnheader', { name: subject.band }).count()).resolves.toBe(0);
      await box.check();
      await waitForCount(needles(page), subject.shown);
      await openOptions(page, phone);

      const printed = await printedText(page, `peers-results-print-${name}`);
      expect(printed).toContain(`Entidades de tamaño similar: ${subject.band} (n = `);
      expect(printed).toContain('Puesto entre los participantes');
      expect(printed).toMatch(/Puesto \d+ de \d+/);
      expect(printed).toContain('comparten puesto');

      await page.goto(`${suite.server.url}/comparisons/${subject.campaignId}`);
      const group = page.getByTestId('group-sizeBand');
      await group.waitFor();
      await expect(group.getByTestId('group-sizes').innerText()).resolves.toContain(subject.band);
      await page.getByRole('button', { name: 'Evolución', exact: true }).click();
      await page.getByTestId('trend').waitFor();
      await expect(page.getByTestId('trend-table').innerText()).resolves.toContain(subject.band);
      await screenshot(page, `peers-comparisons-${name}`);
      const comparisons = await printedText(page, `peers-comparisons-print-${name}`);
      expect(comparisons).toContain(subject.band);
      expect(errors).toEqual([]);
      await context.close();
    },
    120_000,
  );
});

describe('means withheld for small groups (MIN_GROUP_SIZE=3) in Chromium', () => {
  let open: AppServer;
  let guarded: AppServer;
  let browser: Browser;
  /** A campaign with a withheld mean, who may see it, and its TOTAL cell as a server without the minimum sends it. */
  let subject: { campaignId: number; account: string; level: Level; cell: RegExp; name: string; n: number };

  beforeAll(async () => {
    [open, guarded, browser] = await Promise.all([sharedAppServer(), startAppServer({ MIN_GROUP_SIZE: '3' }), launchBrowser()]);
    for (const account of ['usuario@demo.es', 'admin@demo.es']) {
      const token = await apiToken(guarded.url, account);
      for (const campaignId of await sentCampaigns(guarded.url, token)) {
        const result = await apiGet<ResultResponse>(guarded.url, token, `/campaigns/result?id=${campaignId}`);
        const level = result.edition.withheld[0];
        if (!level) continue;
        // The same demo data without the minimum: the mean the guarded server keeps back.
        const unguarded = await apiGet<ResultResponse>(open.url, await apiToken(open.url, account), `/campaigns/result?id=${campaignId}`);
        const percent = unguarded.global.percentages[level];
        if (percent === null) continue;
        const shown = new Intl.NumberFormat('es-ES', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(percent * 100);
        const name = level === 'sizeBand' ? bandLabel(result) : result.territoryTexts[level];
        subject = { campaignId, account, level, cell: new RegExp(`\\(${shown.replace('.', '\\.')}%\\)`), name, n: result.edition.sizes.participants[level] };
        return;
      }
    }
    throw new Error('No demo campaign has a mean withheld under MIN_GROUP_SIZE=3');
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await guarded?.stop();
    await open?.stop();
  }, 30_000);

  it.each([
    ['desktop', false],
    ['phone', true],
  ])(
    'says why a mean is not shown, shows dashes for it, and neither page nor paper holds it (%s)',
    async (name, phone) => {
      const { page, context, errors } = await newPage(browser, { phone });
      await logIn(page, guarded.url, subject.account);
      await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
      await page.goto(`${guarded.url}/results/${subject.campaignId}`);
      await globalBlock(page).waitFor();
      const note = page.getByTestId('withheld-note');
      const sentence = await note.innerText();
      expect(sentence).toMatch(/^No se muestran? las? medias? de /);
      expect(sentence).toContain(`${subject.name} (n = ${subject.n})`);
      expect(sentence).toContain('se muestran solo las medias de al menos 3 entidades, para que nadie pueda deducir la puntuación de otra entidad.');

      const column = (await globalHeaders(page)).findIndex((h) => h.startsWith(subject.name));
      expect(column).toBeGreaterThan(0);
      const total = (await globalBlock(page).locator('tr.comparison-total').innerText()).split('\t');
      expect(total[column]).toBe('—');
      const text = await page.locator('main').innerText();
      const totalCell = total.join(' ');
      expect(totalCell).not.toMatch(subject.cell);
      expect(text).toContain(sentence);
      await screenshot(page, `peers-withheld-${name}`);

      const printed = await printedText(page, `peers-withheld-print-${name}`);
      expect(printed).toContain('para que nadie pueda deducir la puntuación de otra entidad');
      expect(printed).toContain(`${subject.name} (n = ${subject.n})`);
      const printedTotal = /TOTAL ([^A-Za-zÀ-ÿ]*)/.exec(printed)?.[1] ?? '';
      expect(printedTotal).not.toMatch(subject.cell);
      expect(errors).toEqual([]);
      await context.close();
    },
    120_000,
  );
});
