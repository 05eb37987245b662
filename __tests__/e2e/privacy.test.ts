import fs from 'node:fs/promises';
import { serverAndBrowser, startAppServer } from './helpers/appServer.js';
import { newPage, screenshot } from './helpers/browser.js';
import { logInAsUser, openSignedIn } from './helpers/session.js';
import { expectNoSideScroll } from './helpers/phone.js';

const DESKTOP = { width: 1366, height: 900 };

describe("'Privacidad': what the application keeps, and a user's own data, in Chromium", () => {
  // The first test erases the demo USER: run again, it needs a server where that user is still there.
  const suite = serverAndBrowser(startAppServer, { freshServerOnRetry: true });

  it('lets a user download their data and ask for its erasure, which an administrator carries out', async () => {
    const { page, context } = await newPage(suite.browser, { viewport: DESKTOP });
    const admin = await newPage(suite.browser, { viewport: DESKTOP });
    try {
      await logInAsUser(page, suite.server.url);
      await page.getByRole('button', { name: 'Abrir el panel de usuario' }).click();
      await page.getByRole('link', { name: 'Privacidad y mis datos' }).click();
      await page.waitForURL('**/privacidad');
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Descargar mis datos' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('mis-datos.json');
      const data = JSON.parse(await fs.readFile((await download.path()) as string, 'utf8'));
      expect(data.account.email).toBe('usuario@demo.es');
      expect(data.memberships.length).toBeGreaterThan(0);
      expect(data.activity.map((row: { action: string }) => row.action)).toContain('auth.login');

      await page.getByLabel('Motivo (opcional)').fill('Dejo el ayuntamiento');
      await page.getByRole('button', { name: 'Pedir que se borren mis datos' }).click();
      await page.getByTestId('privacy-erasure-filed').waitFor();
      await screenshot(page, 'privacy-erasure-filed');

      await openSignedIn(admin.page, suite.server.url, 'admin@demo.es', '/manage/users');
      await admin.page.getByLabel('Buscar por email').fill('usuario@demo.es');
      await admin.page.getByText('Pide borrar sus datos').waitFor();
      await admin.page.getByRole('button', { name: 'Borrar sus datos: usuario@demo.es' }).click();
      const confirm = admin.page.getByRole('dialog', { name: 'Borrar los datos del usuario' });
      await confirm.getByText('Las respuestas y las puntuaciones de sus entidades no cambian.', { exact: false }).waitFor();
      await screenshot(admin.page, 'privacy-erase-confirm', { fullPage: false });
      await confirm.getByRole('button', { name: 'Borrar sus datos' }).click();
      await admin.page.getByText('Se han borrado los datos del usuario').waitFor();
      await admin.page.getByText('Ningún resultado coincide').or(admin.page.getByText('Todavía no hay usuarios.')).first().waitFor();
    } finally {
      await context.close();
      await admin.context.close();
    }
  });

  it('is reachable from the login page without signing in, and fits a phone', async () => {
    const { page, context } = await newPage(suite.browser, { phone: true });
    try {
      await page.goto(`${suite.server.url}/auth/login`);
      await page.getByRole('link', { name: 'Privacidad' }).click();
      await page.waitForURL('**/privacidad');
      await page.getByRole('heading', { level: 1, name: 'Privacidad' }).waitFor();
      await page.getByText('El registro de actividad y los inicios de sesión se conservan 730 días').waitFor();
      await page.getByRole('link', { name: 'Inicia sesión para descargar tus datos o pedir que se borren.' }).waitFor();
      await expectNoSideScroll(page);
      await screenshot(page, 'privacy-phone');
    } finally {
      await context.close();
    }
  });
});
