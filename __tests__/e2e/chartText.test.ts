import type { Page } from 'playwright-core';
import { serverAndBrowser } from './helpers/appServer.js';
import { drawEveryChart, newPage, screenshot } from './helpers/browser.js';
import { logIn } from './helpers/session.js';
import { apiGet, apiPost, apiToken } from './helpers/api.js';
import type { EntityRow } from '../../src/shared/api/admin.js';

/** A name an administrator may give an entity: what would be an element and an entity in markup. */
const NAME = '<img src=x onerror=alert(1)> & Cía';

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 900 }, phone: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, phone: true },
] as const;

/** Records the page's CSP violations (an inline handler the policy stopped) from before its first script. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective}: ${e.sample}`));
  });
  return () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

/** Every chart's text as drawn (SVG and HTML labels), and the img elements in charts. */
async function chartsDrawn(page: Page) {
  await drawEveryChart(page);
  const containers = page.locator('.highcharts-container');
  return {
    charts: await containers.count(),
    text: (await containers.allTextContents()).join('\n'),
    images: await page.locator('.highcharts-container img, img[src="x"]').count(),
  };
}

describe('user-written names in charts in Chromium', () => {
  const suite = serverAndBrowser();
  let entity: EntityRow;

  beforeAll(async () => {
    const token = await apiToken(suite.server.url, 'admin@demo.es');
    const entities = await apiGet<EntityRow[]>(suite.server.url, token, '/entities/list');
    const found = entities.filter((e) => !e.archived && e.campaigns.filter((c) => c.status === 'sent').length >= 2).sort((a, b) => a.id - b.id)[0];
    if (!found) throw new Error('The demo has no entity with two sent campaigns');
    entity = (
      await apiPost<{ entity: EntityRow }>(suite.server.url, token, '/entities/update', {
        id: found.id,
        entity: { name: NAME, population: found.population },
        municipalities: found.municipalities.map((m) => m.munId),
      })
    ).entity;
  }, 120_000);

  describe.each(SIZES)('at $name size', (size) => {
    it('draws an entity named with markup as its literal text in the results and comparisons charts, with no element from it', async () => {
      const { page, context, errors } = await newPage(suite.browser, { viewport: size.viewport, phone: size.phone });
      const violations = await watchCsp(page);
      try {
        await logIn(page, suite.server.url, 'admin@demo.es');
        await page.waitForURL('**/status');
        const sent = entity.campaigns.filter((c) => c.status === 'sent');
        await page.goto(`${suite.server.url}/results/${sent.at(-1)!.id}`);
        await page.getByRole('heading', { name: NAME }).first().waitFor();
        const results = await chartsDrawn(page);
        expect(results.charts).toBeGreaterThan(0);
        expect(results.images).toBe(0);
        expect(results.text).toContain(NAME);
        await screenshot(page, `chart-text-results-${size.name}`);

        await page.goto(`${suite.server.url}/comparisons/${sent.at(-1)!.id}`);
        // The entity's name is a series of the trend, in the 'Evolución' tab.
        await page.getByRole('button', { name: 'Evolución', exact: true }).click();
        await page.getByTestId('trend').waitFor();
        const comparisons = await chartsDrawn(page);
        expect(comparisons.charts).toBeGreaterThan(0);
        expect(comparisons.images).toBe(0);
        expect(comparisons.text).toContain(NAME);
        await screenshot(page, `chart-text-comparisons-${size.name}`);

        expect(await violations()).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
});
