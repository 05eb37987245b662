import type { Page } from 'playwright-core';
import { serverAndBrowser } from './helpers/appServer.js';
import { newPage, screenshot } from './helpers/browser.js';
import { logIn } from './helpers/session.js';
import { apiGet, apiPost, apiToken } from './helpers/api.js';
import type { EntityRow } from '../../src/shared/api/admin.js';

/** Eight more users than the demo's three: the users table has two pages of 7. */
async function fillUsersTable(url: string) {
  const token = await apiToken(url, 'admin@demo.es');
  const [entity] = await apiGet<EntityRow[]>(url, token, '/entities/list');
  for (let i = 1; i <= 8; i += 1) await apiPost(url, token, '/users/create', { email: `tecnico${i}@ayto.es`, role: 1, name: '', entities: [entity.id] });
}

const statusSearch = (page: Page) => page.getByLabel('Buscar por entidad');
const communityToggle = (page: Page) => page.getByRole('button', { name: /^Comunidad autónoma/ });
const usersPager = (page: Page) => page.getByRole('navigation', { name: 'Usuarios' });
const statusEntities = (page: Page) =>
  page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

describe('list views kept across a reload in Chromium', () => {
  const suite = serverAndBrowser();

  beforeAll(async () => {
    await fillUsersTable(suite.server.url);
  }, 120_000);

  it("ADMIN finds /status and /manage/users as she left them after a reload; after logout the next user's views are fresh", async () => {
    const { page, context, errors } = await newPage(suite.browser);
    try {
      await logIn(page, suite.server.url, 'admin@demo.es');
      await page.waitForURL('**/status');
      // The overview above the table settles first: a filter opened while it grows would move under the pointer.
      await page.waitForFunction(() => document.querySelector('main [aria-busy="true"]') === null && document.querySelector('table.list-table') !== null);
      await statusSearch(page).fill('mancomun');
      await communityToggle(page).click();
      await page.getByRole('searchbox', { name: 'Buscar...' }).fill('valenciana');
      await page.getByLabel('Comunitat Valenciana', { exact: true }).check();
      await page.getByRole('button', { name: 'Aplicar' }).click();
      await page.getByRole('cell', { name: 'Mancomunitat de la Ribera Alta' }).first().waitFor();
      const filtered = await statusEntities(page).allInnerTexts();
      expect(filtered.length).toBeGreaterThan(0);
      expect(filtered.every((row) => row.includes('Mancomunitat'))).toBe(true);

      await page.getByRole('link', { name: 'Usuarios' }).click();
      await page.waitForURL('**/manage/users');
      await usersPager(page).getByText('Página 1 de 2').waitFor();
      await usersPager(page).getByRole('button', { name: 'Siguiente' }).click();
      await usersPager(page).getByText('Página 2 de 2').waitFor();
      const secondPage = await page.getByRole('table').innerText();

      await page.reload();
      await usersPager(page).getByText('Página 2 de 2').waitFor();
      expect(await page.getByRole('table').innerText()).toBe(secondPage);
      await screenshot(page, 'persistence-users-after-reload');

      await page.getByRole('link', { name: 'Estado' }).click();
      await page.waitForURL('**/status');
      await page.reload();
      await page.getByRole('cell', { name: 'Mancomunitat de la Ribera Alta' }).first().waitFor();
      expect(await statusSearch(page).inputValue()).toBe('mancomun');
      expect(await communityToggle(page).innerText()).toContain('1 seleccionado');
      expect(await statusEntities(page).allInnerTexts()).toEqual(filtered);
      await page.locator('.highcharts-container').waitFor();
      await screenshot(page, 'persistence-status-after-reload');
      await communityToggle(page).click();
      await page.getByRole('searchbox', { name: 'Buscar...' }).fill('valenciana');
      expect(await page.getByLabel('Comunitat Valenciana', { exact: true }).isChecked()).toBe(true);
      await screenshot(page, 'persistence-status-filter-after-reload', { fullPage: false });
      await page.keyboard.press('Escape');

      // What the browser keeps: the views, never the session's tokens (they live in their cookies).
      const cookies = await context.cookies();
      const stored = await page.evaluate(() => JSON.stringify(window.localStorage));
      expect(stored).toContain('mancomun');
      for (const cookie of cookies.filter((c) => c.name.endsWith('token'))) expect(stored).not.toContain(cookie.value);
      expect(stored).not.toContain('admin@demo.es');

      await page.getByRole('button', { name: 'Abrir el panel de usuario' }).click();
      await page.getByRole('link', { name: 'Cerrar sesión' }).click();
      await page.waitForURL('**/auth/login');
      await logIn(page, suite.server.url, 'fec@demo.es');
      await page.waitForURL('**/status');
      await page.getByRole('cell', { name: 'Ayuntamiento', exact: false }).first().waitFor();
      expect(await statusSearch(page).inputValue()).toBe('');
      expect(await communityToggle(page).innerText()).toContain('Todos');
      await page.getByRole('link', { name: 'Usuarios' }).click();
      await usersPager(page).getByText('Página 1 de 2').waitFor();
      await screenshot(page, 'persistence-next-user-users');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
