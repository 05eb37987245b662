import type { Page } from 'playwright-core';
import { apiToken } from './api.js';

/** Signs in through the login form, as a user would (demo password unless told otherwise). */
export async function logIn(page: Page, url: string, email: string, password = 'demo1234'): Promise<void> {
  await page.goto(`${url}/auth/login`);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** Signs in as the demo USER (two entities) and waits for its campaigns. */
export async function logInAsUser(page: Page, url: string): Promise<void> {
  await logIn(page, url, 'usuario@demo.es');
  await page.waitForURL(/my-campaigns/);
}

/**
 * Opens the app's path already signed in, for a test about what comes after signing in: the page's browser gets
 * the session the login form would have given it (the HttpOnly refresh cookie from the token endpoint, the
 * access token's cookie as the web client writes it), and loads the path at once. Signing in through the form,
 * then leaving the landing page for the path, costs two page loads more (about 1.5 s of CPU). What the web client
 * does after the form is left out: it does not save the sign-in page's language as the account's (for e-mails).
 * The form itself is signIn.test.ts's, shell.test.ts's and accounts.test.ts's.
 */
export async function openSignedIn(page: Page, url: string, email: string, path: string, password = 'demo1234'): Promise<void> {
  const { request } = page.context();
  const accessToken = await apiToken(url, email, password, async (address, body) => (await request.post(address, { data: body })).json());
  await page.context().addCookies([{ name: 'access_token', value: accessToken, url, sameSite: 'Strict' }]);
  await page.goto(`${url}${path}`);
}
