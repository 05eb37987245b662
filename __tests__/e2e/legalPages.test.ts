import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { serverAndBrowser, startAppServer } from './helpers/appServer.js';
import { newPage, screenshot } from './helpers/browser.js';
import { logIn } from './helpers/session.js';
import { apiGet, apiPost, apiToken } from './helpers/api.js';
import type { CampaignSummary } from '../../src/shared/api/campaigns.js';
import { seriousViolations } from './helpers/axe.js';
import { expectNoSideScroll } from './helpers/phone.js';
import { madridDate } from '../../src/shared/dates.js';

const DESKTOP = { width: 1366, height: 900 };
const catalogue = (language: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../i18n', `${language}.json`), 'utf8'));
const SPANISH = catalogue('es');

/**
 * The Spanish texts of the interface a page in `language` must not show: each whole message without placeholders,
 * of three words or more (two, 'comunidad autónoma', are also the questions' own words, which are Spanish data), that
 * the language writes otherwise (a proper noun or an acronym reads the same).
 */
function spanishLeftOn(language: string): (text: string) => string[] {
  const own = catalogue(language);
  const ownTexts = Object.values(own).join('\n');
  const phrases = Object.entries(SPANISH)
    .filter(([key, text]) => !/[{}<]/.test(text) && text.trim().split(/\s+/).length >= 3 && own[key] !== text && !ownTexts.includes(text))
    .map(([, text]) => text);
  return (screen) => phrases.filter((phrase) => screen.includes(phrase));
}

/** Signs in through the login form whatever its language. */
async function signIn(page: Page, url: string, email: string): Promise<void> {
  await page.locator('input[type=email]').fill(email);
  await page.locator('input[type=password]').fill('demo1234');
  await page.locator('form button[type=submit]').click();
  await page.waitForURL((address) => !address.pathname.startsWith('/auth'));
}

describe("'Accesibilidad': the statement linked from every page, its complaints, and the languages of Spain, in Chromium", () => {
  const suite = serverAndBrowser();

  it.each([
    ['gl', 'Accesibilidade', 'Declaración de accesibilidade'],
    ['eu', 'Irisgarritasuna', 'Irisgarritasun-adierazpena'],
  ] as const)(
    'links the statement from the login page, a questionnaire, a report and a public page in %s, with no Spanish left',
    async (language, link, title) => {
      const { page, context } = await newPage(suite.browser, { viewport: DESKTOP, bypassCSP: true });
      const leftovers = spanishLeftOn(language);
      /** The page's own words: no Spanish phrase of the interface, and the link to the statement. */
      const checkPage = async (name: string) => {
        await page.getByRole('link', { name: link, exact: true }).first().waitFor();
        expect([name, leftovers(await page.locator('body').innerText())]).toEqual([name, []]);
        await screenshot(page, `legal-${language}-${name}`);
      };
      try {
        await page.goto(`${suite.server.url}/auth/login`);
        await page.locator('#language-select').selectOption(language);
        await page.locator('html').getAttribute('lang');
        await checkPage('login');

        await page.getByRole('link', { name: link, exact: true }).click();
        await page.waitForURL('**/accesibilidad');
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        await page.getByTestId('accessibility-conformance').waitFor();
        await checkPage('statement');
        expect(await seriousViolations(page)).toEqual([]);

        await page.goto(`${suite.server.url}/auth/login`);
        await signIn(page, suite.server.url, 'usuario@demo.es');
        await page.waitForURL(/my-campaigns/);
        const token = await apiToken(suite.server.url, 'usuario@demo.es');
        const campaigns = await apiGet<CampaignSummary[]>(suite.server.url, token, '/campaigns/all');
        const draft = campaigns.find((c) => c.status !== 'sent')!;
        const sent = campaigns.find((c) => c.status === 'sent')!;
        await page.goto(`${suite.server.url}/my-campaigns/${draft.id}`);
        await page.locator('.questionnaire-header').waitFor();
        await page.getByTestId('questions-language').waitFor();
        await checkPage('questionnaire');

        await page.goto(`${suite.server.url}/results/${sent.id}`);
        await page.getByTestId('block-global').waitFor();
        await checkPage('report');

        await page.goto(`${suite.server.url}/publico?lang=${language}`);
        await checkPage('public');
        await page.getByRole('link', { name: link, exact: true }).click();
        await page.waitForURL(`**/accesibilidad?lang=${language}`);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
      } finally {
        await context.close();
      }
    },
  );

  it('passes axe on the privacy page', async () => {
    const { page, context } = await newPage(suite.browser, { viewport: DESKTOP, bypassCSP: true });
    try {
      await page.goto(`${suite.server.url}/privacidad`);
      await page.getByRole('heading', { level: 1, name: 'Privacidad' }).waitFor();
      await page.getByTestId('privacy-retention').getByText('730 días', { exact: false }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

/**
 * On a server of its own, renewed if the test runs again: its first attempt changes the statement the phone reads
 * first (the demo's), so a retry on the same data would fail for that alone.
 */
describe("'Accesibilidad': a complaint and the statement's yearly review, in Chromium", () => {
  const suite = serverAndBrowser(startAppServer, { freshServerOnRetry: true });

  it('takes a complaint from anyone on a phone, and tells the administrator, who reviews the statement when the status page asks', async () => {
    const phone = await newPage(suite.browser, { phone: true, bypassCSP: true });
    const admin = await newPage(suite.browser, { viewport: DESKTOP, bypassCSP: true });
    try {
      await phone.page.goto(`${suite.server.url}/auth/login`);
      await phone.page.getByRole('link', { name: 'Accesibilidad', exact: true }).click();
      await phone.page.getByRole('heading', { level: 1, name: 'Declaración de accesibilidad' }).waitFor();
      await phone.page.getByText('Los mapas de España se recorren mejor con el ratón').waitFor();
      await phone.page.getByRole('button', { name: 'Enviar' }).click();
      await phone.page.getByText('Escribe una dirección de correo válida.').waitFor();
      await phone.page.getByText('Escribe tu mensaje.').waitFor();
      await phone.page.getByLabel('Tu correo electrónico').fill('vecina@ejemplo.es');
      await phone.page.getByLabel('Qué ha ocurrido o qué necesitas').fill('No puedo abrir el mapa con el teclado.');
      await phone.page.getByRole('button', { name: 'Enviar' }).click();
      await phone.page.getByTestId('accessibility-complaint-sent').waitFor();
      await expectNoSideScroll(phone.page);
      expect(await seriousViolations(phone.page)).toEqual([]);
      await screenshot(phone.page, 'accessibility-phone');

      // A statement last reviewed thirteen months ago: the status page asks for a review.
      const token = await apiToken(suite.server.url, 'admin@demo.es');
      const old = madridDate(new Date(Date.now() - 396 * 86_400_000));
      await apiPost(suite.server.url, token, '/accessibility/statement/update', { conformance: 'PARTIAL', exceptions: 'Los mapas.', reviewedOn: old });
      await logIn(admin.page, suite.server.url, 'admin@demo.es');
      await admin.page.waitForURL('**/status');
      const warning = admin.page.getByTestId('accessibility-review-overdue');
      await warning.getByText('hace más de 12 meses', { exact: false }).waitFor();
      await screenshot(admin.page, 'accessibility-status-overdue', { fullPage: false });
      await warning.getByRole('link', { name: 'Revisar la declaración' }).click();
      await admin.page.waitForURL('**/accesibilidad');
      await admin.page.getByText('No puedo abrir el mapa con el teclado.').waitFor();
      await admin.page.getByText('vecina@ejemplo.es').waitFor();
      await admin.page.getByLabel('Contenido no accesible (uno por línea; vacío si no se conoce ninguno)').fill('Los mapas de España.\nLos PDF impresos.');
      await admin.page.getByLabel('Fecha de esta revisión').fill(madridDate(new Date()));
      await admin.page.getByRole('button', { name: 'Guardar la declaración' }).click();
      await admin.page.getByText('Declaración guardada.').waitFor();
      await admin.page.getByTestId('accessibility-exceptions').getByText('Los PDF impresos.').waitFor();
      expect(await seriousViolations(admin.page)).toEqual([]);
      await screenshot(admin.page, 'accessibility-admin');

      await admin.page.getByRole('link', { name: 'Volver a la aplicación' }).click();
      await admin.page.waitForURL('**/status');
      await admin.page.getByRole('heading', { name: 'Estado' }).or(admin.page.locator('main h1, main h2').first()).first().waitFor();
      expect(await admin.page.getByTestId('accessibility-review-overdue').count()).toBe(0);
    } finally {
      await phone.context.close();
      await admin.context.close();
    }
  });
});
