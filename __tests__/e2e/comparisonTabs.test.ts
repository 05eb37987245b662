import { serverAndBrowser, sharedAppServer } from './helpers/appServer.js';
import { newPage, screenshot, waitForCount } from './helpers/browser.js';
import { openSignedIn } from './helpers/session.js';
import { apiGet, apiToken } from './helpers/api.js';
import { expectNoSideScroll } from './helpers/phone.js';
import { readPdf } from './helpers/pdf.js';
import type { EntityCampaigns } from '../../src/shared/api/campaigns.js';

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 900 }, phone: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, phone: true },
] as const;

describe("comparisons' tabs and bars in Chromium", () => {
  const suite = serverAndBrowser(sharedAppServer);
  let campaignId: number;

  beforeAll(async () => {
    const token = await apiToken(suite.server.url, 'usuario@demo.es');
    const { entityCampaigns } = await apiGet<EntityCampaigns>(suite.server.url, token, '/campaigns/getByUser?nameWithProvince=true&onlySent=true');
    const twoEditions = entityCampaigns.find((e) => e.campaigns.length >= 2);
    if (!twoEditions) throw new Error('The demo USER has no entity with two sent campaigns');
    campaignId = twoEditions.campaigns.at(-1)!.id;
  }, 120_000);

  describe.each(SIZES)('at $name size', (size) => {
    it("opens 'Evolución' in a tab of its own, and a group's 'Radar / Barras' switch shows its figures as bars, by keyboard", async () => {
      const { page, context, errors } = await newPage(suite.browser, { viewport: size.viewport, phone: size.phone });
      try {
        await openSignedIn(page, suite.server.url, 'usuario@demo.es', `/comparisons/${campaignId}`);
        await page.getByTestId('group-campaign').waitFor();
        const tab = page.getByRole('button', { name: 'Evolución', exact: true });
        await tab.waitFor();
        // The tab is on the first screen; the trend is not under the radars any more.
        expect((await tab.boundingBox())!.y).toBeLessThan(size.viewport.height);
        expect(await page.getByTestId('trend').isVisible()).toBe(false);

        await tab.click();
        const trend = page.getByRole('region', { name: 'Evolución' });
        await trend.waitFor();
        expect((await trend.boundingBox())!.y).toBeLessThan(size.viewport.height);
        expect(await page.getByTestId('group-campaign').isVisible()).toBe(false);
        await screenshot(page, `comparison-tabs-trend-${size.name}`);

        await page.getByRole('button', { name: 'Comparativa por grupos', exact: true }).click();
        const province = page.getByTestId('group-province');
        await province.waitFor();
        const radars = await province.getByTestId('radar').count();
        expect(radars).toBeGreaterThan(0);
        const policies = (await province.getByTestId('radar-key').first().locator('li').allTextContents()).map((t) => t.trim());
        // The switch is two radio buttons: the arrow key moves from 'Radar' to 'Barras'.
        const switcher = province.getByRole('group', { name: 'Tipo de gráfico: Provincia' });
        await switcher.getByRole('radio', { name: 'Radar' }).focus();
        await page.keyboard.press('ArrowRight');
        expect(await switcher.getByRole('radio', { name: 'Barras' }).isChecked()).toBe(true);
        expect(await province.getByTestId('group-bars').count()).toBe(radars);
        // The bars are drawn as they come near the screen (the hidden tab's chart waits for its tab or paper).
        for (const bars of await province.getByTestId('group-bars').all()) await bars.scrollIntoViewIfNeeded();
        await waitForCount(province.getByTestId('chart-pending'), 0);
        expect(await province.getByTestId('radar').count()).toBe(0);
        // The other groups keep their radars.
        expect(await page.getByTestId('group-campaign').getByTestId('radar').count()).toBe(radars);
        const labels = (await province.getByTestId('group-bars').first().locator('.highcharts-xaxis-labels').textContent()) ?? '';
        for (const policy of policies) expect(labels.replace(/[\s\u200b]+/g, '')).toContain(policy.replace(/\s+/g, ''));
        const legend = (await province.getByTestId('group-bars').first().locator('.highcharts-legend').textContent()) ?? '';
        expect(legend).toContain('Campaña actual');
        if (size.phone) await expectNoSideScroll(page);
        await province.scrollIntoViewIfNeeded();
        await screenshot(page, `comparison-bars-${size.name}`);

        // Paper gets the groups and the trend, whichever tab is open.
        const pdf = readPdf(await page.pdf({ format: 'A4', printBackground: true }), `comparison-tabs-pdf-${size.name}`);
        expect(pdf).toContain('Evolución');
        expect(pdf).toContain('Resultado global por campaña');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }, 120_000);
  });
});
