import fs from 'node:fs';
import { serverAndBrowser, startAppServer } from './helpers/appServer.js';
import { newPage, screenshot } from './helpers/browser.js';
import { openSignedIn } from './helpers/session.js';
import { apiGet, apiToken } from './helpers/api.js';
import { expectNoSideScroll } from './helpers/phone.js';
import type { CampaignStatusRow as StatusRow } from '../../src/shared/api/campaigns.js';
import type { EntityRow as Entity } from '../../src/shared/api/admin.js';

const PROVINCE = 'Barcelona';

describe('opening the edition for a province and reminders in Chromium (no SMTP configured)', () => {
  // The first test creates the province's campaigns: run again, it needs a server where they are still missing.
  const suite = serverAndBrowser(startAppServer, { freshServerOnRetry: true });
  let edition: number;
  let missing: string[];
  let existing: number;

  beforeAll(async () => {
    const token = await apiToken(suite.server.url, 'admin@demo.es');
    const status = await apiGet<StatusRow[]>(suite.server.url, token, '/campaigns/status');
    edition = Math.max(...status.map((r) => r.campaignNumber));
    const withCampaign = new Set(status.filter((r) => r.campaignNumber === edition).map((r) => r.entityId));
    const inProvince = (await apiGet<Entity[]>(suite.server.url, token, '/entities/list')).filter((e) => e.province === PROVINCE);
    missing = inProvince.filter((e) => !withCampaign.has(e.id)).map((e) => e.name);
    existing = inProvince.length - missing.length;
    expect(missing.length).toBeGreaterThan(0);
  }, 120_000);

  it('ADMIN sees the summary, confirms, sees the result and the new rows; repeating creates nothing', async () => {
    const admin = await newPage(suite.browser);
    const { page } = admin;
    try {
      await openSignedIn(page, suite.server.url, 'admin@demo.es', '/status');
      const card = page.getByTestId('edition-opening');
      await card.getByLabel('Ámbito').selectOption('province');
      await card.getByLabel('Provincia').selectOption({ label: PROVINCE });
      await card.getByRole('button', { name: 'Ver resumen' }).click();
      const summary = card.getByTestId('opening-summary');
      await summary
        .getByText(
          `Edición ${edition}: se ${missing.length === 1 ? 'creará 1 campaña' : `crearán ${missing.length} campañas`}; ${existing} ya ${existing === 1 ? 'tiene' : 'tienen'} una.`,
        )
        .waitFor();
      await summary.getByText('El correo no está configurado en el servidor (SMTP_URL)').waitFor();
      await screenshot(page, 'opening-summary-desktop', { fullPage: false });
      await summary.getByRole('button', { name: 'Confirmar y crear' }).click();
      const result = card.getByTestId('opening-result');
      await result.getByText(new RegExp(`Edición ${edition}: se ha(n)? creado ${missing.length} campaña`)).waitFor();
      await screenshot(page, 'opening-result-desktop', { fullPage: false });
      for (const name of missing) {
        await page.getByRole('searchbox', { name: 'Buscar por entidad' }).fill(name);
        await page
          .getByRole('row')
          .filter({ hasText: name })
          .filter({ hasText: String(edition) })
          .getByText('Sin Comenzar')
          .waitFor();
      }
      await screenshot(page, 'opening-new-row-desktop');

      // The same province again: nothing to create, and the button that would create stays disabled.
      await card.getByRole('button', { name: 'Ver resumen' }).click();
      await summary.getByText(`Edición ${edition}: se crearán 0 campañas; ${existing + missing.length} ya tienen una.`).waitFor();
      expect(await summary.getByRole('button', { name: 'Confirmar y crear' }).isDisabled()).toBe(true);
      const rows = await apiGet<StatusRow[]>(suite.server.url, await apiToken(suite.server.url, 'admin@demo.es'), '/campaigns/status');
      expect(rows.filter((r) => r.campaignNumber === edition && missing.includes(r.entity))).toHaveLength(missing.length);
      expect(admin.errors).toEqual([]);
    } finally {
      await admin.context.close();
    }
  }, 90_000);

  it("without SMTP the reminder explains how to configure it and downloads the users' e-mails as CSV", async () => {
    const admin = await newPage(suite.browser);
    const { page } = admin;
    try {
      await openSignedIn(page, suite.server.url, 'admin@demo.es', '/status');
      const card = page.getByTestId('reminders');
      await card.getByText(/entidades sin empezar/).waitFor();
      const explanation = card.getByTestId('smtp-missing');
      await explanation.getByText(/no tiene configurado el correo/).waitFor();
      await explanation.locator('code', { hasText: 'SMTP_URL' }).waitFor();
      expect(await card.getByRole('button', { name: 'Enviar recordatorio' }).count()).toBe(0);
      const [download] = await Promise.all([page.waitForEvent('download'), explanation.getByRole('button', { name: 'Descargar CSV de correos' }).click()]);
      expect(download.suggestedFilename()).toBe(`correos-pendientes-${edition}.csv`);
      const text = fs.readFileSync((await download.path())!, 'utf8');
      const lines = text.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe('Correo electrónico;Nombre;Entidades');
      expect(lines.some((l) => l.startsWith('usuario@demo.es;'))).toBe(true);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, 'reminders-no-smtp-desktop', { fullPage: false });
      expect(admin.errors).toEqual([]);
    } finally {
      await admin.context.close();
    }
  }, 90_000);

  it('fits a 390x844 phone', async () => {
    const phone = await newPage(suite.browser, { phone: true });
    try {
      await openSignedIn(phone.page, suite.server.url, 'admin@demo.es', '/status');
      const card = phone.page.getByTestId('edition-opening');
      await card.getByLabel('Ámbito').selectOption('province');
      await card.getByLabel('Provincia').selectOption({ label: PROVINCE });
      await card.getByRole('button', { name: 'Ver resumen' }).click();
      await card.getByTestId('opening-summary').waitFor();
      await phone.page.getByTestId('reminders').getByTestId('smtp-missing').waitFor();
      await expectNoSideScroll(phone.page);
      await card.scrollIntoViewIfNeeded();
      await screenshot(phone.page, 'opening-phone', { fullPage: false });
      await phone.page.getByTestId('reminders').scrollIntoViewIfNeeded();
      await screenshot(phone.page, 'reminders-phone', { fullPage: false });
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.context.close();
    }
  }, 90_000);
});
