import type { Page } from 'playwright-core';
import { serverAndBrowser } from './helpers/appServer.js';
import { newPage, screenshot } from './helpers/browser.js';
import { logIn } from './helpers/session.js';
import { apiGet, apiToken } from './helpers/api.js';
import { expectNoSideScroll } from './helpers/phone.js';
import type { CampaignStatusRow } from '../../src/shared/api/campaigns.js';

/** The status table's cells of one column (1: Entidad ... 5: Estado, 6: Primera respuesta, 7: Fecha de envío, 8: Plazo). */
const column = (page: Page, index: number) => page.locator(`table.list-table tbody tr td:nth-child(${index})`).allInnerTexts();
const rows = (page: Page) => page.locator('table.list-table tbody tr');
const editionSelect = (page: Page) => page.getByRole('combobox', { name: 'Edición', exact: true });
/** The pie's counts as its caption says them: 'Sin Comenzar: n, Ongoing: n, Completa: n'. */
async function pieCounts(page: Page): Promise<Record<string, number>> {
  const caption = page.getByTestId('status-pie').locator('figcaption');
  await caption.waitFor({ state: 'attached' });
  const text = (await caption.textContent()) ?? '';
  return Object.fromEntries([...text.matchAll(/(Sin Comenzar|Ongoing|Completa): (\d+)/g)].map((m) => [m[1], Number(m[2])]));
}
/** The campaigns sent per the map's data table (its 'Enviadas' column, summed over the provinces). */
async function mapSent(page: Page): Promise<number> {
  const cells = await page.locator('[data-testid="status-map-table"] tbody tr td:nth-child(3)').allTextContents();
  return cells.reduce((sum, c) => sum + Number(c), 0);
}
const statusLabel = { created: 'Sin Comenzar', draft: 'Ongoing', sent: 'Completa' } as const;

async function openStatus(page: Page, url: string, email = 'admin@demo.es') {
  await logIn(page, url, email);
  await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
  await page.goto(`${url}/status`);
  await rows(page).first().waitFor();
}

describe('the status table: edition, filters, sort, page size, dates in Chromium', () => {
  const suite = serverAndBrowser();
  let all: CampaignStatusRow[];
  /** The newest edition with campaigns not sent (the page's default), and an older one. */
  let open: number;
  let older: number;

  beforeAll(async () => {
    all = await apiGet<CampaignStatusRow[]>(suite.server.url, await apiToken(suite.server.url, 'admin@demo.es'), '/campaigns/status');
    const years = [...new Set(all.map((r) => r.campaignNumber))].sort((a, b) => b - a);
    open = years.find((y) => all.some((r) => r.campaignNumber === y && r.status !== 'sent'))!;
    older = years.find((y) => y < open)!;
  }, 120_000);

  const ofYear = (year: number) => all.filter((r) => r.campaignNumber === year);
  const countsOf = (year: number) => {
    const counts: Record<string, number> = { 'Sin Comenzar': 0, Ongoing: 0, Completa: 0 };
    for (const r of ofYear(year)) counts[statusLabel[r.status]] += 1;
    return counts;
  };

  it('shows one edition (the open one first): pie, table and map of that edition; another one is chosen, kept on reload', async () => {
    const { page, errors } = await newPage(suite.browser, { viewport: { width: 1366, height: 900 } });
    try {
      await openStatus(page, suite.server.url);
      // The dates are named for what they are, and the deadline has its column.
      for (const name of ['Primera respuesta', 'Fecha de envío', 'Plazo'])
        await page.getByRole('columnheader', { name: new RegExp(`^Ordenar por ${name}`) }).waitFor();
      expect(await editionSelect(page).locator('option:checked').innerText()).toBe(String(open));
      await page.getByRole('combobox', { name: 'Filas por página' }).selectOption('100');
      await page.waitForFunction((n) => document.querySelectorAll('table.list-table tbody tr').length === n, ofYear(open).length);
      expect(new Set(await column(page, 4))).toEqual(new Set([String(open)]));
      // The pie counts this edition only: its counts are the table's rows.
      expect(await pieCounts(page)).toEqual(countsOf(open));
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="status-map-table"] tbody tr').length === 52);
      expect(await mapSent(page)).toBe(countsOf(open).Completa);
      await screenshot(page, 'status-table-open-edition');

      // Another edition: the pie, the table and the map follow.
      const sentBefore = await mapSent(page);
      await editionSelect(page).selectOption({ label: String(older) });
      await page.waitForFunction((n) => document.querySelectorAll('table.list-table tbody tr').length === n, ofYear(older).length);
      expect(new Set(await column(page, 4))).toEqual(new Set([String(older)]));
      expect(await pieCounts(page)).toEqual(countsOf(older));
      if (countsOf(older).Completa !== sentBefore) {
        await page.waitForFunction(
          (n) =>
            [...document.querySelectorAll('[data-testid="status-map-table"] tbody tr td:nth-child(3)')].reduce((s, c) => s + Number(c.textContent), 0) === n,
          countsOf(older).Completa,
        );
      }
      expect(await mapSent(page)).toBe(countsOf(older).Completa);
      // A sent campaign shows its sending date; the deadline column shows a date or a dash.
      const sentRow = ofYear(older).find((r) => r.status === 'sent' && r.endDate)!;
      await page.getByRole('searchbox', { name: 'Buscar por entidad' }).fill(sentRow.entity);
      const row = rows(page).filter({ hasText: sentRow.entity }).first();
      expect((await row.locator('td:nth-child(7)').innerText()).trim()).toMatch(/^(\d{2}\/\d{2}\/\d{4}|Hoy|Ayer)$/);
      expect((await row.locator('td:nth-child(8)').innerText()).trim()).toMatch(/^(\d{2}\/\d{2}\/\d{4}|—)$/);
      // Beside 'Completa', where its review stands.
      const review = { pending: 'Pendiente', changesRequested: 'Correcciones pedidas', validated: 'Validada', none: '' }[sentRow.reviewStatus];
      expect((await row.locator('td:nth-child(5)').innerText()).replace(/\s+/g, ' ').trim()).toBe(`Completa ${review}`);
      await page.getByRole('searchbox', { name: 'Buscar por entidad' }).fill('');

      // The chosen edition survives a reload.
      await page.reload();
      await rows(page).first().waitFor();
      expect(await editionSelect(page).locator('option:checked').innerText()).toBe(String(older));
      expect(new Set(await column(page, 4))).toEqual(new Set([String(older)]));
      expect(errors).toEqual([]);
    } finally {
      await editionSelect(page)
        .selectOption({ label: String(open) })
        .catch(() => undefined);
      await page.context().close();
    }
  }, 180_000);

  it('sorts by a column, filters by status, changes the page size, and says when nothing matches', async () => {
    const { page, errors } = await newPage(suite.browser, { viewport: { width: 1366, height: 900 } });
    try {
      await openStatus(page, suite.server.url);
      await editionSelect(page).selectOption({ label: String(open) });
      // Page size: 7 by default, then 25.
      await page.getByRole('combobox', { name: 'Filas por página' }).selectOption('7');
      expect(await rows(page).count()).toBe(Math.min(7, ofYear(open).length));
      await page.getByRole('combobox', { name: 'Filas por página' }).selectOption('25');
      await page.waitForFunction((n) => document.querySelectorAll('table.list-table tbody tr').length === n, Math.min(25, ofYear(open).length));

      // Sorting by 'Entidad': descending on the second press, with the keyboard.
      const entityHeading = page.getByRole('columnheader', { name: /^Ordenar por Entidad/ });
      expect(await entityHeading.getAttribute('aria-sort')).toBe('ascending');
      await entityHeading.getByRole('button').focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.querySelector('th[aria-sort="descending"]') !== null);
      const names = await column(page, 1);
      const expected = ofYear(open)
        .map((r) => r.entity)
        .sort((a, b) => b.localeCompare(a, 'es', { sensitivity: 'base' }))
        .slice(0, names.length);
      expect(names).toEqual(expected);
      // By status: the not started ones first.
      await page
        .getByRole('columnheader', { name: /^Ordenar por Estado/ })
        .getByRole('button')
        .click();
      const statuses = await column(page, 5);
      const order = ['Sin Comenzar', 'Ongoing', 'Completa'];
      const ranks = statuses.map((s) => order.findIndex((o) => s.startsWith(o)));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      await screenshot(page, 'status-table-sorted');

      // Status filter: only 'Completa'.
      await page.locator('#status-status-toggle').click();
      await page.getByRole('group', { name: 'Estado' }).getByText('Completa', { exact: true }).click();
      await page.getByRole('button', { name: 'Aplicar' }).click();
      const sent = ofYear(open).filter((r) => r.status === 'sent').length;
      await page.waitForFunction((n) => document.querySelectorAll('table.list-table tbody tr').length === n, Math.min(25, sent));
      // Each with where its review stands.
      expect(new Set((await column(page, 5)).map((s) => s.trim().replace(/ (Pendiente|Correcciones pedidas|Validada)$/, '')))).toEqual(new Set(['Completa']));
      expect(await pieCounts(page)).toEqual({ 'Sin Comenzar': 0, Ongoing: 0, Completa: sent });

      // Nothing left: the table says so.
      await page.getByRole('searchbox', { name: 'Buscar por entidad' }).fill('zzzz ninguna');
      await page.getByText('Ninguna campaña coincide con la búsqueda o los filtros.').waitFor();
      await screenshot(page, 'status-table-no-match');
      expect(errors).toEqual([]);
    } finally {
      await page.evaluate(() => localStorage.clear()).catch(() => undefined);
      await page.context().close();
    }
  }, 180_000);

  it('reopening a sent campaign updates the map without a reload', async () => {
    const { page, errors } = await newPage(suite.browser, { viewport: { width: 1366, height: 900 } });
    try {
      await openStatus(page, suite.server.url);
      await editionSelect(page).selectOption({ label: String(open) });
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="status-map-table"] tbody tr').length === 52);
      // Read now: a failed first attempt may have reopened the one the file started with.
      const now = await apiGet<CampaignStatusRow[]>(suite.server.url, await apiToken(suite.server.url, 'admin@demo.es'), '/campaigns/status');
      const target = now.find((r) => r.campaignNumber === open && r.status === 'sent')!;
      const before = await mapSent(page);
      await page.getByRole('searchbox', { name: 'Buscar por entidad' }).fill(target.entity);
      const row = rows(page).filter({ hasText: target.entity }).first();
      await row.getByRole('button', { name: /^Reabrir/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Motivo').fill('Corrección de datos');
      await dialog.getByRole('button', { name: 'Reabrir' }).click();
      await page.waitForFunction(
        (n) => [...document.querySelectorAll('[data-testid="status-map-table"] tbody tr td:nth-child(3)')].reduce((s, c) => s + Number(c.textContent), 0) === n,
        before - 1,
        { timeout: 15_000 },
      );
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 180_000);

  it('fits a phone: the toolbar and the table without a side scroll, sorting from the toolbar', async () => {
    const { page, errors } = await newPage(suite.browser, { phone: true });
    try {
      await openStatus(page, suite.server.url, 'fec@demo.es');
      await page.getByRole('combobox', { name: 'Ordenar por' }).selectOption({ label: 'Entidad' });
      await page.getByRole('button', { name: 'Orden ascendente' }).click();
      await page.getByRole('button', { name: 'Orden descendente' }).waitFor();
      const names = await column(page, 1);
      const clean = names.map((n) => n.replace(/^Entidad\s*/, ''));
      expect(clean).toEqual([...clean].sort((a, b) => b.localeCompare(a, 'es', { sensitivity: 'base' })));
      await page.getByRole('combobox', { name: 'Filas por página' }).scrollIntoViewIfNeeded();
      await expectNoSideScroll(page);
      await screenshot(page, 'status-table-phone');
      await rows(page).first().scrollIntoViewIfNeeded();
      await expectNoSideScroll(page);
      await screenshot(page, 'status-table-phone-rows', { fullPage: false });
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 180_000);
});
