import { serverAndBrowser, startAppServer } from './helpers/appServer.js';
import { newPage, screenshot } from './helpers/browser.js';
import { logIn, openSignedIn } from './helpers/session.js';
import { expectNoSideScroll } from './helpers/phone.js';
import { answerThroughApi, apiGet, apiPost, apiToken, questionsOf } from './helpers/api.js';
import type { CurrentUser } from '../../src/shared/api/auth.js';
import type { CampaignDetail, CampaignSummary } from '../../src/shared/api/campaigns.js';
import type { EntityRow } from '../../src/shared/api/admin.js';
import type { EditionDraft } from '../../src/shared/api/editions.js';
import type { ResultResponse } from '../../src/shared/api/results.js';
import type { Catalogue } from '../../src/server/catalogue/parse.js';

const YEAR = 2027;

/** What `read` gives once `done` holds of it (checked every 200 ms for up to 15 s), or the last value read. */
async function settled<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (const end = Date.now() + 15_000; !done(value) && Date.now() < end; value = await read()) await new Promise((r) => setTimeout(r, 200));
  return value;
}
const REWORDED = '¿La entidad ha aprobado y evalúa cada año su plan?';
const NEW_RESPONSE = 'Sí, con un plan evaluado cada año';
const CATALAN_QUESTION = "L'entitat ha aprovat i avalua cada any el seu pla?";
const CATALAN_RESPONSE = 'Sí, amb un pla avaluat cada any';

/**
 * An edition written in the app, from the copy to an entity's score: ADMIN makes 2027 from 2026, rewords a question,
 * adds a response worth 5 points (a typed 'cinco' refused on the spot), translates both into Catalan, publishes and
 * opens the edition for one province; a USER of that province reads the question in Catalan, answers it with the new
 * response, and the sent campaign's score counts its 5 points.
 */
describe('an edition written in the app, in Chromium', () => {
  const suite = serverAndBrowser(startAppServer, { freshServerOnRetry: true });

  it('copies 2026, rewords, adds a 5-point response, translates it into Catalan, publishes, opens it, and a user answers it in Catalan', async () => {
    const url = suite.server.url;
    const userToken = await apiToken(url, 'usuario@demo.es');
    const adminToken = await apiToken(url, 'admin@demo.es');
    const me = await apiGet<{ user: CurrentUser }>(url, userToken, '/auth/me');
    const entity = (await apiGet<EntityRow[]>(url, adminToken, '/entities/list')).find((e) => e.id === me.user.entities[0].id)!;
    const admin = await newPage(suite.browser);
    const user = await newPage(suite.browser);
    try {
      // 1. ADMIN copies the newest edition into a draft of the next year.
      await openSignedIn(admin.page, url, 'admin@demo.es', '/manage/editions');
      await admin.page.getByRole('button', { name: 'Nueva edición a partir de 2026' }).click();
      await admin.page.waitForURL(new RegExp(`/manage/editions/draft/${YEAR}$`));
      await admin.page.getByRole('heading', { name: `Borrador de la edición ${YEAR}` }).waitFor();
      const draft = await apiGet<EditionDraft>(url, adminToken, `/editions/draft?campaignNumber=${YEAR}`);
      const doc = draft.document as Catalogue;
      const axis = doc.axes[0];
      const policy = axis.policies[0];
      const measure = policy.measures[0];
      const indicator = measure.indicators[0];
      const question = indicator.subindicators[0];
      const newCode = `R${question.responses.length + 1}`;

      // 2. The tree opens level by level down to the first question, which is reworded.
      for (const id of [`draft-axis-${axis.code}`, `draft-policy-${policy.code}`, `draft-measure-${measure.code}`, `draft-indicator-${indicator.code}`])
        await admin.page.getByTestId(id).locator(':scope > summary').click();
      const card = admin.page.getByTestId(`draft-question-${question.code}`);
      const saved = admin.page.getByTestId('draft-save-state').getByText(/^Todo guardado/);
      await card.getByLabel('Texto').first().fill(REWORDED);
      await card.getByLabel('Texto').first().press('Enter');
      await saved.waitFor();

      // 3. A response worth 5 points: points are checked as typed.
      await card.getByRole('button', { name: `Añadir respuesta al subindicador ${question.code}` }).click();
      const response = admin.page.getByTestId(`draft-response-${question.code}-${newCode}`);
      await response.waitFor();
      await response.getByLabel('Texto').fill(NEW_RESPONSE);
      await response.getByLabel('Texto').press('Enter');
      await response.getByLabel('Puntos').fill('cinco');
      await response.getByText('Escribe un número de 0 a 100.').waitFor();
      await response.getByLabel('Puntos').fill('5');
      await response.getByLabel('Puntos').press('Enter');
      const changed = await settled(
        () => apiGet<EditionDraft>(url, adminToken, `/editions/draft?campaignNumber=${YEAR}`),
        (d) => (d.document as Catalogue).axes[0].policies[0].measures[0].indicators[0].subindicators[0].responses.some((r) => r.value === 5),
      );
      expect((changed.document as Catalogue).axes[0].policies[0].measures[0].indicators[0].subindicators[0]).toMatchObject({
        text: REWORDED,
        responses: expect.arrayContaining([{ code: newCode, text: NEW_RESPONSE, value: 5 }]),
      });
      await saved.waitFor();

      // 4. Both translated into Catalan; the count of what Catalan lacks goes down by two.
      const gaps = admin.page.getByTestId('draft-translation-gaps');
      const missingCatalan = async () => Number(/Català: faltan (\d+)/.exec((await gaps.textContent()) ?? '')?.[1]);
      const before = await missingCatalan();
      await admin.page.getByLabel('Traducir al').selectOption('ca');
      await card.getByLabel('Traducción: Català').first().fill(CATALAN_QUESTION);
      await card.getByLabel('Traducción: Català').first().press('Enter');
      await saved.waitFor();
      await response.getByLabel('Traducción: Català').fill(CATALAN_RESPONSE);
      await response.getByLabel('Traducción: Català').press('Enter');
      expect(await settled(missingCatalan, (n) => n === before - 2)).toBe(before - 2);
      await admin.page.getByTestId('edition-diff').getByText('Preguntas reformuladas (1)').waitFor();
      await screenshot(admin.page, 'edition-draft-desktop');

      // 5. FEC, on a phone, has the draft open from the list; ADMIN changes the title meanwhile: FEC's change of it is
      // refused, FEC reads why and sees ADMIN's title, and the page fits the phone.
      const fec = await newPage(suite.browser, { phone: true });
      try {
        await openSignedIn(fec.page, url, 'fec@demo.es', '/manage/editions');
        await fec.page.getByRole('link', { name: `Borrador de ${YEAR}` }).click();
        await fec.page.getByRole('heading', { name: `Borrador de la edición ${YEAR}` }).waitFor();
        await expectNoSideScroll(fec.page);
        await admin.page.getByLabel('Título de la edición').fill(`Campaña ${YEAR} de políticas locales`);
        await admin.page.getByLabel('Título de la edición').press('Enter');
        await saved.waitFor();
        await fec.page.getByLabel('Título de la edición').fill(`Campaña ${YEAR}`);
        await fec.page.getByLabel('Título de la edición').press('Enter');
        await fec.page
          .getByTestId('draft-conflict')
          .getByText('admin@demo.es ha cambiado este borrador mientras lo editabas, y tu último cambio no se ha guardado.', { exact: false })
          .waitFor();
        expect(await fec.page.getByLabel('Título de la edición').inputValue()).toBe(`Campaña ${YEAR} de políticas locales`);
        await expectNoSideScroll(fec.page);
        await screenshot(fec.page, 'edition-draft-phone-conflict');
        expect(fec.errors.filter((e) => !/409/.test(e))).toEqual([]);
      } finally {
        await fec.context.close();
      }

      // 6. Published, then opened for the user's province from the status page.
      await admin.page.getByRole('button', { name: 'Publicar edición' }).click();
      await admin.page.getByRole('dialog').getByText(`¿Publicar la edición ${YEAR}?`, { exact: true }).waitFor();
      await admin.page.getByRole('dialog').getByRole('button', { name: 'Publicar edición' }).click();
      await admin.page.getByText(`Edición ${YEAR} publicada.`).waitFor();
      await admin.page.waitForURL(/\/manage\/editions$/);
      await admin.page.goto(`${url}/status`);
      const editionSelect = admin.page.getByRole('combobox', { name: 'Edición', exact: true });
      await editionSelect.locator('option', { hasText: String(YEAR) }).waitFor({ state: 'attached' });
      await editionSelect.selectOption({ label: String(YEAR) });
      const opening = admin.page.getByTestId('edition-opening');
      await opening.getByRole('heading', { name: `Abrir la edición ${YEAR}` }).waitFor();
      await opening.getByLabel('Ámbito').selectOption('province');
      await opening.getByLabel('Provincia').selectOption({ label: entity.province });
      await opening.getByRole('button', { name: 'Ver resumen' }).click();
      await opening.getByRole('button', { name: 'Confirmar y crear' }).click();
      await opening.getByTestId('opening-result').waitFor();

      // 7. The user, in Catalan, reads the question and the new response in Catalan and chooses it.
      const campaign = (await apiGet<CampaignSummary[]>(url, userToken, '/campaigns/all')).find((c) => c.campaignNumber === YEAR && c.entityId === entity.id);
      if (!campaign) throw new Error(`Opening ${entity.province} created no ${YEAR} campaign for ${entity.name}`);
      const first = questionsOf(await apiGet<CampaignDetail>(url, userToken, `/campaigns/get?id=${campaign.id}`))[0];
      await answerThroughApi(url, userToken, campaign.id, [first.id]);
      await logIn(user.page, url, 'usuario@demo.es');
      await user.page.waitForURL(/my-campaigns/);
      await user.page.getByRole('button', { name: 'Abrir el panel de usuario' }).click();
      await user.page.getByLabel('Idioma').selectOption('ca');
      await user.page.keyboard.press('Escape');
      await user.page.goto(`${url}/my-campaigns/${campaign.id}`);
      const picker = user.page.locator('fieldset.answer-picker').filter({ hasText: CATALAN_QUESTION });
      await picker.waitFor();
      expect(await user.page.getByText(REWORDED).count()).toBe(0);
      // The axes' names came with the copy: the demo translates them.
      await user.page.getByRole('heading', { name: 'Governança i transparència' }).first().waitFor();
      await picker.getByLabel(CATALAN_RESPONSE).check();
      const newId = first.responses.find((r) => r.text === NEW_RESPONSE)!.id;
      const answer = async () => questionsOf(await apiGet<CampaignDetail>(url, userToken, `/campaigns/get?id=${campaign.id}`))[0].answer;
      expect(await settled(answer, (a) => a?.[0] === newId)).toEqual([newId]);
      await screenshot(user.page, 'edition-draft-catalan-question');

      // 8. Sent, the campaign's score counts the new response's 5 points.
      await apiPost(url, userToken, '/campaigns/submit', { id: campaign.id });
      const sent = await apiGet<CampaignDetail>(url, userToken, `/campaigns/get?id=${campaign.id}`);
      const chosen = questionsOf(sent).flatMap((s) => s.responses.filter((r) => s.answer?.includes(r.id)));
      expect(chosen.find((r) => r.text === NEW_RESPONSE)?.value).toBe(5);
      const result = await apiGet<ResultResponse>(url, userToken, `/campaigns/result?id=${campaign.id}`);
      expect(result.global.values.campaign).toBe(chosen.reduce((sum, r) => sum + r.value, 0));
      expect(admin.errors).toEqual([]);
      expect(user.errors).toEqual([]);
    } finally {
      await admin.context.close();
      await user.context.close();
    }
  }, 240_000);

  it("moves a question to another measure's indicator with 'Mover a', on a phone, and throws the draft away", async () => {
    const url = suite.server.url;
    const year = 2030;
    const adminToken = await apiToken(url, 'admin@demo.es');
    // A retry on the same server finds the draft the failed try made: it starts again from a fresh copy.
    const left = (await apiGet<{ campaignNumber: number; version: number }[]>(url, adminToken, '/editions/drafts')).find((d) => d.campaignNumber === year);
    if (left) await apiPost(url, adminToken, '/editions/draft/delete', { campaignNumber: year, version: left.version });
    const created = await apiPost<EditionDraft>(url, adminToken, '/editions/draft/create', { from: 2026, campaignNumber: year });
    const [measure, other] = (created.document as Catalogue).axes[0].policies[0].measures;
    const [from, to] = [measure.indicators[0], other.indicators[0]];
    const question = from.subindicators[0];
    const admin = await newPage(suite.browser, { phone: true });
    try {
      await openSignedIn(admin.page, url, 'admin@demo.es', `/manage/editions/draft/${year}`);
      const axis = (created.document as Catalogue).axes[0];
      for (const id of [`draft-axis-${axis.code}`, `draft-policy-${axis.policies[0].code}`, `draft-measure-${measure.code}`, `draft-indicator-${from.code}`])
        await admin.page.getByTestId(id).locator(':scope > summary').click();
      const card = admin.page.getByTestId(`draft-question-${question.code}`);
      const moveTo = card.getByRole('combobox', { name: `Mover subindicador ${question.code} a` }).first();
      expect(await moveTo.inputValue()).toBe(from.code);
      await expectNoSideScroll(admin.page);
      await screenshot(admin.page, 'edition-draft-phone-move');
      await moveTo.selectOption(to.code);
      // Saved, the question is the last of the other measure's indicator, and gone from its own.
      const moved = async () => {
        const doc = (await apiGet<EditionDraft>(url, adminToken, `/editions/draft?campaignNumber=${year}`)).document as Catalogue;
        return doc.axes[0].policies[0].measures.slice(0, 2).map((m) => m.indicators[0].subindicators.map((s) => s.code));
      };
      const codes = await settled(moved, (c) => c[1].includes(question.code));
      expect(codes[1].at(-1)).toBe(question.code);
      expect(codes[0]).not.toContain(question.code);
      await admin.page.getByTestId(`draft-indicator-${from.code}`).getByTestId(`draft-question-${question.code}`).waitFor({ state: 'detached' });
      for (const id of [`draft-measure-${other.code}`, `draft-indicator-${to.code}`]) await admin.page.getByTestId(id).locator(':scope > summary').click();
      await admin.page.getByTestId(`draft-indicator-${to.code}`).getByTestId(`draft-question-${question.code}`).waitFor();

      // Down to one response, the question has a problem: said beside it, counted on its folded axis, and publishing waits.
      const movedCard = admin.page.getByTestId(`draft-indicator-${to.code}`).getByTestId(`draft-question-${question.code}`);
      for (const r of question.responses.slice(1)) {
        await movedCard.getByRole('button', { name: `Eliminar respuesta ${r.code}` }).click();
        await admin.page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
        await movedCard.getByTestId(`draft-response-${question.code}-${r.code}`).waitFor({ state: 'detached' });
      }
      await movedCard.getByText('necesita al menos 2 respuestas no obsoletas').waitFor();
      await admin.page.getByTestId('draft-problems').getByText('El borrador tiene 1 problema; se puede publicar cuando no quede ninguno.').waitFor();
      expect(await admin.page.getByTestId(`draft-axis-${axis.code}`).locator(':scope > summary').textContent()).toContain('1 problema');
      expect(await admin.page.getByRole('button', { name: 'Publicar edición' }).isDisabled()).toBe(true);
      await movedCard.scrollIntoViewIfNeeded();
      await expectNoSideScroll(admin.page);
      await screenshot(admin.page, 'edition-draft-phone-problem', { fullPage: false });

      // Thrown away after asking: back on 'Ediciones', the draft no longer listed.
      await admin.page.getByRole('button', { name: 'Eliminar borrador' }).click();
      const dialog = admin.page.getByRole('dialog');
      await dialog.getByText(`¿Eliminar el borrador de ${year}?`, { exact: true }).waitFor();
      await dialog.getByRole('button', { name: 'Eliminar borrador' }).click();
      await admin.page.getByText(`Borrador de ${year} eliminado.`).waitFor();
      await admin.page.waitForURL(/\/manage\/editions$/);
      await admin.page
        .getByText('No hay ningún borrador.')
        .or(admin.page.getByRole('link', { name: /^Borrador de / }))
        .first()
        .waitFor();
      expect(await admin.page.getByRole('link', { name: `Borrador de ${year}` }).count()).toBe(0);
      expect(admin.errors).toEqual([]);
    } finally {
      await admin.context.close();
    }
  }, 120_000);
});
