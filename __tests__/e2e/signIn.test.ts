import { serverAndBrowser } from './helpers/appServer.js';
import { newPage, screenshot } from './helpers/browser.js';
import { PHONE } from './helpers/phone.js';

const DESKTOP = { width: 1366, height: 900 };

describe('signing in in Chromium', () => {
  const suite = serverAndBrowser();

  it.each([
    ['desktop', false],
    ['phone', true],
  ])('keeps the language chosen on the sign-in page after signing in, and stores it as the user\'s (%s)', async (size, phone) => {
    const { page, context } = await newPage(suite.browser, phone ? { phone } : { viewport: DESKTOP });
    try {
      if (phone) expect(page.viewportSize()).toEqual(PHONE);
      await page.goto(`${suite.server.url}/auth/login`);
      await page.getByLabel('Idioma').selectOption('ca');
      await page.getByLabel('Correu electrònic').fill('usuario@demo.es');
      await page.getByLabel('Contrasenya', { exact: true }).fill('demo1234');
      const saved = page.waitForRequest((request) => request.url().endsWith('/auth/me/language') && request.method() === 'POST');
      await page.getByRole('button', { name: 'Entra' }).click();
      await page.waitForURL('**/my-campaigns');
      // The server is told the language once the user is known, and keeps it (200).
      const request = await saved;
      expect(request.postDataJSON()).toEqual({ language: 'ca' });
      expect((await request.response())?.status()).toBe(200);
      await page.getByRole('heading', { level: 1, name: 'Campanyes' }).waitFor();
      await screenshot(page, `signin-catalan-${size}`);
      // And after a reload the page is still in Catalan.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Campanyes' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
