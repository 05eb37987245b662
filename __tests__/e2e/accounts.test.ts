import type { Page } from 'playwright-core';
import { serverAndBrowser, startAppServer } from './helpers/appServer.js';
import { newPage, screenshot } from './helpers/browser.js';
import { logIn, openSignedIn } from './helpers/session.js';
import { apiGet, apiPost, apiToken, uniqueMark } from './helpers/api.js';
import { checkPage, checkUserPanel, expectNoSideScroll, expectOnScreen } from './helpers/phone.js';
import { seriousViolations } from './helpers/axe.js';
import type { CreateUserResponse, EntityRow } from '../../src/shared/api/admin.js';

const STRONG = 'Tortuga-Azul-Salta-Lejos-7';
/** Fills the change-password form and sends it. */
async function changePassword(page: Page, current: string, next: string, repeat = next) {
  await page.getByLabel('Contraseña actual').fill(current);
  await page.getByLabel('Nueva contraseña', { exact: true }).fill(next);
  await page.getByLabel('Repite la nueva contraseña').fill(repeat);
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
}

describe('accounts in Chromium: generated passwords are changed at the first sign-in', () => {
  // The first test creates a user on screen: run again, it needs a server without that user.
  const suite = serverAndBrowser(startAppServer, { freshServerOnRetry: true });

  it('ADMIN creates a user, who signs in with the generated password, must change it, is refused a weak one, and signs in again with the new one', async () => {
    const token = await apiToken(suite.server.url, 'admin@demo.es');
    const [entity] = await apiGet<EntityRow[]>(suite.server.url, token, '/entities/list');
    const email = 'nueva.tecnica@ayto-pruebas.es';
    let generated = '';

    const admin = await newPage(suite.browser);
    try {
      await openSignedIn(admin.page, suite.server.url, 'admin@demo.es', '/manage/users/create');
      await admin.page.getByLabel('Email').fill(email);
      await admin.page.getByLabel('Rol').selectOption({ label: 'Usuario' });
      await admin.page.getByRole('button', { name: /^Entidades/ }).click();
      await admin.page.getByRole('searchbox').fill(entity.name);
      await admin.page.getByLabel(`${entity.name} - (${entity.province})`).check();
      await admin.page.getByRole('button', { name: 'Aplicar' }).click();
      await admin.page.getByRole('button', { name: 'Crear usuario' }).click();
      const dialog = admin.page.getByRole('dialog', { name: 'Contraseña generada' });
      await dialog.waitFor();
      generated = await dialog.getByLabel('Contraseña').inputValue();
      expect(generated).toMatch(/^\S{16,}$/);
      // The dialog tells the administrator that the password is temporary.
      expect(await dialog.getByTestId('password-temporary').innerText()).toBe(
        `Es una contraseña temporal: cuando ${email} entre con ella, tendrá que cambiarla por una propia antes de continuar.`,
      );
      await screenshot(admin.page, 'accounts-generated-password-dialog', { fullPage: false });
      await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
      expect(admin.errors).toEqual([]);
    } finally {
      await admin.context.close();
    }

    const { page, context, errors } = await newPage(suite.browser);
    try {
      await logIn(page, suite.server.url, email, generated);
      // Sent to the change form, with the reason, and nowhere else until the password is changed.
      await page.waitForURL('**/account/password');
      await page.getByText('Un administrador generó tu contraseña. Antes de continuar, elige una contraseña propia que solo conozcas tú.').waitFor();
      expect(await page.locator('#side-menu-label + ul a').count()).toBe(0);
      await screenshot(page, 'accounts-change-required');
      await page.goto(`${suite.server.url}/my-campaigns`);
      await page.waitForURL('**/account/password');

      // A weak password is refused with its reason, in Spanish, before anything is sent.
      await changePassword(page, generated, 'contraseña1234');
      await page.getByText('Es fácil de adivinar: añade más palabras poco comunes o hazla más larga.').waitFor();
      await changePassword(page, generated, '123456789012');
      await page.getByText('Es fácil de adivinar: es una contraseña muy usada.').waitFor();
      expect(await page.getByLabel('Nueva contraseña', { exact: true }).getAttribute('class')).toContain('is-invalid');
      await screenshot(page, 'accounts-weak-password');
      expect(page.url()).toContain('/account/password');

      await changePassword(page, generated, STRONG);
      await page.waitForURL('**/my-campaigns');
      await page.getByText('Contraseña cambiada. Tus otras sesiones se han cerrado.').waitFor();
      await page.getByRole('cell', { name: entity.name }).or(page.getByText('Todavía no')).first().waitFor();
      await screenshot(page, 'accounts-after-change');

      // Sign out from the user panel, then back in with the new password: no change asked any more.
      await page.getByRole('button', { name: 'Abrir el panel de usuario' }).click();
      await page.locator('.user-panel').getByText('Cambiar contraseña').waitFor();
      await screenshot(page, 'accounts-user-panel', { fullPage: false });
      await page.getByRole('link', { name: 'Cerrar sesión' }).click();
      await page.waitForURL('**/auth/login');
      await logIn(page, suite.server.url, email, generated);
      await page.getByTestId('login-error').waitFor();
      await logIn(page, suite.server.url, email, STRONG);
      await page.waitForURL('**/my-campaigns');
      // The refused generated password is the one failed call the browser reports.
      expect(errors.filter((e) => !e.includes('status of 401'))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);

  it("fits a phone: the change form, a refused password's reason and the user panel with 'Cambiar contraseña'", async () => {
    const token = await apiToken(suite.server.url, 'admin@demo.es');
    const email = `movil.${uniqueMark()}@ayto-pruebas.es`;
    const { generatedPassword } = await apiPost<CreateUserResponse>(suite.server.url, token, '/users/create', {
      email,
      role: 3,
      name: 'Marta Soler',
      entities: [],
    });
    const { page, context, errors } = await newPage(suite.browser, { phone: true });
    try {
      await logIn(page, suite.server.url, email, generatedPassword);
      await page.waitForURL('**/account/password');
      await page.getByText('Un administrador generó tu contraseña.', { exact: false }).waitFor();
      await checkPage(page, 'accounts-change-required');
      await changePassword(page, generatedPassword, 'martasoler2025');
      const reason = page.locator('#new-password-error');
      await reason.getByText('Es fácil de adivinar', { exact: false }).waitFor();
      await expectOnScreen(page.getByRole('button', { name: 'Cambiar contraseña' }), 'change password button');
      await expectNoSideScroll(page);
      await screenshot(page, 'phone-accounts-weak-password');
      await changePassword(page, generatedPassword, STRONG, 'Tortuga-Azul-Salta-Lejos-8');
      await page.getByText('Las contraseñas no coinciden').waitFor();
      await page.getByLabel('Repite la nueva contraseña').fill(STRONG);
      await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
      await page.waitForURL('**/status');
      await checkUserPanel(page, 'accounts-user-panel');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('lets a user with a password of their own open the form from the user panel; a wrong current password is refused by the server, and the page passes axe', async () => {
    const { page, context, errors } = await newPage(suite.browser, { bypassCSP: true });
    try {
      await logIn(page, suite.server.url, 'usuario@demo.es');
      await page.waitForURL('**/my-campaigns');
      await page.getByRole('button', { name: 'Abrir el panel de usuario' }).click();
      await page.locator('.user-panel').getByText('Cambiar contraseña').click();
      await page.waitForURL('**/account/password');
      expect(await page.getByTestId('password-change-required').count()).toBe(0);
      // The side menu stays: nothing is forced on this user.
      await page.getByRole('link', { name: 'Mis Campañas' }).waitFor();
      await changePassword(page, 'no-es-la-actual', STRONG);
      await page.getByTestId('password-change-error').getByText('La contraseña actual no es correcta').waitFor();
      await page.getByLabel('Nueva contraseña', { exact: true }).fill('demo1234demo');
      await page.getByText('Es fácil de adivinar', { exact: false }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'accounts-wrong-current-password');
      // The refused change is the one failed call the browser reports.
      expect(errors.filter((e) => !e.includes('status of 422'))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
