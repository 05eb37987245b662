import { serverAndBrowser, startAppServer } from './helpers/appServer.js';
import { logIn } from './helpers/session.js';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtpServer.js';
import { newPage, screenshot } from './helpers/browser.js';
import { PHONE } from './helpers/phone.js';

const DESKTOP = { width: 1366, height: 900 };

describe('signing in in Chromium', () => {
  const suite = serverAndBrowser();

  it.each([
    ['desktop', false],
    ['phone', true],
  ])("keeps the language chosen on the sign-in page after signing in, and stores it as the user's (%s)", async (size, phone) => {
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

describe('a forgotten password in Chromium, with e-mail', () => {
  let smtp: TestSmtpServer;
  const suite = serverAndBrowser(async () => {
    smtp = await startSmtpServer();
    return startAppServer({ SMTP_URL: smtp.url });
  });
  afterAll(() => smtp?.close());

  /** The reset link of the last mail to the address, once it has come. */
  async function linkSentTo(address: string): Promise<string> {
    for (let i = 0; i < 200; i += 1) {
      const mail = smtp.received.filter((m) => m.rcpt.includes(address)).at(-1);
      const link = mail && /https?:\/\/\S+\/auth\/reset-password#[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
      if (link) return link;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no reset mail to ${address}`);
  }

  it.each([
    ['desktop', false, 'usuario@demo.es', '**/my-campaigns'],
    ['phone', true, 'fec@demo.es', '**/status'],
  ])(
    'sends a link by e-mail that sets a new password once, which then signs in (%s)',
    async (size, phone, email, home) => {
      const { page, context } = await newPage(suite.browser, phone ? { phone } : { viewport: DESKTOP });
      const password = 'grulla violeta sobre el tejado';
      try {
        await page.goto(`${suite.server.url}/auth/login`);
        await page.getByRole('link', { name: '¿Has olvidado tu contraseña?' }).click();
        await page.waitForURL('**/auth/forgot-password');
        await page.getByRole('button', { name: 'Enviar' }).click();
        await page.getByText('Campo obligatorio').waitFor();
        await page.getByLabel('Correo electrónico').fill(email);
        await screenshot(page, `forgot-password-form-${size}`);
        await page.getByRole('button', { name: 'Enviar' }).click();
        await page.getByText('Si el correo electrónico pertenece a una cuenta, te hemos enviado un enlace').waitFor();
        await screenshot(page, `forgot-password-sent-${size}`);

        // The link as the e-mail gives it, opened on this server's address.
        const link = new URL(await linkSentTo(email));
        const onServer = `${suite.server.url}${link.pathname}${link.hash}`;
        await page.goto(onServer);
        await page.getByRole('heading', { name: 'Elige una contraseña nueva' }).waitFor();
        await page.getByLabel('Nueva contraseña', { exact: true }).fill('contraseña1234');
        await page.getByLabel('Repite la nueva contraseña').fill('contraseña1234');
        await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
        await page
          .getByText(/fácil de adivinar/)
          .first()
          .waitFor();
        await page.getByLabel('Nueva contraseña', { exact: true }).fill(password);
        await page.getByLabel('Repite la nueva contraseña').fill(password);
        await screenshot(page, `reset-password-form-${size}`);
        await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
        await page.getByText('Tu contraseña ha cambiado. Ya puedes iniciar sesión con ella.').waitFor();
        await screenshot(page, `reset-password-done-${size}`);

        // Single use: the same link again, opened afresh (another page first: a change of the fragment alone does not
        // load the page again), is refused.
        await page.goto(`${suite.server.url}/auth/login`);
        await page.goto(onServer);
        await page.getByLabel('Nueva contraseña', { exact: true }).fill('Tq8#vLw2!pZr9xKm-e2e');
        await page.getByLabel('Repite la nueva contraseña').fill('Tq8#vLw2!pZr9xKm-e2e');
        await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
        await page.getByRole('alert').filter({ hasText: 'El enlace no es válido: ya se ha usado o ha caducado.' }).waitFor();

        // The old password no longer signs in; the new one does.
        await logIn(page, suite.server.url, email);
        await page.getByRole('alert').filter({ hasText: 'El usuario o la contraseña no son correctos.' }).waitFor();
        await logIn(page, suite.server.url, email, password);
        await page.waitForURL(home);
      } finally {
        await context.close();
      }
    },
    120_000,
  );
});

describe('a forgotten password in Chromium, without e-mail', () => {
  const suite = serverAndBrowser();

  it.each([
    ['desktop', false],
    ['phone', true],
  ])('says to ask an administrator (%s)', async (size, phone) => {
    const { page, context } = await newPage(suite.browser, phone ? { phone } : { viewport: DESKTOP });
    try {
      await page.goto(`${suite.server.url}/auth/forgot-password`);
      await page.getByText('Este servidor no envía correos. Pide a un administrador que te dé una contraseña nueva.').waitFor();
      expect(await page.getByLabel('Correo electrónico').count()).toBe(0);
      await screenshot(page, `forgot-password-no-mail-${size}`);
      await page.getByRole('button', { name: 'Cancelar' }).click();
      await page.waitForURL('**/auth/login');
    } finally {
      await context.close();
    }
  });
});
