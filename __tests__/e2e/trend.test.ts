import type { Page } from 'playwright-core';
import { serverAndBrowser, sharedAppServer } from './helpers/appServer.js';
import { drawEveryChart, newPage, screenshot, scrollPageTo } from './helpers/browser.js';
import { openSignedIn } from './helpers/session.js';
import { readPdf } from './helpers/pdf.js';
import { expectNoSideScroll } from './helpers/phone.js';
import { apiGet, apiPost, apiToken } from './helpers/api.js';
import type { ShareResponse } from '../../src/shared/api/results.js';
import type { EntityCampaigns } from '../../src/shared/api/campaigns.js';

const AXES = ['Gobernanza y transparencia', 'Economía circular y residuos', 'Energía y clima', 'Movilidad sostenible', 'Agua, territorio y biodiversidad'];

/** Each row of a table as its cells' texts. */
const rowsOf = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator('table tr')
    .evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll('th, td'), (c) => (c.textContent ?? '').trim())));

describe("'Evolución' in Chromium", () => {
  const suite = serverAndBrowser(sharedAppServer);
  let subject: { campaignId: number; entity: string };
  let token: string;

  beforeAll(async () => {
    token = await apiToken(suite.server.url, 'usuario@demo.es');
    const { entityCampaigns } = await apiGet<EntityCampaigns>(suite.server.url, token, '/campaigns/getByUser?nameWithProvince=true&onlySent=true');
    const threeEditions = entityCampaigns.find((e) => e.campaigns.length === 3);
    if (!threeEditions) throw new Error('The demo USER has no entity with three sent campaigns');
    subject = { campaignId: threeEditions.campaigns.at(-1)!.id, entity: threeEditions.text.split(' - (')[0] };
  }, 120_000);

  it('charts and tables the entity beside its territories in 2024, 2025 and 2026, on screen, in both modes and in print', async () => {
    const { page, context, errors } = await newPage(suite.browser);
    await openSignedIn(page, suite.server.url, 'usuario@demo.es', `/comparisons/${subject.campaignId}`);
    // 'Evolución' has a tab of its own.
    await page.getByRole('button', { name: 'Evolución', exact: true }).click();
    const section = page.getByRole('region', { name: 'Evolución' });
    await section.waitFor();
    await section.scrollIntoViewIfNeeded();
    await section.locator('.highcharts-root').waitFor();
    // The chart: one point per edition on its axis, a line per level in its legend.
    expect(await section.locator('.highcharts-xaxis-labels text').allTextContents()).toEqual(['2024', '2025', '2026']);
    const legend = await section.locator('.highcharts-legend-item').allTextContents();
    expect(legend).toHaveLength(5);
    expect(legend[0]).toBe(subject.entity);
    expect(legend[3]).toBe('España');
    expect(legend[4]).toMatch(/^Entidades de /);
    // Its data table for screen readers: a row per year, a percentage per level.
    const chartRows = await page
      .getByTestId('trend-chart')
      .locator('table tbody tr')
      .evaluateAll((rows) => rows.map((r) => (r.textContent ?? '').trim()));
    expect(chartRows.map((r) => r.slice(0, 4))).toEqual(['2024', '2025', '2026']);
    for (const row of chartRows) expect(row.slice(4)).toMatch(/^(\d{1,3},\d%){5}$/);

    const rows = await rowsOf(page, 'trend-table');
    expect(rows[0]).toEqual(['', '2024', '2025', '2026']);
    const groups = rows.filter((r) => r.length === 1).map((r) => r[0]);
    expect(groups).toEqual(['Resultado global', ...AXES, 'Entidades en cada media (n)']);
    const entityRows = rows.filter((r) => r[0] === subject.entity);
    expect(entityRows).toHaveLength(1 + AXES.length);
    for (const row of entityRows) for (const cell of row.slice(1)) expect(cell).toMatch(/^\d{1,3},\d%$/);
    // The entity's global line is the chart's.
    expect(entityRows[0].slice(1).join('')).toBe(chartRows.map((r) => /^\d{4}(\d{1,3},\d%)/.exec(r)![1]).join(''));
    await screenshot(page, 'trend-desktop');

    // Compared to all, the territories' means change and their sizes are every registered entity.
    const before = await rowsOf(page, 'trend-table');
    await page.getByRole('checkbox', { name: 'Comparar solo con los participantes de la campaña' }).uncheck();
    const after = await rowsOf(page, 'trend-table');
    expect(after.filter((r) => r[0] === subject.entity)).toEqual(before.filter((r) => r[0] === subject.entity));
    expect(after.find((r) => r[0] === 'España')).not.toEqual(before.find((r) => r[0] === 'España'));
    await page.getByRole('checkbox', { name: 'Comparar solo con los participantes de la campaña' }).check();
    // Back to participants, the same figures as before (the chart is redrawn with them, and the table keeps them).
    expect(await rowsOf(page, 'trend-table')).toEqual(before);

    await drawEveryChart(page);
    const pdf = readPdf(await page.pdf({ format: 'A4', printBackground: true }), 'trend-pdf');
    const trendPage = pdf.split('\f').find((p) => p.includes('Evolución'));
    expect(trendPage).toBeDefined();
    expect(trendPage).toContain('2024');
    expect(trendPage).toContain('Resultado global por campaña');
    expect(pdf).toContain('Entidades en cada media (n)');
    // On paper, the entity's global percentages are those of the screen.
    expect(pdf).not.toContain('NaN');
    expect(
      trendPage!
        .split('\n')
        .find((line) => line.includes(subject.entity) && /\d,\d%/.test(line))
        ?.match(/\d{1,3},\d%/g),
    ).toEqual(entityRows[0].slice(1));
    expect(errors).toEqual([]);
    await context.close();
  });

  it("is on the shared comparison link too, read with the link's token", async () => {
    const { urlComparisons } = await apiPost<ShareResponse>(suite.server.url, token, '/campaigns/share', { id: subject.campaignId });
    const { page, context, errors } = await newPage(suite.browser);
    await page.goto(`${suite.server.url}${new URL(urlComparisons, suite.server.url).pathname}`);
    // 'Evolución' has a tab of its own.
    await page.getByRole('button', { name: 'Evolución', exact: true }).click();
    const section = page.getByRole('region', { name: 'Evolución' });
    await section.waitFor();
    expect((await rowsOf(page, 'trend-table'))[0]).toEqual(['', '2024', '2025', '2026']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 390 px phone: neither the page nor the table scrolls sideways', async () => {
    const { page, context, errors } = await newPage(suite.browser, { phone: true });
    await openSignedIn(page, suite.server.url, 'usuario@demo.es', `/comparisons/${subject.campaignId}`);
    await page.getByRole('button', { name: 'Evolución', exact: true }).click();
    const section = page.getByTestId('trend');
    await section.waitFor();
    await section.scrollIntoViewIfNeeded();
    await section.locator('.highcharts-root').waitFor();
    await expectNoSideScroll(page);
    // Three editions fit beside the names: the table needs no sideways scroll of its own either.
    const table = page.getByTestId('trend-table').getByTestId('wide-table-scroll');
    expect(await table.evaluate((box) => ({ scrollWidth: box.scrollWidth, fits: box.scrollWidth <= box.clientWidth }))).toEqual({
      scrollWidth: expect.any(Number),
      fits: true,
    });
    await screenshot(page, 'trend-phone-page');
    await scrollPageTo(page, 0);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'trend-phone', { fullPage: false });
    await page.getByTestId('trend-table').scrollIntoViewIfNeeded();
    await screenshot(page, 'trend-phone-table', { fullPage: false });
    expect(errors).toEqual([]);
    await context.close();
  });
});
