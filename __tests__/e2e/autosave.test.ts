import type { Page } from 'playwright-core';
import { serverAndBrowser, startAppServer } from './helpers/appServer.js';
import { newPage, screenshot, waitUntilScrolledOnScreen } from './helpers/browser.js';
import { openSignedIn } from './helpers/session.js';
import { answerThroughApi, apiGet, apiToken, currentDraft, offered, questionsOf } from './helpers/api.js';
import { expectNoSideScroll } from './helpers/phone.js';
import type { CampaignDetail, CampaignSummary, Subindicator } from '../../src/shared/api/campaigns.js';

const SAVE_CALL = '**/api/secure/v1/campaigns/saveAnswer';

/** The server's copy of a campaign's answers, by question. */
async function serverAnswers(url: string, token: string, id: number): Promise<Map<number, number[] | null>> {
  const campaign = await apiGet<CampaignDetail>(url, token, `/campaigns/get?id=${id}`);
  return new Map(campaign.indicators.flatMap((i) => i.subindicators).map((s) => [s.id, s.answer]));
}

/** A response offered by the question that is not its saved answer (its 'No' when it has one). */
const anotherResponse = (sub: Subindicator) => {
  const others = offered(sub).filter((r) => !sub.answer?.includes(r.id));
  return others.find((r) => r.text === 'No') ?? others[0];
};
const label = (page: Page, sub: Subindicator, response: number) => page.locator(`label[for="question-${sub.id}-${response}"]`);
const saveStatus = (page: Page, sub: Subindicator) => page.getByTestId(`save-status-${sub.id}`);

/** Until the server holds that answer for the question (the autosave sends it after a pause). */
async function serverHolds(url: string, token: string, campaign: number, question: number, answer: number[] | null) {
  const sorted = (a: number[] | null) => (a ? [...a].sort((x, y) => x - y) : a);
  let held: number[] | null | undefined;
  for (let tries = 0; tries < 50; tries++) {
    held = (await serverAnswers(url, token, campaign)).get(question);
    if (JSON.stringify(sorted(held ?? null)) === JSON.stringify(sorted(answer))) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect({ question, held }).toEqual({ question, held: answer });
}

describe('answers saved as they are chosen, in Chromium', () => {
  // The first test answers and sends the demo USER's open campaign: run again, it needs a server where it is open.
  const suite = serverAndBrowser(startAppServer, { freshServerOnRetry: true });

  it('saves every change (click, keyboard, several boxes, after a failed save, across a reload) and sends the last change made', async () => {
    const { url } = suite.server;
    const token = await apiToken(url, 'usuario@demo.es');
    const open = (await apiGet<CampaignSummary[]>(url, token, '/campaigns/all')).find((c) => c.status === 'created' || c.status === 'draft')!;
    const detail = await apiGet<CampaignDetail>(url, token, `/campaigns/get?id=${open.id}`);
    const singles = questionsOf(detail).filter((s) => s.type === 'single' && offered(s).length >= 3);
    const multiple = questionsOf(detail).find((s) => s.type === 'multiple' && offered(s).length >= 2 && !s.answer?.length)!;
    expect(singles.length).toBeGreaterThan(3);
    const [byClick, byKeyboard, offline, beforeSending] = singles;

    const { page, context, errors } = await newPage(suite.browser);
    try {
      await openSignedIn(page, url, 'usuario@demo.es', `/my-campaigns/${open.id}`);
      await page.locator('fieldset.answer-picker').first().waitFor();

      // A click: no 'Guardar', and the server has it.
      const clicked = anotherResponse(byClick);
      await label(page, byClick, clicked.id).click();
      await saveStatus(page, byClick).getByText('✓ Guardada').waitFor();
      await serverHolds(url, token, open.id, byClick.id, [clicked.id]);

      // The keyboard: a radio chosen with the space bar, then the next one with the arrow key.
      const [first, second] = offered(byKeyboard);
      await page.locator(`#question-${byKeyboard.id}-${first.id}`).focus();
      if (!(await page.locator(`#question-${byKeyboard.id}-${first.id}`).isChecked())) await page.keyboard.press('Space');
      await page.keyboard.press('ArrowDown');
      expect(await page.locator(`#question-${byKeyboard.id}-${second.id}`).isChecked()).toBe(true);
      await saveStatus(page, byKeyboard).getByText('✓ Guardada').waitFor();
      await serverHolds(url, token, open.id, byKeyboard.id, [second.id]);

      // Several boxes ticked one after another: the server has them all.
      const boxes = offered(multiple).slice(0, 2);
      for (const box of boxes) await label(page, multiple, box.id).click();
      await saveStatus(page, multiple).getByText('✓ Guardada').waitFor();
      await serverHolds(
        url,
        token,
        open.id,
        multiple.id,
        boxes.map((r) => r.id),
      );

      // No connection: the question says so and tries again by itself; back online, 'reintentar' saves it.
      let refused = 0;
      await page.route(SAVE_CALL, (route) => {
        refused += 1;
        return route.abort('internetdisconnected');
      });
      const wanted = anotherResponse(offline);
      await label(page, offline, wanted.id).click();
      const failed = saveStatus(page, offline).getByText('No se ha podido guardar: reintentar');
      await failed.waitFor();
      await saveStatus(page, offline).scrollIntoViewIfNeeded();
      await screenshot(page, 'questionnaire-save-failed', { fullPage: false });
      for (let waited = 0; refused < 2 && waited < 20_000; waited += 200) await page.waitForTimeout(200);
      expect(refused).toBeGreaterThanOrEqual(2);
      await failed.waitFor();
      expect(await page.locator(`#question-${offline.id}-${wanted.id}`).isChecked()).toBe(true);
      expect((await serverAnswers(url, token, open.id)).get(offline.id)).toEqual(offline.answer);
      await page.unroute(SAVE_CALL);
      await saveStatus(page, offline).getByRole('button', { name: 'reintentar' }).click();
      await saveStatus(page, offline).getByText('✓ Guardada').waitFor();
      await serverHolds(url, token, open.id, offline.id, [wanted.id]);

      // A reload asked for while a change is on its way: the browser asks first; staying, the change is saved.
      const reloaded = anotherResponse({ ...byClick, answer: [clicked.id] });
      await page.route(SAVE_CALL, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      });
      await label(page, byClick, reloaded.id).click();
      const unload = page.waitForEvent('dialog');
      void page.evaluate(() => window.location.reload());
      const asked = await unload;
      expect(asked.type()).toBe('beforeunload');
      await asked.dismiss();
      await saveStatus(page, byClick).getByText('✓ Guardada').waitFor();
      await page.unroute(SAVE_CALL);
      await serverHolds(url, token, open.id, byClick.id, [reloaded.id]);
      // After the reload, every choice is the server's.
      await page.reload();
      for (const [sub, response] of [
        [byClick, reloaded.id],
        [byKeyboard, second.id],
        [offline, wanted.id],
      ] as const) {
        expect(await page.locator(`#question-${sub.id}-${response}`).isChecked()).toBe(true);
      }

      // Every other question answered, with the evidence the edition requires (through the API, as another session
      // would), then: change one and send at once.
      await answerThroughApi(
        url,
        token,
        open.id,
        [byClick, byKeyboard, offline, multiple].map((s) => s.id),
      );
      await page.reload();
      const submit = page.getByRole('button', { name: 'Enviar Encuesta' });
      await page.getByText(`${questionsOf(detail).length} de ${questionsOf(detail).length}`).waitFor();
      const last = anotherResponse(
        (await apiGet<CampaignDetail>(url, token, `/campaigns/get?id=${open.id}`)).indicators
          .flatMap((i) => i.subindicators)
          .find((s) => s.id === beforeSending.id)!,
      );
      await label(page, beforeSending, last.id).click();
      await submit.click();
      const dialog = page.getByRole('dialog', { name: 'Firmar y enviar la encuesta' });
      await dialog.getByRole('button', { name: 'Firmar y enviar' }).click();
      await page.getByText('Cuestionario enviado').waitFor();
      await page.waitForURL(`**/results/${open.id}`);
      const sent = await apiGet<CampaignDetail>(url, token, `/campaigns/get?id=${open.id}`);
      expect(sent.status).toBe('sent');
      expect(questionsOf(sent).find((s) => s.id === beforeSending.id)!.answer).toEqual([last.id]);
      expect(errors.filter((e) => !/saveAnswer|ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 300_000);

  it.each([
    ['desktop', false],
    ['phone', true],
  ])(
    "says on the %s how many questions 'Enviar Encuesta' waits for and takes the keyboard to the first",
    async (size, phone) => {
      const { url } = suite.server;
      const token = await apiToken(url, 'admin@demo.es');
      const { draft, questions } = await currentDraft(url, token, phone ? 1 : 0);
      const missing = questions.filter((s) => !s.answer?.length);
      expect(missing.length).toBeGreaterThan(1);

      const { page, context, errors } = await newPage(suite.browser, { phone });
      try {
        await openSignedIn(page, url, 'admin@demo.es', `/my-campaigns/${draft.campaignId}`);
        const submit = page.getByRole('button', { name: 'Enviar Encuesta' });
        await submit.waitFor();
        expect(await submit.isDisabled()).toBe(true);
        const why = page.getByTestId('missing-answers');
        expect(await why.innerText()).toContain(`Faltan ${missing.length} preguntas por contestar para poder enviar la encuesta.`);
        expect(await submit.getAttribute('aria-describedby')).toBe('questionnaire-missing');
        await screenshot(page, `questionnaire-missing-${size}`, { fullPage: false });
        if (phone) await expectNoSideScroll(page);

        // A search that hides every question: the jump clears it and lands on the first unanswered one.
        await page.getByRole('searchbox', { name: 'Buscar una pregunta' }).fill('ningunapreguntadiceesto');
        await page.getByText('Ninguna pregunta coincide con los filtros.').waitFor();
        await why.getByRole('button', { name: 'Ir a la primera sin contestar' }).click();
        const target = page.locator(`#question-${missing[0].id}`);
        await target.waitFor();
        await page.waitForFunction((id) => document.activeElement?.closest('fieldset')?.id === `question-${id}`, missing[0].id);
        await waitUntilScrolledOnScreen(target);
        await screenshot(page, `questionnaire-jumped-${size}`, { fullPage: false });

        // Answered from the keyboard, one fewer is missing.
        await page.keyboard.press('Space');
        const left = missing.length - 1;
        const leftText = left === 1 ? 'Falta 1 pregunta' : `Faltan ${left} preguntas`;
        await page.waitForFunction((text) => document.querySelector('[data-testid="missing-answers"]')?.textContent?.includes(text), leftText);
        await saveStatus(page, missing[0]).getByText('✓ Guardada').waitFor();
        await serverHolds(url, token, draft.campaignId, missing[0].id, [offered(missing[0])[0].id]);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    180_000,
  );

  it("unticks the others when 'Ninguno de los anteriores' is ticked, and it when another is, and the server keeps what is on screen", async () => {
    const { url } = suite.server;
    const token = await apiToken(url, 'admin@demo.es');
    const { draft, questions } = await currentDraft(url, token, 2);
    const sub = questions.find((s) => s.type === 'multiple' && s.responses.some((r) => r.exclusive) && offered(s).filter((r) => !r.exclusive).length >= 2)!;
    const none = sub.responses.find((r) => r.exclusive)!;
    const [one, two] = offered(sub).filter((r) => !r.exclusive);
    const box = (id: number) => page.locator(`#question-${sub.id}-${id}`);

    const { page, context, errors } = await newPage(suite.browser);
    try {
      await openSignedIn(page, url, 'admin@demo.es', `/my-campaigns/${draft.campaignId}`);
      await box(one.id).waitFor();
      for (const r of [one, two]) if (!(await box(r.id).isChecked())) await label(page, sub, r.id).click();
      await label(page, sub, none.id).click();
      expect([await box(none.id).isChecked(), await box(one.id).isChecked(), await box(two.id).isChecked()]).toEqual([true, false, false]);
      await saveStatus(page, sub).getByText('✓ Guardada').waitFor();
      await serverHolds(url, token, draft.campaignId, sub.id, [none.id]);
      await page.locator(`#question-${sub.id}`).scrollIntoViewIfNeeded();
      await screenshot(page, 'questionnaire-exclusive', { fullPage: false });

      // From the keyboard: another box ticked unticks 'Ninguno de los anteriores'.
      await box(two.id).focus();
      await page.keyboard.press('Space');
      expect([await box(none.id).isChecked(), await box(two.id).isChecked()]).toEqual([false, true]);
      await saveStatus(page, sub).getByText('✓ Guardada').waitFor();
      await serverHolds(url, token, draft.campaignId, sub.id, [two.id]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
