import type { Page } from 'playwright-core';

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
