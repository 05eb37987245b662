import { serverAndBrowser, startAppServer } from './helpers/appServer.js';
import { newPage, screenshot } from './helpers/browser.js';
import { expectNoSideScroll } from './helpers/phone.js';
import { freePort } from '../helpers/serverProcess.js';
import { startOidcProvider, type TestOidcProvider } from '../helpers/oidcProvider.js';

const DESKTOP = { width: 1366, height: 900 };

describe("signing in with the organisation's OpenID provider in Chromium", () => {
  let provider: TestOidcProvider;
  const suite = serverAndBrowser(async () => {
    const port = await freePort();
    provider = await startOidcProvider(await freePort(), `http://127.0.0.1:${port}/api/v1/auth/oidc/callback`, {
      usuaria: { email: 'Usuario@Demo.es', email_verified: true, name: 'Usuaria Demo' },
      nadie: { email: 'nadie@ayuntamiento.example', email_verified: true },
    });
    return startAppServer({ PORT: String(port), ...provider.env, OIDC_NAME: 'Cl@ve Municipal' });
  });
  afterAll(() => provider?.stop());

  /** The login page, the button, and the provider's own sign-in page with this account typed in. */
  async function throughProvider(phone: boolean, account: string | null) {
    const opened = await newPage(suite.browser, phone ? { phone } : { viewport: DESKTOP });
    const { page } = opened;
    await page.goto(`${suite.server.url}/auth/login`);
    const button = page.getByRole('button', { name: 'Entrar con Cl@ve Municipal' });
    await button.waitFor();
    // The password form is still there above it, and the page fits the phone.
    await page.getByLabel('Correo electrónico').waitFor();
    if (phone) await expectNoSideScroll(page);
    await screenshot(page, `sso-login-${phone ? 'phone' : 'desktop'}`);
    await button.click();
    await page.getByRole('heading', { name: 'Proveedor de identidad de prueba' }).waitFor();
    if (account === null) await page.getByRole('button', { name: 'Cancelar' }).click();
    else {
      await page.getByLabel('Usuario').fill(account);
      await page.getByRole('button', { name: 'Continuar' }).click();
    }
    return opened;
  }

  it.each([
    ['desktop', false],
    ['phone', true],
  ])('signs in the account of the verified e-mail and opens its campaigns (%s)', async (_size, phone) => {
    const { page, context } = await throughProvider(phone, 'usuaria');
    try {
      await page.waitForURL('**/my-campaigns');
      await page.getByRole('heading', { level: 1, name: 'Campañas' }).waitFor();
      // The address with the code is gone from the history: going back does not sign in again with it.
      expect(page.url()).not.toContain('code=');
      // The session goes on after a reload, as after a password login.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Campañas' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('says in Spanish that an e-mail without an account cannot sign in, on the login page', async () => {
    const { page, context } = await throughProvider(false, 'nadie');
    try {
      await page.waitForURL('**/auth/login');
      await page
        .getByRole('alert')
        .filter({ hasText: 'Tu organización te ha identificado, pero tu correo electrónico no corresponde a ninguna cuenta de esta aplicación.' })
        .waitFor();
      await screenshot(page, 'sso-no-account');
    } finally {
      await context.close();
    }
  });

  it('says so when the user gives up at the provider, and the button works again', async () => {
    const { page, context } = await throughProvider(true, null);
    try {
      await page.waitForURL('**/auth/login');
      await page.getByRole('alert').filter({ hasText: 'No se ha completado el acceso con la cuenta de tu organización. Vuelve a intentarlo.' }).waitFor();
      expect(await page.getByRole('button', { name: 'Entrar con Cl@ve Municipal' }).isEnabled()).toBe(true);
      await screenshot(page, 'sso-cancelled-phone');
    } finally {
      await context.close();
    }
  });
});
