import type { Page } from 'playwright-core';
import { serverAndBrowser, sharedAppServer } from './helpers/appServer.js';
import { newPage, screenshot } from './helpers/browser.js';
import { logInAsUser, openSignedIn } from './helpers/session.js';
import { readPdf } from './helpers/pdf.js';
import { apiGet, apiToken } from './helpers/api.js';
import type { EntityCampaigns } from '../../src/shared/api/campaigns.js';

/** The hidden data table of a group's first radar, as text: what a screen reader reads of it. */
const firstRadarData = (page: Page, group: string) => page.getByTestId(`group-${group}`).getByTestId('radar').first().locator('table').innerText();

describe('comparisons in Chromium', () => {
  const suite = serverAndBrowser(sharedAppServer);
  let entities: EntityCampaigns['entityCampaigns'];

  beforeAll(async () => {
    const token = await apiToken(suite.server.url, 'usuario@demo.es');
    entities = (await apiGet<EntityCampaigns>(suite.server.url, token, '/campaigns/getByUser?nameWithProvince=true&onlySent=true')).entityCampaigns;
  }, 120_000);

  it('shows the USER four groups of radars with both campaigns, and the participants checkbox changes the province', async () => {
    const twoEditions = entities.find((e) => e.campaigns.length >= 2);
    if (!twoEditions) throw new Error('The demo USER has no entity with two sent campaigns');
    const { page, context, errors } = await newPage(suite.browser);
    await logInAsUser(page, suite.server.url);
    await page.getByRole('link', { name: 'Comparativas' }).click();
    await page.getByText('Por favor, selecciona una entidad específica para que pueda mostrarse su comparativa detallada.').waitFor();
    await page.getByRole('button', { name: /^Entidad/ }).click();
    await page.getByRole('button', { name: twoEditions.text, exact: true }).click();
    await page.waitForURL(new RegExp(`/comparisons/${twoEditions.campaigns.at(-1)!.id}$`));
    await page.getByTestId('group-autonomousCommunity').waitFor();
    // The report's heading names the entity, then come the groups; the trend across its editions has a tab of its own.
    await page.getByRole('button', { name: 'Evolución', exact: true }).waitFor();
    expect(await page.locator('main').getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      twoEditions.text.split(' - (')[0],
      'Entidad',
      'Provincia',
      'CCAA',
      'Entidades de tamaño similar',
    ]);
    const legend = (await page.getByTestId('group-campaign').locator('.highcharts-legend').first().textContent()) ?? '';
    expect(legend).toContain('Campaña actual');
    expect(legend).toContain('Campaña anterior');
    expect(await page.getByTestId('no-previous').count()).toBe(0);
    await screenshot(page, 'comparisons-two-editions');

    const pages = readPdf(await page.pdf({ format: 'A4', printBackground: true }), 'comparisons-pdf')
      .split('\f')
      .filter((p) => p.trim() !== '');
    // The heading opens the first page, the 'Entidad' radars under it; then each group's radars on a page and
    // its differences table on the next; '¿Cómo se calcula?' at the end.
    const firstLines = pages.map((p) => p.trim().split('\n')[0].trim());
    expect(firstLines[0]).toBe('COMPARATIVAS');
    expect(firstLines).toEqual(
      expect.arrayContaining([
        'Provincia',
        'CCAA',
        'Entidades de tamaño similar',
        ...['Entidad', 'Provincia', 'CCAA', 'Entidades de tamaño similar'].map((g) => `${g}: diferencias entre campañas`),
      ]),
    );
    expect(pages.at(-1)).toContain('¿Cómo se calculan los resultados?');
    expect(pages.join('')).not.toContain('Imprimir en PDF');

    const before = await firstRadarData(page, 'province');
    await page.getByRole('checkbox', { name: 'Comparar solo con los participantes de la campaña' }).uncheck();
    const after = await firstRadarData(page, 'province');
    expect(after).not.toBe(before);
    expect(await firstRadarData(page, 'campaign')).toContain('Campaña anterior');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says so when the entity has no earlier campaign, and a shared comparison opens in a fresh browser', async () => {
    const oneEdition = entities.find((e) => e.campaigns.length === 1);
    if (!oneEdition) throw new Error('The demo USER has no entity with a single sent campaign');
    const { page, context } = await newPage(suite.browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
    await openSignedIn(page, suite.server.url, 'usuario@demo.es', `/comparisons/${oneEdition.campaigns[0].id}`);
    await page.getByTestId('group-campaign').waitFor();
    expect(await page.getByTestId('no-previous').count()).toBe(4);
    await screenshot(page, 'comparisons-one-edition');
    await page.getByRole('button', { name: 'Compartir' }).click();
    await page.getByText('Link copiado en el portapapeles').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${suite.server.url}/comparisons/0/`));
    await context.close();

    const visitor = await newPage(suite.browser);
    await visitor.page.goto(link);
    await visitor.page.getByTestId('group-province').waitFor();
    expect(await visitor.page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      oneEdition.text.split(' - (')[0],
      'Entidad',
      'Provincia',
      'CCAA',
      'Entidades de tamaño similar',
    ]);
    await screenshot(visitor.page, 'comparisons-shared');
    await visitor.page.goto(`${suite.server.url}/comparisons/0/not-a-token`);
    await visitor.page.getByText('Link compartido incorrecto.').waitFor();
    await visitor.context.close();
  });
});
