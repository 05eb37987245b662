import { serverAndBrowser } from './helpers/appServer.js';
import { newPage, screenshot, scrollPageTo, type OpenedPage } from './helpers/browser.js';
import { cancelDialog, checkDialog, checkListPage, checkPage, checkUserPanel, expectOnScreen, PHONE } from './helpers/phone.js';
import { logIn } from './helpers/session.js';
import { apiGet, apiPost, apiToken } from './helpers/api.js';
import type { CampaignSummary } from '../../src/shared/api/campaigns.js';
import type { EntityRow } from '../../src/shared/api/admin.js';

/** The questionnaire's sticky header, under the app's, may cover at most about a fifth of the screen. */
const HEADER_SHARE = 0.2;
/** A user of several entities, whose password the test regenerates (the demo accounts keep theirs). */
const MANY_ENTITIES_USER = 'movil@ayto.es';

describe('every page and dialog on a phone (390x844)', () => {
  const suite = serverAndBrowser();
  let sentCampaign: number;

  beforeAll(async () => {
    const mine = await apiGet<CampaignSummary[]>(suite.server.url, await apiToken(suite.server.url, 'usuario@demo.es'), '/campaigns/all');
    sentCampaign = mine.find((c) => c.status === 'sent')!.id;
    const admin = await apiToken(suite.server.url, 'admin@demo.es');
    const entities = await apiGet<EntityRow[]>(suite.server.url, admin, '/entities/list');
    await apiPost(suite.server.url, admin, '/users/create', { email: MANY_ENTITIES_USER, role: 1, name: '', entities: entities.slice(0, 5).map((e) => e.id) });
  }, 120_000);

  async function signedIn(email: string): Promise<OpenedPage> {
    const opened = await newPage(suite.browser, { phone: true });
    await logIn(opened.page, suite.server.url, email);
    await opened.page.waitForURL((url) => !url.pathname.startsWith('/auth'));
    return opened;
  }

  it('fits the sign-in and forgotten-password pages', async () => {
    const { page, context } = await newPage(suite.browser, { phone: true });
    try {
      await page.goto(`${suite.server.url}/auth/login`);
      await page.getByRole('button', { name: 'Entrar' }).waitFor();
      await checkPage(page, 'login');
      await page.getByRole('link', { name: '¿Has olvidado tu contraseña?' }).click();
      await page.waitForURL('**/auth/forgot-password');
      await checkPage(page, 'forgot-password');
    } finally {
      await context.close();
    }
  }, 60_000);

  it('fits the USER: campaigns, questionnaire with a short header, results, share link, comparisons, menu and panel', async () => {
    // No share sheet and no clipboard: the link goes to the dialog to copy by hand.
    const { page, context, errors } = await signedIn('usuario@demo.es');
    try {
      await checkListPage(page, 'my-campaigns');
      await checkUserPanel(page, 'user-panel');
      await page.getByRole('button', { name: 'Mostrar u ocultar el menú' }).click();
      await checkDialog(page, 'menu');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Contestar campaña' }).click();
      const header = page.locator('.questionnaire-header');
      await header.waitFor();
      await page.locator('fieldset.answer-picker').first().waitFor();
      await checkPage(page, 'questionnaire');
      // The campaign's year is never cut: the entity's name gives way to it.
      await expectOnScreen(header.locator('.questionnaire-campaign'), "the questionnaire header's campaign");
      expect(await header.locator('.questionnaire-campaign').evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && /\d{4}/.test(el.textContent ?? ''))).toBe(
        true,
      );
      // Down the questions, what stays on top (the app's header and the questionnaire's) covers at most a fifth of the screen.
      await scrollPageTo(page, 1500);
      await page.waitForTimeout(100);
      const box = await header.boundingBox();
      const covered = box === null ? 0 : Math.max(0, box.y + box.height);
      expect(covered).toBeLessThanOrEqual(PHONE.height * HEADER_SHARE);
      await screenshot(page, 'phone-questionnaire-scrolled', { fullPage: false });
      await expectOnScreen(page.getByRole('button', { name: 'Enviar Encuesta' }), 'Enviar Encuesta');

      await page.addInitScript(() => {
        Object.defineProperty(navigator, 'share', { value: undefined });
        Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('no clipboard')) } });
      });
      await page.goto(`${suite.server.url}/results/${sentCampaign}`);
      // On a phone the report's actions and options are folded under 'Opciones del informe'.
      await page.getByRole('button', { name: 'Opciones del informe' }).click();
      await page.getByRole('button', { name: 'Compartir' }).waitFor();
      await checkPage(page, 'results');
      await page.getByRole('button', { name: 'Compartir' }).click();
      await checkDialog(page, 'share-link-dialog');
      await page.locator('.modal.show').getByRole('button', { name: 'Cerrar' }).last().click();

      await page.goto(`${suite.server.url}/comparisons/${sentCampaign}`);
      await page.getByText('CCAA').first().waitFor();
      await checkPage(page, 'comparisons');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('fits ADMIN: status with Nueva Campaña and delete, users, entities, their forms and confirmations', async () => {
    const { page, context, errors } = await signedIn('admin@demo.es');
    try {
      await page.waitForURL('**/status');
      await checkListPage(page, 'status-admin');
      await page.getByRole('button', { name: 'Nueva Campaña' }).click();
      await checkDialog(page, 'new-campaign');
      // The entity list opens inside the dialog, and an entity can be chosen.
      await page
        .locator('.modal.show')
        .getByRole('button', { name: /^Entidad/ })
        .click();
      const firstEntity = page.locator('.modal.show [role="group"] button').first();
      await expectOnScreen(firstEntity, 'first entity of Nueva Campaña');
      await screenshot(page, 'phone-new-campaign-open', { fullPage: false });
      await firstEntity.click();
      expect(await page.locator('.modal.show').getByRole('button', { name: 'Crear campaña' }).isEnabled()).toBe(true);
      await cancelDialog(page);
      await page
        .locator('table.list-table tbody tr')
        .getByRole('button', { name: /^Eliminar/ })
        .first()
        .click();
      await checkDialog(page, 'delete-campaign-confirmation');
      await cancelDialog(page);

      await page.goto(`${suite.server.url}/manage/users`);
      await checkListPage(page, 'users-admin');
      const other = page.locator('table.list-table tbody tr').filter({ hasText: MANY_ENTITIES_USER });
      await other.getByRole('button', { name: /^Regenerar contraseña/ }).click();
      await checkDialog(page, 'regenerate-confirmation');
      await page.locator('.modal.show').getByRole('button', { name: 'Regenerar' }).click();
      await page.locator('.modal.show').getByText('Contraseña generada').waitFor();
      await checkDialog(page, 'password-dialog');
      await page.locator('.modal.show').getByRole('button', { name: 'Cerrar' }).last().click();
      await page.locator('.modal.show').waitFor({ state: 'detached' });
      await other.getByRole('button', { name: /^Eliminar/ }).click();
      await checkDialog(page, 'delete-user-confirmation');
      await cancelDialog(page);
      await page.goto(`${suite.server.url}/manage/users/create`);
      await page.getByRole('button', { name: /^Entidades/ }).waitFor();
      await checkPage(page, 'create-user');

      await page.goto(`${suite.server.url}/manage/entities`);
      await checkListPage(page, 'entities-admin');
      await page
        .locator('table.list-table tbody tr')
        .getByRole('button', { name: /^Eliminar/ })
        .first()
        .click();
      await checkDialog(page, 'delete-entity-confirmation');
      await cancelDialog(page);
      await page.goto(`${suite.server.url}/manage/entities/create`);
      await page.getByRole('combobox', { name: 'Municipios' }).waitFor();
      await checkPage(page, 'create-entity');

      await page.goto(`${suite.server.url}/results/${sentCampaign}`);
      await page.getByRole('button', { name: 'Opciones del informe' }).click();
      await page.getByRole('button', { name: 'Compartir' }).waitFor();
      await checkPage(page, 'results-admin');
      await checkUserPanel(page, 'admin-panel');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);

  it('fits FEC: status with Nueva Campaña, users and entities', async () => {
    const { page, context, errors } = await signedIn('fec@demo.es');
    try {
      await page.waitForURL('**/status');
      await checkListPage(page, 'status-fec');
      await page.getByRole('button', { name: 'Nueva Campaña' }).click();
      await checkDialog(page, 'new-campaign-fec');
      await cancelDialog(page);
      await page.goto(`${suite.server.url}/manage/users`);
      await checkListPage(page, 'users-fec');
      await page.goto(`${suite.server.url}/manage/entities`);
      await checkListPage(page, 'entities-fec');
      await checkUserPanel(page, 'fec-panel');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
