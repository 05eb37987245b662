import { serverAndBrowser, startAppServer } from './helpers/appServer.js';
import { newPage, screenshot } from './helpers/browser.js';
import { openSignedIn } from './helpers/session.js';
import { apiGet, apiPost, apiToken } from './helpers/api.js';
import { expectNoSideScroll } from './helpers/phone.js';
import type { CampaignSummary } from '../../src/shared/api/campaigns.js';

describe('deadlines, extensions and reopening in Chromium', () => {
  // The first test closes the edition and reopens a sent campaign: run again, it needs a server where neither is done.
  const suite = serverAndBrowser(startAppServer, { freshServerOnRetry: true });
  let edition: number;
  let draft: CampaignSummary;
  let sent: CampaignSummary;

  beforeAll(async () => {
    const mine = await apiGet<CampaignSummary[]>(suite.server.url, await apiToken(suite.server.url, 'usuario@demo.es'), '/campaigns/all');
    edition = Math.max(...mine.map((c) => c.campaignNumber));
    draft = mine.find((c) => c.status === 'draft' && c.campaignNumber === edition)!;
    sent = mine.find((c) => c.status === 'sent' && c.campaignNumber === edition)!;
  }, 120_000);

  it('closes the edition, extends it for one entity, and reopens a sent campaign with its history on the results page', async () => {
    const admin = await newPage(suite.browser);
    const user = await newPage(suite.browser);
    const phone = await newPage(suite.browser, { phone: true });
    try {
      // ADMIN closes the current edition on 31 January 2020.
      await openSignedIn(admin.page, suite.server.url, 'admin@demo.es', '/status');
      const card = admin.page.getByTestId('edition-deadline');
      await card.getByText('Sin plazo').waitFor();
      // No dates: the badge says so, without a line of dashes beside it.
      expect(await card.innerText()).not.toMatch(/—\s*–\s*—/);
      // Nothing to save until a date changes.
      const save = card.getByRole('button', { name: 'Guardar plazo' });
      expect(await save.isDisabled()).toBe(true);
      await card.getByLabel('Cierre', { exact: true }).fill('2020-01-31');
      await save.click();
      await admin.page.getByText('Plazo guardado').waitFor();
      await card.getByText('Plazo cerrado').waitFor();
      expect(await save.isDisabled()).toBe(true);
      await card.getByText(/entidades retrasadas/).waitFor();
      await admin.page.getByRole('searchbox', { name: 'Buscar por entidad' }).fill(draft.entity);
      await admin.page
        .getByRole('row')
        .filter({ hasText: draft.entity })
        .filter({ hasText: String(edition) })
        .getByText('Retrasada')
        .waitFor();
      await screenshot(admin.page, 'status-closed-desktop');

      // USER: 'Plazo cerrado el 31 de enero de 2020', read-only (no answer can be saved), on desktop and phone.
      await openSignedIn(user.page, suite.server.url, 'usuario@demo.es', `/my-campaigns/${draft.id}`);
      await user.page.getByText('Plazo cerrado el 31 de enero de 2020').waitFor();
      await user.page.getByTestId('progress').waitFor();
      expect(await user.page.locator('fieldset.answer-picker').count()).toBe(0);
      expect(await user.page.getByRole('button', { name: /^Guardar/ }).count()).toBe(0);
      expect(await user.page.getByRole('button', { name: 'Enviar Encuesta' }).isDisabled()).toBe(true);
      await screenshot(user.page, 'questionnaire-closed-desktop', { fullPage: false });
      await openSignedIn(phone.page, suite.server.url, 'usuario@demo.es', `/my-campaigns/${draft.id}`);
      await phone.page.getByText('Plazo cerrado el 31 de enero de 2020').waitFor();
      await expectNoSideScroll(phone.page);
      await screenshot(phone.page, 'questionnaire-closed-phone', { fullPage: false });
      const adminPhone = await newPage(suite.browser, { phone: true });
      try {
        await openSignedIn(adminPhone.page, suite.server.url, 'admin@demo.es', '/status');
        await adminPhone.page.getByTestId('edition-deadline').getByText('Plazo cerrado').waitFor();
        await expectNoSideScroll(adminPhone.page);
        await screenshot(adminPhone.page, 'status-closed-phone');
        expect(adminPhone.errors).toEqual([]);
      } finally {
        await adminPhone.context.close();
      }

      // ADMIN extends the deadline of the user's draft entity, with a reason.
      const extension = admin.page.getByRole('form', { name: 'Ampliar el plazo a una entidad' });
      await extension.getByRole('button', { name: 'Ampliar plazo' }).click();
      await extension.getByText('Escribe el motivo.').waitFor();
      await extension.getByLabel('Entidad').selectOption({ label: draft.entity });
      await extension.getByLabel('Nuevo cierre').fill('2999-12-31');
      await extension.getByLabel('Motivo').fill('Cambio de equipo municipal');
      await extension.getByRole('button', { name: 'Ampliar plazo' }).click();
      await admin.page.getByText('Plazo ampliado').waitFor();

      // The user can save again, until its own date.
      await user.page.reload();
      await user.page.getByText(/plazo ampliado para esta entidad/).waitFor();
      const picker = user.page.locator('fieldset.answer-picker').first();
      const option = picker.locator('input:not(:checked)').first();
      await option.check();
      await picker.getByRole('button', { name: /^Guardar/ }).click();
      await picker.getByText('Guardada').waitFor();
      await screenshot(user.page, 'questionnaire-extended-desktop', { fullPage: false });

      // ADMIN reopens the user's sent campaign with a reason; sent again, its results page shows the history.
      await admin.page.getByRole('searchbox', { name: 'Buscar por entidad' }).fill(sent.entity);
      const row = admin.page
        .getByRole('row')
        .filter({ hasText: sent.entity })
        .filter({ hasText: String(edition) });
      await row.getByRole('button', { name: /^Reabrir/ }).click();
      const dialog = admin.page.getByRole('dialog');
      await dialog.getByLabel('Motivo').fill('Error en el eje 2');
      await screenshot(admin.page, 'reopen-dialog-desktop', { fullPage: false });
      await dialog.getByRole('button', { name: 'Reabrir' }).click();
      await admin.page.getByText('Campaña reabierta').waitFor();
      await row.getByText('Ongoing').waitFor();

      // Until it is sent again, the user reads why, in the list and in the questionnaire, on a desktop and a phone;
      // the list names its dates for what they are, beside the deadline.
      const reopened = /^Reabierta el \d{2}\/\d{2}\/\d{4}: Error en el eje 2$/;
      for (const reader of [user, phone]) {
        await reader.page.goto(`${suite.server.url}/my-campaigns`);
        await reader.page.getByTestId('reopened-note').filter({ hasText: reopened }).waitFor();
        await screenshot(reader.page, `my-campaigns-reopened-${reader === phone ? 'phone' : 'desktop'}`, { fullPage: false });
      }
      expect(await user.page.getByRole('columnheader').allInnerTexts()).toEqual([
        'Entidad',
        'Edición',
        'Primera respuesta',
        'Fecha de envío ▼',
        'Plazo',
        'Estado',
        'Acciones',
      ]);
      await expectNoSideScroll(phone.page);
      await phone.page.goto(`${suite.server.url}/my-campaigns/${sent.id}`);
      const notice = phone.page.getByTestId('reopened-notice');
      await notice.waitFor();
      expect(await notice.innerText()).toMatch(/^Esta campaña se reabrió el \d{2}\/\d{2}\/\d{4} para revisar sus respuestas\. Motivo: Error en el eje 2$/);
      await screenshot(phone.page, 'questionnaire-reopened-phone', { fullPage: false });

      const adminToken = await apiToken(suite.server.url, 'admin@demo.es');
      await apiPost(suite.server.url, adminToken, '/campaigns/setDeadline', { edition, opensOn: null, closesOn: null });
      await apiPost(suite.server.url, adminToken, '/campaigns/submit', { id: sent.id });

      const historyLine = /^Reabierta el \d+ de \p{L}+ de \d{4} por admin@demo\.es: Error en el eje 2$/u;
      await user.page.goto(`${suite.server.url}/results/${sent.id}`);
      await user.page.getByText(historyLine).waitFor();
      await screenshot(user.page, 'results-history-desktop', { fullPage: false });
      await phone.page.goto(`${suite.server.url}/results/${sent.id}`);
      await phone.page.getByText(historyLine).waitFor();
      await expectNoSideScroll(phone.page);
      await screenshot(phone.page, 'results-history-phone', { fullPage: false });
      expect([...admin.errors, ...user.errors, ...phone.errors]).toEqual([]);
    } finally {
      await Promise.all([admin.context.close(), user.context.close(), phone.context.close()]);
    }
  }, 300_000);
});
