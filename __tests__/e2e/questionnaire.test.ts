import type { Locator, Page } from 'playwright-core';
import { serverAndBrowser, sharedAppServer, startAppServer } from './helpers/appServer.js';
import { newPage, screenshot, waitForCount } from './helpers/browser.js';
import { logIn, logInAsUser, openSignedIn } from './helpers/session.js';
import { answerEveryQuestion } from './helpers/questionnaire.js';
import { answerThroughApi, apiGet, apiToken, questionsOf } from './helpers/api.js';
import type { CampaignDetail } from '../../src/shared/api/campaigns.js';

/** The text cells of one column of the table on screen. */
const column = (page: Page, index: number) => page.locator(`table.list-table tbody tr td:nth-child(${index})`).allInnerTexts();

/** Opens the USER's open campaign and answers the first question, so that it has a saved answer. */
async function openQuestionnaireWithASavedAnswer(page: Page, url: string): Promise<Locator> {
  await logInAsUser(page, url);
  await page.getByRole('button', { name: 'Contestar campaña' }).click();
  await page.waitForURL(/\/my-campaigns\/\d+$/);
  const picker = page.locator('fieldset.answer-picker').first();
  await picker.locator('input').first().check();
  await picker.getByRole('button', { name: /^Guardar/ }).click();
  await picker.getByText('✓ Guardada').waitFor();
  return picker;
}

describe('questionnaire and filters in Chromium', () => {
  const suite = serverAndBrowser(sharedAppServer);

  it.each([
    ['clicking their names', false],
    ['tapping their names on a phone', true],
  ])(
    'filters /status by two communities chosen by %s, not their boxes',
    async (_how, phone) => {
      const { page, context, errors } = await newPage(suite.browser, { phone });
      try {
        await logIn(page, suite.server.url, 'admin@demo.es');
        await page.waitForURL('**/status');
        await page.getByRole('table').waitFor();
        // The cards above the table settle (aria-busy) after it: a tap aimed before they did could land beside the
        // menu once they moved it, and close it.
        await waitForCount(page.locator('[aria-busy="true"]'), 0);
        const communities = [...new Set(await column(page, 3))].sort((a, b) => a.localeCompare(b, 'es'));
        expect(communities.length).toBeGreaterThan(2);
        const chosen = communities.slice(0, 2);
        const toggle = page.getByRole('button', { name: /^Comunidad autónoma/ });
        await toggle.click();
        const options = page.getByRole('group', { name: 'Comunidad autónoma' });
        for (const name of chosen) {
          await page.getByRole('searchbox', { name: 'Buscar...' }).fill(name);
          const option = options.getByText(name, { exact: true });
          await (phone ? option.tap() : option.click());
        }
        await page.getByRole('searchbox', { name: 'Buscar...' }).fill('');
        if (await page.getByRole('button', { name: 'Mostrar más' }).isVisible()) await page.getByRole('button', { name: 'Mostrar más' }).click();
        expect(await options.getByRole('checkbox', { name: chosen[0] }).isChecked()).toBe(true);
        expect(await options.getByRole('checkbox', { name: chosen[1] }).isChecked()).toBe(true);
        await screenshot(page, `status-community-filter-${phone ? 'phone' : 'desktop'}`, { fullPage: false });
        await page.getByRole('button', { name: 'Aplicar' }).click();
        await page.waitForFunction(() => !document.querySelector('[role="group"] input[type="checkbox"]'));
        expect(await toggle.innerText()).toBe('2 seleccionados');
        // Both applied: only their rows are left (the first page shows one or both).
        const shown = await column(page, 3);
        expect(shown.length).toBeGreaterThan(0);
        expect(shown.filter((c) => !chosen.includes(c))).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    120_000,
  );

  it("ticks 'Entidades' on the new-user form by clicking an entity's name", async () => {
    const { page, context, errors } = await newPage(suite.browser);
    try {
      await openSignedIn(page, suite.server.url, 'admin@demo.es', '/manage/users/create');
      await page.getByRole('button', { name: /^Entidades/ }).click();
      const first = page.locator('#user-entities-options label').first();
      const name = await first.innerText();
      await first.click();
      await page.getByRole('button', { name: 'Aplicar' }).click();
      const chosen = page.getByRole('list', { name: 'Entidades seleccionadas' });
      await chosen.waitFor();
      expect(await chosen.innerText()).toBe(name);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('says a choice that could not be saved is not saved and asks before leaving with it', async () => {
    const { page, context, errors } = await newPage(suite.browser);
    try {
      const picker = await openQuestionnaireWithASavedAnswer(page, suite.server.url);
      const address = page.url();
      // Another response, which the server cannot get.
      await page.route('**/api/secure/v1/campaigns/saveAnswer', (route) => route.abort('internetdisconnected'));
      const other = picker.locator('input').nth(1);
      await picker.locator('label').nth(1).click();
      await picker.getByText('No se ha podido guardar: reintentar').waitFor();
      expect(await picker.getByText('Guardada').count()).toBe(0);
      await screenshot(page, 'questionnaire-unsaved', { fullPage: false });

      // A reload asks too (the browser's own dialog): staying keeps the choice.
      const unload = page.waitForEvent('dialog');
      void page.evaluate(() => window.location.reload());
      const asked = await unload;
      expect(asked.type()).toBe('beforeunload');
      await asked.dismiss();
      expect(await other.isChecked()).toBe(true);

      // Through the menu: the app's dialog; 'Seguir en la encuesta' stays.
      await page.getByRole('link', { name: 'Mis Campañas' }).first().click();
      const dialog = page.getByRole('dialog', { name: '¿Salir sin guardar?' });
      await dialog.waitFor();
      await screenshot(page, 'questionnaire-leave-dialog', { fullPage: false });
      await dialog.getByRole('button', { name: 'Seguir en la encuesta' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(page.url()).toBe(address);
      expect(await other.isChecked()).toBe(true);

      // Saved once the server is back, it leaves without a question.
      await page.unroute('**/api/secure/v1/campaigns/saveAnswer');
      // 'reintentar', unless the autosave's own retry (2 s, 4 s, 8 s... after the failure) saved it first on a slow machine.
      const saved = picker.getByText('✓ Guardada');
      await Promise.race([
        picker
          .getByRole('button', { name: 'reintentar' })
          .click()
          .catch(() => undefined),
        saved.waitFor(),
      ]);
      await saved.waitFor();
      await page.getByRole('link', { name: 'Mis Campañas' }).first().click();
      await page.waitForURL('**/my-campaigns');
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|saveAnswer/.test(e))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('says, in Catalan, that the questions are only in Spanish; not in Spanish (phone)', async () => {
    const { page, context, errors } = await newPage(suite.browser, { phone: true });
    const notice = page.getByTestId('questions-language');
    try {
      await logInAsUser(page, suite.server.url);
      await page.getByRole('button', { name: 'Contestar campaña' }).click();
      await page.waitForURL(/\/my-campaigns\/\d+$/);
      await page.locator('fieldset.answer-picker').first().waitFor();
      expect(await notice.count()).toBe(0);
      await page.getByRole('button', { name: 'Abrir el panel de usuario' }).click();
      await page.getByLabel('Idioma').selectOption('ca');
      // Catalan's catalogue arrives as a chunk: until it has, the page (the notice too) stays in Spanish.
      const catalan = "Hi ha textos d'aquesta edició que només estan en castellà; la resta de la pàgina segueix el teu idioma.";
      await notice.getByText(catalan).waitFor();
      expect(await notice.innerText()).toBe(catalan);
      await page.keyboard.press('Escape');
      await screenshot(page, 'questionnaire-catalan-phone', { fullPage: false });
    } finally {
      // The user's language is kept on the server: back to Spanish for the tests after this one.
      if (!(await page.getByLabel('Idioma').isVisible())) await page.getByRole('button', { name: "Obre el tauler d'usuari" }).click();
      await page.getByLabel('Idioma').selectOption('es');
      await notice.waitFor({ state: 'detached' });
      await context.close();
    }
    expect(errors).toEqual([]);
  }, 120_000);
});

describe('sending a questionnaire in Chromium', () => {
  // The test sends the demo USER's open campaign: run again, it needs a server where it is still open.
  const suite = serverAndBrowser(startAppServer, { freshServerOnRetry: true });

  it("asks before 'Enviar Encuesta', naming the entity; sent, the questionnaire offers its results", async () => {
    const { page, context, errors } = await newPage(suite.browser);
    try {
      await openQuestionnaireWithASavedAnswer(page, suite.server.url);
      const campaignId = page.url().split('/').pop();
      const title = await page.locator('#questionnaire-title').innerText();
      const [entity, campaign] = title.split(' · ');
      // All but the last question answered through the API (answering them all by hand is the journey of
      // campaigns.test.ts); the last one here, by hand, enables 'Enviar Encuesta'.
      const token = await apiToken(suite.server.url, 'usuario@demo.es');
      const questions = questionsOf(await apiGet<CampaignDetail>(suite.server.url, token, `/campaigns/get?id=${campaignId}`));
      await answerThroughApi(suite.server.url, token, Number(campaignId), [questions[questions.length - 1].id]);
      await page.reload();
      await page.getByText(`${questions.length - 1} de ${questions.length}`).waitFor();
      await answerEveryQuestion(page);
      const submit = page.getByRole('button', { name: 'Enviar Encuesta' });
      await submit.click();
      const dialog = page.getByRole('dialog', { name: 'Firmar y enviar la encuesta' });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain(
        `Vas a firmar como usuario@demo.es el envío de la encuesta de ${entity} para la ${campaign}. Una vez enviada no podrás cambiar las respuestas`,
      );
      await screenshot(page, 'questionnaire-submit-confirm', { fullPage: false });
      // Cancelling sends nothing.
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(page.url()).toContain(`/my-campaigns/${campaignId}`);
      expect(await submit.isEnabled()).toBe(true);

      await submit.click();
      const confirm = dialog.getByRole('button', { name: 'Firmar y enviar' });
      expect(await confirm.getAttribute('class')).toContain('btn-primary');
      await confirm.click();
      await page.getByText('Cuestionario enviado').waitFor();
      await page.waitForURL(`**/results/${campaignId}`);

      await page.goto(`${suite.server.url}/my-campaigns/${campaignId}`);
      const results = page.getByRole('link', { name: 'Ver Resultados' });
      await results.waitFor();
      expect(await page.getByRole('button', { name: 'Enviar Encuesta' }).count()).toBe(0);
      await screenshot(page, 'questionnaire-sent', { fullPage: false });
      await results.click();
      await page.waitForURL(`**/results/${campaignId}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);
});
