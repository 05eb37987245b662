import type { Download } from 'playwright-core';
import { serverAndBrowser, startAppServer } from './helpers/appServer.js';
import { newPage, screenshot } from './helpers/browser.js';
import { logIn, openSignedIn } from './helpers/session.js';
import { apiGet, apiPost, apiToken } from './helpers/api.js';
import { expectNoSideScroll, expectOnScreen } from './helpers/phone.js';
import type { AuditPage } from '../../src/shared/api/audit.js';
import { AUDIT_DATE_FORMAT } from '../../src/client/features/admin/audit/auditModel.js';

async function textOf(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const ENTITY = 'Mancomunitat del Registre de proves';

describe("'Registro de actividad' in Chromium", () => {
  // The first test creates ENTITY and counts its rows in the log: run again, it needs a server without them.
  const suite = serverAndBrowser(startAppServer, { freshServerOnRetry: true });

  it('ADMIN finds the entity it created and its campaign, by action, in Madrid time, and downloads the CSV', async () => {
    const admin = await apiToken(suite.server.url, 'admin@demo.es');
    const { entity } = await apiPost<{ entity: { id: number } }>(suite.server.url, admin, '/entities/create', {
      entity: { name: ENTITY, population: 4200 },
      municipalities: ['46250'],
    });
    await apiPost(suite.server.url, admin, '/campaigns/create', { entityId: entity.id });
    // Read in New York: the page still shows Madrid's clock.
    const { page, context, errors } = await newPage(suite.browser, { timezoneId: 'America/New_York' });
    try {
      await logIn(page, suite.server.url, 'admin@demo.es');
      await page.waitForURL('**/status');
      await page.getByRole('link', { name: 'Registro de actividad' }).click();
      await page.waitForURL('**/manage/audit');
      await page.getByRole('heading', { level: 1, name: 'Registro de actividad' }).waitFor();
      // The server's default LOG_RETENTION_DAYS.
      await page.getByText('Se conserva la actividad de los últimos 730 días; la anterior se elimina automáticamente.').waitFor();
      const created = page.getByRole('row').filter({ hasText: 'Campaña creada' }).filter({ hasText: ENTITY });
      await created.waitFor();
      expect(await page.getByRole('row').filter({ hasText: 'Entidad creada' }).filter({ hasText: ENTITY }).count()).toBe(1);
      const [newest] = (await apiGet<AuditPage>(suite.server.url, admin, `/audit/list?entity=${entity.id}`)).rows;
      expect(await created.locator('time').innerText()).toBe(new Intl.DateTimeFormat('es-ES', AUDIT_DATE_FORMAT).format(new Date(newest.at)));
      await screenshot(page, 'audit-desktop');

      // Filter by action with the keyboard: the toggle, the search box, then the option.
      await page.getByRole('button', { name: /^Acción/ }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('searchbox').fill('campaña creada');
      await page.getByRole('button', { name: 'Campaña creada', exact: true }).click();
      await page.getByRole('button', { name: 'Acción Campaña creada' }).waitFor();
      await page.waitForFunction(() => [...document.querySelectorAll('tbody tr')].every((tr) => tr.textContent?.includes('Campaña creada')));
      expect(await page.getByRole('row').filter({ hasText: 'Entidad creada' }).count()).toBe(0);
      await created.waitFor();
      await screenshot(page, 'audit-filtered');

      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Descargar CSV' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^registro-de-actividad-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await textOf(download);
      expect(csv.startsWith('\uFEFFFecha (hora de Madrid);Acción;')).toBe(true);
      const lines = csv.split('\r\n').slice(1, -1);
      expect(lines.length).toBeGreaterThanOrEqual(1);
      for (const line of lines) expect(line.split(';')[1]).toBe('Campaña creada');
      expect(csv).toContain(ENTITY);

      // A range with no activity: the empty state.
      await page.getByLabel('Desde').fill('2001-01-01');
      await page.getByLabel('Hasta').fill('2001-01-02');
      await page.getByText('No hay actividad con estos filtros').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('fits a phone: rows as cards, nothing wider than the screen', async () => {
    const { page, context, errors } = await newPage(suite.browser, { phone: true });
    try {
      await openSignedIn(page, suite.server.url, 'admin@demo.es', '/manage/audit');
      const first = page.locator('tbody tr').first();
      await first.waitFor();
      await expectNoSideScroll(page);
      await expectOnScreen(first, 'the first row');
      await expectOnScreen(page.getByRole('button', { name: 'Descargar CSV' }), "'Descargar CSV'");
      await screenshot(page, 'audit-phone');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('is not offered to FEC, whose address of it leads elsewhere', async () => {
    const { page, context } = await newPage(suite.browser);
    try {
      await logIn(page, suite.server.url, 'fec@demo.es');
      await page.waitForURL('**/status');
      expect(await page.getByRole('link', { name: 'Registro de actividad' }).count()).toBe(0);
      await page.goto(`${suite.server.url}/manage/audit`);
      await page.waitForTimeout(500);
      expect(await page.getByRole('heading', { level: 1, name: 'Registro de actividad' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 60_000);
});
