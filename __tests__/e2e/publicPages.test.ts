import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import { serverAndBrowser, startAppServer } from './helpers/appServer.js';
import { newPage, screenshot } from './helpers/browser.js';
import { logInAsUser, openSignedIn } from './helpers/session.js';
import { apiGet, apiPost, apiToken } from './helpers/api.js';
import { expectNoSideScroll } from './helpers/phone.js';
import { seriousViolations } from './helpers/axe.js';
import { readPdf } from './helpers/pdf.js';
import type { EditionRow } from '../../src/shared/api/editions.js';
import type { CampaignSeal, PublicEdition } from '../../src/shared/api/publication.js';
import type { CampaignSummary } from '../../src/shared/api/campaigns.js';

/** A site of another origin whose page frames the embed page of `src`. */
async function framingSite(): Promise<{ origin: string; show: (src: string) => void; close: () => Promise<void> }> {
  let src = '';
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="es"><title>Diario</title><h1>Diario local</h1><iframe title="Índice" src="${src}" width="600" height="500"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, show: (s) => (src = s), close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * The public face of a final edition in Chromium, as a visitor without an account meets it: the list of editions,
 * an edition's figures and ranking (searched and filtered), an entity's profile, the open data downloaded; on a
 * phone; with JavaScript off; and the embed page in the frame of a site EMBED_ORIGINS lists, and of one it does not.
 */
describe('the public pages in Chromium', () => {
  const sites: Awaited<ReturnType<typeof framingSite>>[] = [];
  const suite = serverAndBrowser(async () => {
    sites.push(await framingSite(), await framingSite());
    return startAppServer({ EMBED_ORIGINS: sites[0].origin });
  });
  let year = 0;
  let edition: PublicEdition;

  beforeAll(async () => {
    // The demo's earliest edition, reviewed and past its period to object, published as final; two of its entities publish.
    const admin = await apiToken(suite.server.url, 'admin@demo.es');
    const editions = await apiGet<EditionRow[]>(suite.server.url, admin, '/editions/list');
    year = Math.min(...editions.map((e) => e.year));
    const rows = await fetch(`${suite.server.url}/api/v1/public/editions`).then((r) => r.json() as Promise<{ response: { editions: { year: number }[] } }>);
    if (!rows.response.editions.some((e) => e.year === year)) {
      for (let id = 1; id <= 12; id += 1) await apiPost(suite.server.url, admin, '/entities/publication', { id, publish: true });
      // One threshold for every population: the demo user's best percentage that year, so that its best campaign
      // holds a seal and the others lack points.
      const userToken = await apiToken(suite.server.url, 'usuario@demo.es');
      const sent = (await apiGet<CampaignSummary[]>(suite.server.url, userToken, '/campaigns/all')).filter(
        (c) => c.campaignNumber === year && c.status === 'sent',
      );
      const percentages = await Promise.all(
        sent.map(async (c) => (await apiGet<CampaignSeal>(suite.server.url, userToken, `/campaigns/seal?id=${c.id}`)).percentage ?? 0),
      );
      const best = Math.floor(Math.max(...percentages) * 1000) / 1000;
      await apiPost(suite.server.url, admin, '/editions/seal', { campaignNumber: year, thresholds: [{ maxPopulation: null, minPercentage: best }] });
      await apiPost(suite.server.url, admin, '/editions/publishFinal', { campaignNumber: year });
    }
    edition = ((await fetch(`${suite.server.url}/api/v1/public/edition?year=${year}`).then((r) => r.json())) as { response: PublicEdition }).response;
    expect(edition.ranking.length).toBeGreaterThan(0);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(sites.map((s) => s.close()));
  });

  it('lets a visitor open an edition, search and filter its ranking, open an entity and download the open data', async () => {
    const { page, context, errors } = await newPage(suite.browser);
    try {
      await page.goto(`${suite.server.url}/publico`);
      await page.getByRole('heading', { level: 1, name: 'Resultados públicos' }).waitFor();
      await page.getByRole('link', { name: `Edición ${year}` }).click();
      await page.getByRole('heading', { level: 1, name: `Resultados de la edición ${year}` }).waitFor();
      expect(await page.title()).toBe(`Resultados de la edición ${year} · Campañas de indicadores`);
      const ranking = page.locator('table.ranking tbody tr');
      expect(await ranking.count()).toBe(edition.ranking.length);

      // Search by a word of the first entity's name, accents and case aside, within its community.
      const [first] = edition.ranking;
      const word = first.entity.split(' ').at(-1)!;
      await page.getByLabel('Buscar entidad').fill(word.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase());
      await page.getByRole('combobox', { name: 'Comunidad autónoma' }).selectOption(first.communityId);
      await page.getByRole('button', { name: 'Filtrar' }).click();
      await page.waitForURL(/comunidad=/);
      expect(await ranking.count()).toBeGreaterThanOrEqual(1);
      expect(await page.locator('table.ranking tbody tr th a').allTextContents()).toContain(first.entity);
      expect(await page.getByRole('combobox', { name: 'Comunidad autónoma' }).inputValue()).toBe(first.communityId);
      await screenshot(page, 'public-edition-filtered');

      // A community without publishing entities: said so.
      const empty = edition.communities.find((c) => !edition.ranking.some((r) => r.communityId === c.id))!;
      await page.getByLabel('Buscar entidad').fill('');
      await page.getByRole('combobox', { name: 'Comunidad autónoma' }).selectOption(empty.id);
      await page.getByRole('button', { name: 'Filtrar' }).click();
      await page.getByText('Ninguna entidad coincide con los filtros.').waitFor();
      await page.getByRole('link', { name: 'Quitar filtros' }).click();
      await page.waitForURL(new RegExp(`/publico/${year}$`));

      await page.getByRole('link', { name: first.entity }).click();
      await page.getByRole('heading', { level: 1, name: first.entity }).waitFor();
      expect(await page.locator('.figures').textContent()).toContain(`${(first.percentage * 100).toFixed(1).replace('.', ',')}%`);
      await screenshot(page, 'public-entity');
      await page.getByRole('link', { name: `Volver a la edición ${year}` }).click();

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Descargar CSV' }).click()]);
      expect(download.suggestedFilename()).toBe(`indice-${year}.csv`);
      const csv = fs.readFileSync((await download.path())!, 'utf8');
      expect(csv).toContain('CC BY 4.0');
      expect(csv).toContain(first.entity);

      // On paper: the figures and the ranking, without the navigation, the filters or the downloads.
      const printed = readPdf(await page.pdf({ format: 'A4', printBackground: true }), 'public-edition-pdf').replace(/\s+/g, ' ');
      expect(printed).toContain(`Resultados de la edición ${year}`);
      expect(printed).toContain('Media de España');
      expect(printed).toContain('Clasificación de las entidades que publican sus resultados');
      expect(printed).toContain(`${(first.percentage * 100).toFixed(1).replace('.', ',')}%`);
      expect(printed).not.toContain('Filtrar');
      expect(printed).not.toContain('Descargar CSV');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('reads in another language, on a phone without sideways scrolling, and with JavaScript off', async () => {
    const phone = await newPage(suite.browser, { phone: true });
    try {
      await phone.page.goto(`${suite.server.url}/publico/${year}`);
      await phone.page.getByRole('link', { name: 'Català' }).click();
      await phone.page.getByRole('heading', { level: 1, name: `Resultats de l'edició ${year}` }).waitFor();
      expect(await phone.page.getAttribute('html', 'lang')).toBe('ca');
      await expectNoSideScroll(phone.page);
      await screenshot(phone.page, 'public-edition-phone');
    } finally {
      await phone.context.close();
    }
    const context = await suite.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto(`${suite.server.url}/publico/${year}`);
      expect(await page.title()).toBe(`Resultados de la edición ${year} · Campañas de indicadores`);
      const figures = await page.locator('.figures').textContent();
      expect(figures).toContain(`${edition.country.participants} / ${edition.country.registered}`);
      expect(figures).toContain('Media de España');
      // The filters work without a script: a form the server answers.
      await page.getByRole('combobox', { name: 'Comunidad autónoma' }).selectOption(edition.ranking[0].communityId);
      await page.getByRole('button', { name: 'Filtrar' }).click();
      await page.waitForURL(/comunidad=/);
      expect(await page.locator('table.ranking tbody tr th a').allTextContents()).toContain(edition.ranking[0].entity);
    } finally {
      await context.close();
    }
  });

  it('shows the embed page in the frame of a site EMBED_ORIGINS lists, and not in the frame of another', async () => {
    const { page, context, errors } = await newPage(suite.browser);
    try {
      const embed = `${suite.server.url}/publico/${year}/embed?vista=ranking`;
      for (const site of sites) site.show(embed);
      await page.goto(sites[0].origin);
      const framed = page.frameLocator('iframe');
      await framed.getByRole('heading', { level: 1, name: `Resultados de la edición ${year}` }).waitFor();
      expect(await framed.locator('table.ranking tbody tr').count()).toBe(Math.min(10, edition.ranking.length));
      expect(await framed.getByRole('link', { name: 'Ver los resultados completos' }).getAttribute('target')).toBe('_blank');
      await screenshot(page, 'public-embed-listed', { fullPage: false });

      await page.goto(sites[1].origin);
      await page.getByRole('heading', { name: 'Diario local' }).waitFor();
      // The browser refuses to show it: the frame holds no page of the app.
      const frame = page.frames().find((f) => f !== page.mainFrame())!;
      for (let wait = 0; wait < 100 && !frame.url().startsWith('chrome-error:'); wait += 1) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(frame.url()).toMatch(/^chrome-error:/);
      expect(await frame.getByText(`Resultados de la edición ${year}`).count()).toBe(0);
      expect(errors.join('\n')).toMatch(/violates the following Content Security Policy directive: "frame-ancestors /);
    } finally {
      await context.close();
    }
  });

  it('has no serious accessibility violation on the edition and entity pages', async () => {
    const { page, context } = await newPage(suite.browser, { bypassCSP: true });
    try {
      for (const path of [`/publico/${year}`, `/publico/${year}/entidad/${edition.ranking[0].entityId}`, '/publico']) {
        await page.goto(`${suite.server.url}${path}`);
        expect([path, await seriousViolations(page)]).toEqual([path, []]);
      }
    } finally {
      await context.close();
    }
  });

  it("shows an entity its seal under its results, with the badge and the HTML, or the points it lacks; ADMIN sets the next edition's thresholds", async () => {
    const userToken = await apiToken(suite.server.url, 'usuario@demo.es');
    const mine = (await apiGet<CampaignSummary[]>(suite.server.url, userToken, '/campaigns/all')).filter(
      (c) => c.campaignNumber === year && c.status === 'sent',
    );
    const seals = await Promise.all(mine.map((c) => apiGet<CampaignSeal>(suite.server.url, userToken, `/campaigns/seal?id=${c.id}`)));
    const held = mine.find((_, i) => seals[i].seal !== null);
    const lacking = mine.find((_, i) => seals[i].seal === null && seals[i].threshold !== null && seals[i].percentage !== null);
    expect(held).toBeDefined();
    // The next edition without thresholds, as the demo has it, even when a failed first attempt saved some.
    const adminToken = await apiToken(suite.server.url, 'admin@demo.es');
    const next = await apiGet<{ thresholds: unknown[] }>(suite.server.url, adminToken, `/editions/seal/state?campaignNumber=${year + 1}`);
    if (next.thresholds.length > 0) await apiPost(suite.server.url, adminToken, '/editions/seal', { campaignNumber: year + 1, thresholds: [] });
    const user = await newPage(suite.browser, { phone: true });
    const admin = await newPage(suite.browser);
    try {
      await logInAsUser(user.page, suite.server.url);
      if (held) {
        await user.page.goto(`${suite.server.url}/results/${held.id}`);
        const block = user.page.getByTestId('seal-block');
        await block.getByRole('heading', { name: `Sello ${year}` }).waitFor();
        expect(await block.getByRole('link', { name: 'Descargar el sello (SVG)' }).getAttribute('download')).toBe(`sello-${year}.svg`);
        const snippet = await block.getByLabel('Código HTML para tu web').inputValue();
        const code = snippet.match(/\/sello\/([0-9a-f]{32})"/)![1];
        await block.scrollIntoViewIfNeeded();
        await expectNoSideScroll(user.page);
        await screenshot(user.page, 'seal-results-phone', { fullPage: false });
        // Anyone verifies it at the address the snippet links to.
        const verified = await fetch(`${suite.server.url}/sello/${code}`).then((r) => r.text());
        expect(verified).toContain('Sello auténtico:');
      }
      if (lacking) {
        await user.page.goto(`${suite.server.url}/results/${lacking.id}`);
        await user.page.getByText(/le faltan [\d,]+ puntos porcentuales\.$/).waitFor();
      }

      await openSignedIn(admin.page, suite.server.url, 'admin@demo.es', '/manage/editions');
      const newest = year + 1;
      await admin.page.getByRole('button', { name: `Umbrales del sello de la edición ${newest}` }).click();
      const dialog = admin.page.getByRole('dialog', { name: `Umbrales del sello · Edición ${newest}` });
      await dialog.getByText('Sin umbrales: la edición no concede sellos.').waitFor();
      await dialog.getByRole('button', { name: 'Añadir tramo' }).click();
      await dialog.getByRole('button', { name: 'Añadir tramo' }).click();
      await dialog.getByLabel('Habitantes del tramo 1').fill('10000');
      await dialog.getByLabel('Puntuación mínima del tramo 1 (%)').fill('85');
      await dialog.getByLabel('Puntuación mínima del tramo 2 (%)').fill('80,5');
      await screenshot(admin.page, 'seal-thresholds-dialog', { fullPage: false });
      await dialog.getByRole('button', { name: 'Guardar umbrales' }).click();
      await admin.page.getByText(`Umbrales del sello de la edición ${newest} guardados`).waitFor();
      const admin2 = await apiToken(suite.server.url, 'admin@demo.es');
      expect(await apiGet(suite.server.url, admin2, `/editions/seal/state?campaignNumber=${newest}`)).toEqual({
        campaignNumber: newest,
        thresholds: [
          { maxPopulation: 10000, minPercentage: 0.85 },
          { maxPopulation: null, minPercentage: 0.805 },
        ],
      });
      expect([...user.errors, ...admin.errors]).toEqual([]);
    } finally {
      await user.context.close();
      await admin.context.close();
    }
  });
});
