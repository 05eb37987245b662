import { serverAndBrowser, startAppServer } from './helpers/appServer.js';
import { newPage, screenshot } from './helpers/browser.js';
import { openSignedIn } from './helpers/session.js';
import { apiGet, apiToken } from './helpers/api.js';
import { expectNoSideScroll } from './helpers/phone.js';
import { catalogueFile, unexpectedUploadErrors, uploadBrokenThenGood } from './helpers/editions.js';
import type { CurrentUser } from '../../src/shared/api/auth.js';
import type { CampaignDetail, CampaignSummary } from '../../src/shared/api/campaigns.js';
import type { EntityRow } from '../../src/shared/api/admin.js';

/** The yearly cycle's journey, looked at by hand. */

const NEW_EDITION = 2027;
const REFUSED = 'El plazo de esta edición está cerrado: no se pueden guardar ni enviar respuestas.';

/** The questions of a campaign that have an answer, read through the API. */
async function answered(url: string, token: string, campaignId: number): Promise<number> {
  const campaign = await apiGet<CampaignDetail>(url, token, `/campaigns/get?id=${campaignId}`);
  return campaign.indicators.flatMap((i) => i.subindicators).filter((s) => s.answer !== null).length;
}

/**
 * One federation's year, in one browser, in the order it happens: ADMIN imports next year's questionnaire (a broken
 * file first), opens it for the user's province, a USER starts answering, the deadline passes while their page is
 * open and their next save is refused, ADMIN reopens last year's campaign sent by mistake, and the activity log
 * shows every step.
 */
describe('a yearly campaign from import to the activity log in Chromium', () => {
  const suite = serverAndBrowser(startAppServer, { freshServerOnRetry: true });

  it('imports, opens for a province, refuses a save after the deadline, reopens, and logs all of it', async () => {
    const userToken = await apiToken(suite.server.url, 'usuario@demo.es');
    const adminToken = await apiToken(suite.server.url, 'admin@demo.es');
    const me = await apiGet<{ user: CurrentUser }>(suite.server.url, userToken, '/auth/me');
    const entities = await apiGet<EntityRow[]>(suite.server.url, adminToken, '/entities/list');
    const entity = entities.find((e) => e.id === me.user.entities[0].id)!;
    const lastYear = (await apiGet<CampaignSummary[]>(suite.server.url, userToken, '/campaigns/all')).find(
      (c) => c.status === 'sent' && c.campaignNumber === NEW_EDITION - 1,
    );
    if (!lastYear) throw new Error(`The demo USER has no campaign sent in ${NEW_EDITION - 1}`);

    const admin = await newPage(suite.browser);
    const user = await newPage(suite.browser);
    try {
      // 1. ADMIN imports next year's questionnaire: a broken file's problems, then the good file's preview.
      await uploadBrokenThenGood(admin.page, suite.server.url, catalogueFile(2026, NEW_EDITION), screenshot, 'journey-edition', NEW_EDITION - 1);

      // 2. ...and opens it for the province of the user's entity, from the status page.
      await admin.page.getByRole('link', { name: 'Estado', exact: true }).click();
      await admin.page.waitForURL(/\/status$/);
      // The page stays on the running edition (it still has drafts); the new one, offered without campaigns, is chosen to open it.
      const editionSelect = admin.page.getByRole('combobox', { name: 'Edición', exact: true });
      await editionSelect.locator('option', { hasText: String(NEW_EDITION) }).waitFor({ state: 'attached' });
      await admin.page
        .getByTestId('edition-deadline')
        .getByRole('heading', { name: `Plazo de la edición ${NEW_EDITION - 1}` })
        .waitFor();
      await editionSelect.selectOption({ label: String(NEW_EDITION) });
      const opening = admin.page.getByTestId('edition-opening');
      await opening.getByRole('heading', { name: `Abrir la edición ${NEW_EDITION}` }).waitFor();
      await opening.getByLabel('Ámbito').selectOption('province');
      await opening.getByLabel('Provincia').selectOption({ label: entity.province });
      await opening.getByRole('button', { name: 'Ver resumen' }).click();
      await opening
        .getByTestId('opening-summary')
        .getByText(new RegExp(`^Edición ${NEW_EDITION}: se crearán? \\d+ campañas?; 0 ya tienen? una\\.$`))
        .waitFor();
      await opening.getByRole('button', { name: 'Confirmar y crear' }).click();
      await opening
        .getByTestId('opening-result')
        .getByText(new RegExp(`^Edición ${NEW_EDITION}: se ha(n)? creado \\d+ campañas?`))
        .waitFor();
      await screenshot(admin.page, 'journey-opened');

      // 3. The USER finds the new campaign and saves a first answer.
      const campaign = (await apiGet<CampaignSummary[]>(suite.server.url, userToken, '/campaigns/all')).find(
        (c) => c.campaignNumber === NEW_EDITION && c.entityId === entity.id,
      );
      if (!campaign) throw new Error(`Opening ${entity.province} created no ${NEW_EDITION} campaign for ${entity.name}`);
      await openSignedIn(user.page, suite.server.url, 'usuario@demo.es', `/my-campaigns/${campaign.id}`);
      const pickers = user.page.locator('fieldset.answer-picker');
      await pickers.first().locator('input').first().check();
      await pickers
        .first()
        .getByRole('button', { name: /^Guardar/ })
        .click();
      await pickers.first().getByText('Guardada').waitFor();
      expect(await answered(suite.server.url, userToken, campaign.id)).toBe(1);

      // 4. ADMIN closes the edition while the user's page is still open.
      const deadline = admin.page.getByTestId('edition-deadline');
      await deadline.getByLabel('Cierre', { exact: true }).fill('2020-01-31');
      await deadline.getByRole('button', { name: 'Guardar plazo' }).click();
      await admin.page.getByText('Plazo guardado').waitFor();
      await deadline.getByText('Plazo cerrado').waitFor();

      // 5. The user's next choice, saved by itself (the autosave: clicking 'Guardar' too raced it and found the
      // questionnaire already closed), is refused by the server, said in Spanish, and the questionnaire closes.
      const second = pickers.nth(1);
      await second.locator('input').first().check();
      await user.page.getByText(REFUSED).waitFor();
      await user.page.getByText('Plazo cerrado el 31 de enero de 2020').waitFor();
      await pickers.first().waitFor({ state: 'detached' });
      await screenshot(user.page, 'journey-refused');
      expect(await answered(suite.server.url, userToken, campaign.id)).toBe(1);

      // 6. ADMIN reopens last year's campaign, sent by mistake, with a reason (the table shows one edition at a time).
      await admin.page.getByRole('combobox', { name: 'Edición', exact: true }).selectOption({ label: String(NEW_EDITION - 1) });
      await admin.page.getByRole('searchbox', { name: 'Buscar por entidad' }).fill(lastYear.entity);
      const row = admin.page
        .getByRole('row')
        .filter({ hasText: lastYear.entity })
        .filter({ hasText: String(NEW_EDITION - 1) });
      await row.getByRole('button', { name: /^Reabrir/ }).click();
      const dialog = admin.page.getByRole('dialog');
      await dialog.getByLabel('Motivo').fill('Enviada por error antes de la revisión');
      await dialog.getByRole('button', { name: 'Reabrir' }).click();
      await admin.page.getByText('Campaña reabierta').waitFor();
      await row.getByText('Ongoing').waitFor();

      // 7. The activity log shows each step, newest first.
      await admin.page.getByRole('link', { name: 'Registro de actividad' }).click();
      await admin.page.waitForURL(/\/manage\/audit$/);
      const log = admin.page.locator('tbody');
      await log.getByRole('row').first().waitFor();
      const rowOf = (action: string) => log.getByRole('row').filter({ hasText: action });
      await rowOf('Campaña reabierta').filter({ hasText: lastYear.entity }).filter({ hasText: 'Enviada por error antes de la revisión' }).waitFor();
      for (const action of ['Plazo de la edición cambiado', 'Edición abierta a las entidades', 'Edición importada']) {
        expect(await rowOf(action).count()).toBe(1);
      }
      const actions = await log.getByRole('row').evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
      const order = ['Campaña reabierta', 'Plazo de la edición cambiado', 'Edición abierta a las entidades', 'Edición importada'].map((a) =>
        actions.findIndex((t) => t.includes(a)),
      );
      expect(order).toEqual([...order].sort((a, b) => a - b));
      await screenshot(admin.page, 'journey-log');
      expect(unexpectedUploadErrors(admin.errors)).toEqual([]);
      // The refused save is the one error the user's browser reports.
      expect(user.errors.filter((e) => !/status of 409 .*saveAnswer/.test(e))).toEqual([]);
    } finally {
      await Promise.all([admin.context.close(), user.context.close()]);
    }

    // The same log on a phone.
    const phone = await newPage(suite.browser, { phone: true });
    try {
      await openSignedIn(phone.page, suite.server.url, 'admin@demo.es', '/manage/audit');
      const reopened = phone.page.locator('tbody tr').filter({ hasText: 'Campaña reabierta' });
      await reopened.waitFor();
      await expectNoSideScroll(phone.page);
      // The details read as one paragraph, not as narrow columns side by side.
      const [card, details] = await Promise.all([reopened.boundingBox(), reopened.locator('td').last().locator(':scope > .list-cell-value').boundingBox()]);
      expect(details!.width).toBeGreaterThan(card!.width / 2);
      // A row without details has no empty 'Detalles' line.
      const signIn = phone.page.locator('tbody tr').filter({ hasText: 'Inicio de sesión' }).first();
      expect(await signIn.locator('td[data-label="Detalles"]').isVisible()).toBe(false);
      await screenshot(phone.page, 'journey-log-phone');
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.context.close();
    }
  }, 300_000);
});
