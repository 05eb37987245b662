import type { Page } from 'playwright-core';
import { serverAndBrowser, startAppServer } from './helpers/appServer.js';
import { newPage, screenshot } from './helpers/browser.js';
import { logIn, openSignedIn } from './helpers/session.js';
import { apiGet, apiPost, apiToken, questionsOf } from './helpers/api.js';
import { expectNoSideScroll } from './helpers/phone.js';
import { readPdf } from './helpers/pdf.js';
import { seriousViolations } from './helpers/axe.js';
import type { CampaignDetail, CampaignSummary } from '../../src/shared/api/campaigns.js';
import type { EditionRow } from '../../src/shared/api/editions.js';

const COMMENT = 'El enlace no lleva al acta del pleno: adjunte el acta aprobada.';
const MESSAGE = 'Revise la respuesta marcada y envíe las correcciones.';

/** Opens 'Revisión' from the menu (folded on a phone) and waits for the queue. */
async function openQueue(page: Page): Promise<void> {
  if ((page.viewportSize()?.width ?? 1280) < 768) await page.getByRole('button', { name: 'Mostrar u ocultar el menú' }).click();
  await page.getByRole('link', { name: 'Revisión', exact: true }).click();
  await page.waitForURL(/\/review$/);
  await page.getByTestId('review-counts').waitFor();
}

/** A reviewer's decision, confirmed in its dialog; back on the queue with its toast. */
async function decide(page: Page, button: string, toast: string, message?: string): Promise<void> {
  await page.getByTestId('review-header').getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  if (message) await dialog.getByLabel('Mensaje para la entidad').fill(message);
  await dialog.getByRole('button', { name: button }).click();
  await page.getByRole('status').getByText(toast, { exact: true }).waitFor();
  await page.waitForURL(/\/review$/);
}

/**
 * The review loop in Chromium: a reviewer (FEC) marks one answer to correct and asks for corrections, the entity's
 * user corrects only that answer and sends it back, and the reviewer validates; the questionnaire then reads 'Validada'.
 */
describe('the review of a sent campaign in Chromium', () => {
  // The first test asks for a correction and validates: run again, it needs a server where nothing is reviewed yet.
  const suite = serverAndBrowser(startAppServer, { freshServerOnRetry: true });

  it('asks for a correction, the entity corrects and sends it, the reviewer validates', async () => {
    const userToken = await apiToken(suite.server.url, 'usuario@demo.es');
    const mine = await apiGet<CampaignSummary[]>(suite.server.url, userToken, '/campaigns/all');
    const newest = Math.max(...mine.map((c) => c.campaignNumber));
    const sent = mine.find((c) => c.status === 'sent' && c.campaignNumber === newest);
    if (!sent) throw new Error(`The demo USER has no campaign sent in ${newest}`);
    const detail = await apiGet<CampaignDetail>(suite.server.url, userToken, `/campaigns/get?id=${sent.id}`);
    const [flagged, fine] = questionsOf(detail).filter((q) => q.type === 'single' && q.evidenceRule === 'none' && !q.notApplicable);
    const other = flagged.responses.find((r) => !r.obsolete && !flagged.answer?.includes(r.id))!;

    const reviewer = await newPage(suite.browser);
    const user = await newPage(suite.browser);
    try {
      // 1. The reviewer finds the campaign in the queue, pending, narrowed to its status.
      await logIn(reviewer.page, suite.server.url, 'fec@demo.es');
      await reviewer.page.waitForURL(/\/status/);
      await openQueue(reviewer.page);
      expect(await reviewer.page.getByTestId('review-counts').textContent()).toMatch(/^\d+ pendientes?, 0 con correcciones pedidas, 0 validadas$/);
      await reviewer.page.getByLabel('Estado de la revisión').selectOption({ label: 'Pendiente' });
      await screenshot(reviewer.page, 'review-queue');
      const row = reviewer.page.getByRole('table').getByRole('row').filter({ hasText: sent.entity });
      await row.getByRole('link', { name: `Revisar la campaña de ${sent.entity}` }).click();
      await reviewer.page.waitForURL(new RegExp(`/review/${sent.id}$`));

      // 2. With the keyboard: 'Corregir' on one answer, what to correct, saved; 'Correcto' on another.
      const flaggedMark = reviewer.page.getByTestId(`review-mark-${flagged.id}`);
      await flaggedMark.getByRole('radio', { name: 'Correcto' }).focus();
      await reviewer.page.keyboard.press('ArrowRight');
      expect(await flaggedMark.getByRole('radio', { name: 'Corregir' }).isChecked()).toBe(true);
      await reviewer.page.keyboard.press('Tab');
      await reviewer.page.keyboard.type(COMMENT);
      await reviewer.page.keyboard.press('Tab');
      await reviewer.page.keyboard.press('Enter');
      await flaggedMark.getByText(/^✓ Guardada por fec@demo\.es/).waitFor();
      await reviewer.page.getByTestId(`review-mark-${fine.id}`).getByRole('radio', { name: 'Correcto' }).check();
      await reviewer.page
        .getByTestId(`review-mark-${fine.id}`)
        .getByText(/^✓ Guardada/)
        .waitFor();
      expect(await reviewer.page.getByTestId('review-progress').textContent()).toMatch(/^2 de \d+ respuestas revisadas · 1 para corregir/);
      expect(await reviewer.page.getByRole('button', { name: 'Validar' }).isDisabled()).toBe(true);
      await screenshot(reviewer.page, 'review-campaign', { fullPage: false });
      await decide(reviewer.page, 'Pedir correcciones', 'Correcciones pedidas a la entidad', MESSAGE);
      // The queue loads again on the way back.
      await reviewer.page
        .getByTestId('review-counts')
        .filter({ hasText: /, 1 con correcciones pedidas, 0 validadas$/ })
        .waitFor();

      // 3. The user reads why, and only the flagged answer opens; corrected and sent back.
      await openSignedIn(user.page, suite.server.url, 'usuario@demo.es', `/my-campaigns/${sent.id}`);
      const notice = user.page.getByTestId('corrections-notice');
      await notice.waitFor();
      expect(await notice.textContent()).toContain(`«${MESSAGE}»`);
      expect(await user.page.getByTestId(`review-note-${flagged.id}`).textContent()).toBe(`Para corregir: ${COMMENT}`);
      const pickers = user.page.locator('fieldset.answer-picker');
      expect(await pickers.count()).toBe(1);
      await pickers.getByLabel(other.text, { exact: true }).check();
      await pickers.getByRole('button', { name: /^Guardar/ }).click();
      await pickers.getByText('Guardada').waitFor();
      await screenshot(user.page, 'review-corrections', { fullPage: false });
      await user.page.getByRole('button', { name: 'Enviar correcciones' }).click();
      const confirm = user.page.getByRole('dialog', { name: 'Enviar las correcciones' });
      await confirm.getByRole('button', { name: 'Enviar correcciones' }).click();
      // Sent, as any sending, it opens its results, provisional until validated; its questionnaire no longer changes.
      await user.page.waitForURL(new RegExp(`/results/${sent.id}$`));
      expect(await user.page.getByTestId('report-review').textContent()).toBe('Provisional: pendiente de validación');
      await user.page.goto(`${suite.server.url}/my-campaigns/${sent.id}`);
      await user.page.getByText('Esta campaña ya se ha enviado: sus respuestas ya no se pueden cambiar.').waitFor();
      expect(await user.page.locator('fieldset.answer-picker').count()).toBe(0);

      // 4. The reviewer checks the correction and validates.
      await reviewer.page.reload();
      await reviewer.page.getByTestId('review-counts').waitFor();
      await reviewer.page.getByRole('table').getByRole('row').filter({ hasText: sent.entity }).getByRole('link').click();
      const corrected = reviewer.page.getByTestId(`review-question-${flagged.id}`);
      await corrected.getByTestId(`answer-${flagged.id}`).getByText(other.text).waitFor();
      await corrected.getByRole('radio', { name: 'Correcto' }).check();
      await corrected.getByText(/^✓ Guardada/).waitFor();
      await decide(reviewer.page, 'Validar', 'Campaña validada');

      // 5. The entity's questionnaire reads 'Validada el …'.
      await user.page.reload();
      const validated = user.page.getByTestId('validated-notice');
      await validated.waitFor();
      const day = (await validated.textContent())!.match(/^Validada el (\d\d\/\d\d\/\d{4})$/)?.[1];
      expect(day).toEqual(expect.any(String));
      // And so do its results, on screen and on paper.
      await user.page.goto(`${suite.server.url}/results/${sent.id}`);
      await user.page.getByTestId('report-review').getByText(`Validada el ${day}`).waitFor();
      await screenshot(user.page, 'review-results-validated', { fullPage: false });
      const printed = readPdf(await user.page.pdf({ format: 'A4', printBackground: true }), 'review-results-validated-pdf').replace(/\s+/g, ' ');
      expect(printed).toContain(`Validada el ${day}`);
      expect(printed).not.toContain('Provisional');
      expect(reviewer.errors).toEqual([]);
      expect(user.errors).toEqual([]);
    } finally {
      await Promise.all([reviewer.context.close(), user.context.close()]);
    }
  }, 240_000);

  it("makes an edition's means from validated campaigns once ADMIN has read what changes, and the results say so", async () => {
    const userToken = await apiToken(suite.server.url, 'usuario@demo.es');
    const mine = await apiGet<CampaignSummary[]>(suite.server.url, userToken, '/campaigns/all');
    const newest = Math.max(...mine.map((c) => c.campaignNumber));
    const sent = mine.find((c) => c.status === 'sent' && c.campaignNumber === newest)!;
    // Means from sent campaigns, as the demo has them, even when a failed first attempt changed them.
    const adminToken = await apiToken(suite.server.url, 'admin@demo.es');
    const edition = (await apiGet<EditionRow[]>(suite.server.url, adminToken, '/editions/list')).find((e) => e.year === newest);
    if (edition?.meansFrom === 'validated') await apiPost(suite.server.url, adminToken, '/editions/settings', { campaignNumber: newest, meansFrom: 'sent' });
    const admin = await newPage(suite.browser, { phone: true });
    const user = await newPage(suite.browser);
    try {
      // ADMIN, on a phone: the edition's rule, what the other one changes, confirmed.
      await openSignedIn(admin.page, suite.server.url, 'admin@demo.es', '/manage/editions');
      const means = admin.page.getByTestId(`edition-means-${newest}`);
      expect(await means.textContent()).toBe('Campañas enviadas');
      await admin.page.getByRole('button', { name: `Cambiar con qué campañas se calculan las medias de la edición ${newest}` }).click();
      const dialog = admin.page.getByRole('dialog');
      await dialog.getByText(`Las medias de la edición ${newest} se calcularán solo con las campañas validadas`, { exact: false }).waitFor();
      await screenshot(admin.page, 'editions-means-confirm-phone', { fullPage: false });
      await dialog.getByRole('button', { name: 'Cambiar las medias' }).click();
      await admin.page.getByRole('status').getByText(`Medias de la edición ${newest} cambiadas: los informes ya las muestran.`).waitFor();
      expect(await means.textContent()).toBe('Solo campañas validadas');
      await expectNoSideScroll(admin.page);
      await screenshot(admin.page, 'editions-means-phone');
      await admin.page.setViewportSize({ width: 1280, height: 800 });
      await screenshot(admin.page, 'editions-means-desktop', { fullPage: false });
      const rows = await apiGet<EditionRow[]>(suite.server.url, await apiToken(suite.server.url, 'admin@demo.es'), '/editions/list');
      const validated = rows.find((r) => r.year === newest)!.campaigns.validated;

      // The entity's results say which campaigns the means are made from, how many, and why in '¿Cómo se calcula?'.
      await openSignedIn(user.page, suite.server.url, 'usuario@demo.es', `/results/${sent.id}`);
      const count = `${validated} ${validated === 1 ? 'campaña validada' : 'campañas validadas'}`;
      await user.page.getByTestId('report-means').getByText(`Medias de ${count}`).waitFor();
      await screenshot(user.page, 'results-means-validated', { fullPage: false });
      await user.page.getByRole('button', { name: '¿Cómo se calcula?' }).click();
      await user.page
        .getByTestId('help-means')
        .getByText(/solo con las campañas que el equipo de revisión ha validado/)
        .waitFor();
      await screenshot(user.page, 'results-means-help', { fullPage: false });
      await user.page.keyboard.press('Escape');
      await user.page.setViewportSize({ width: 390, height: 844 });
      await expectNoSideScroll(user.page);
      await screenshot(user.page, 'results-means-phone', { fullPage: false });
      expect(admin.errors).toEqual([]);
      expect(user.errors).toEqual([]);
    } finally {
      await Promise.all([admin.context.close(), user.context.close()]);
    }
  }, 120_000);

  it('shows the queue and a campaign on a phone without side scrolling', async () => {
    const phone = await newPage(suite.browser, { phone: true });
    try {
      await logIn(phone.page, suite.server.url, 'admin@demo.es');
      await phone.page.waitForURL(/\/status/);
      await openQueue(phone.page);
      await expectNoSideScroll(phone.page);
      await screenshot(phone.page, 'review-queue-phone', { fullPage: false });
      await phone.page.getByRole('table').getByRole('link').first().click();
      await phone.page.getByTestId('review-header').waitFor();
      await expectNoSideScroll(phone.page);
      await screenshot(phone.page, 'review-campaign-phone', { fullPage: false });
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.context.close();
    }
  }, 120_000);
});

describe('provisional results and an objection in Chromium', () => {
  // The test publishes the provisional results, which cannot be taken back: run again, it needs a server where they
  // are not published.
  const suite = serverAndBrowser(startAppServer, { freshServerOnRetry: true });

  it('publishes provisional results; the entity objects to an answer, the reviewer accepts, the entity corrects it and it is validated again', async () => {
    const userToken = await apiToken(suite.server.url, 'usuario@demo.es');
    const mine = await apiGet<CampaignSummary[]>(suite.server.url, userToken, '/campaigns/all');
    const newest = Math.max(...mine.map((c) => c.campaignNumber));
    const sent = mine.find((c) => c.status === 'sent' && c.campaignNumber === newest)!;
    const detail = await apiGet<CampaignDetail>(suite.server.url, userToken, `/campaigns/get?id=${sent.id}`);
    const objected = questionsOf(detail).filter((q) => q.type === 'single' && q.evidenceRule === 'none' && !q.notApplicable)[2];
    const other = objected.responses.find((r) => !r.obsolete && !objected.answer?.includes(r.id))!;
    const OBJECTION = 'La ordenanza se aprobó en el pleno de marzo: el acta está publicada en la sede electrónica.';
    const REASON = 'Tiene razón: marque la respuesta que corresponde y envíela de nuevo.';
    const EVIDENCE_URL = 'https://sede.example.es/actas/pleno-marzo.pdf';
    const EVIDENCE_TITLE = 'Acta del pleno de marzo';
    // CSP bypassed to inject axe: each new screen is checked for serious accessibility violations.
    const admin = await newPage(suite.browser, { bypassCSP: true });
    const user = await newPage(suite.browser, { phone: true, bypassCSP: true });
    try {
      // 1. ADMIN publishes the provisional results, with the last day offered (ten days on).
      await openSignedIn(admin.page, suite.server.url, 'admin@demo.es', '/manage/editions');
      const cell = admin.page.getByTestId(`edition-objections-${newest}`);
      await cell.getByText('Resultados sin publicar').waitFor();
      await admin.page.getByRole('button', { name: `Publicar resultados provisionales de la edición ${newest}` }).click();
      const dialog = admin.page.getByRole('dialog', { name: `Publicar resultados provisionales · Edición ${newest}` });
      const lastDay = await dialog.getByLabel('Último día para presentar alegaciones').inputValue();
      await screenshot(admin.page, 'objections-publish-dialog', { fullPage: false });
      expect(await seriousViolations(admin.page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Publicar' }).click();
      await admin.page.getByRole('status').getByText(`Resultados provisionales de la edición ${newest} publicados`).waitFor();
      const [y, m, d] = lastDay.split('-');
      expect(await cell.textContent()).toContain(`Hasta el ${d}/${m}/${y}Ninguna pendiente`);

      // 2. The entity's user, on a phone, objects to one answer from its sent questionnaire.
      await openSignedIn(user.page, suite.server.url, 'usuario@demo.es', `/my-campaigns/${sent.id}`);
      await user.page
        .getByTestId('objections-notice')
        .getByText(/Puedes presentar alegaciones a cualquier respuesta hasta el/)
        .waitFor();
      const answer = user.page.getByTestId(`objections-${objected.id}`);
      await answer.getByRole('button', { name: `Presentar alegación: ${objected.text}` }).click();
      await answer.getByLabel('Alegación').fill(OBJECTION);
      expect(await seriousViolations(user.page)).toEqual([]);
      await answer.getByRole('button', { name: 'Enviar alegación' }).click();
      await user.page.getByRole('status').getByText('Alegación presentada', { exact: true }).waitFor();
      expect(await answer.getByTestId('objection-status').textContent()).toBe('· Pendiente de resolver');
      await answer.scrollIntoViewIfNeeded();
      await expectNoSideScroll(user.page);
      await screenshot(user.page, 'objections-filed-phone', { fullPage: false });
      // Without a reload, the objection may be backed with evidence behind that answer until the last day.
      const hint = answer.getByTestId(`objection-evidence-hint-${objected.id}`);
      expect(await hint.textContent()).toBe(
        `Puedes añadir pruebas que respalden tu alegación hasta el ${d}/${m}/${y}. Las evidencias que ya tenía la respuesta se mantienen.`,
      );
      await answer.getByRole('button', { name: 'Añadir enlace' }).click();
      await answer.getByLabel('Dirección del enlace').fill(EVIDENCE_URL);
      await answer.getByLabel('Título (opcional)').fill(EVIDENCE_TITLE);
      await answer.getByRole('button', { name: 'Añadir', exact: true }).click();
      const backing = answer.getByRole('link', { name: EVIDENCE_TITLE });
      await backing.waitFor();
      expect(await backing.getAttribute('href')).toBe(EVIDENCE_URL);
      // Added since the objection, it may be taken back.
      await answer.getByRole('button', { name: `Quitar ${EVIDENCE_TITLE}` }).waitFor();
      expect(await seriousViolations(user.page)).toEqual([]);
      await answer.scrollIntoViewIfNeeded();
      await expectNoSideScroll(user.page);
      await screenshot(user.page, 'objections-evidence-phone', { fullPage: false });

      // 3. The status page counts the open objection beside the campaign's state; the reviewer (ADMIN) sees it on the
      // campaign's review and accepts it, with the reason the entity reads.
      await admin.page.goto(`${suite.server.url}/status`);
      await admin.page.getByLabel('Buscar por entidad').fill(sent.entity);
      expect(await admin.page.getByTestId(`open-objections-${sent.id}`).textContent()).toBe('1 alegación pendiente');
      await admin.page.goto(`${suite.server.url}/review/${sent.id}`);
      await admin.page.getByTestId('review-open-objections').getByText('1 alegación pendiente de resolver').waitFor();
      const toResolve = admin.page.getByTestId(`objections-${objected.id}`);
      expect(await toResolve.textContent()).toContain(`«${OBJECTION}»`);
      // The evidence that backs the objection, beside that answer.
      const evidence = admin.page.getByTestId(`review-question-${objected.id}`).getByRole('link', { name: EVIDENCE_TITLE });
      expect(await evidence.getAttribute('href')).toBe(EVIDENCE_URL);
      await toResolve.getByLabel('Motivo (lo leerá la entidad)').fill(REASON);
      await toResolve.scrollIntoViewIfNeeded();
      await screenshot(admin.page, 'objections-review', { fullPage: false });
      expect(await seriousViolations(admin.page)).toEqual([]);
      await toResolve.getByRole('button', { name: `Aceptar: ${objected.text}` }).click();
      await admin.page.getByRole('status').getByText('Alegación aceptada: la respuesta vuelve a la entidad para corregirla').waitFor();
      await admin.page.getByText(`Esperando las correcciones de la entidad. Mensaje enviado: «${REASON}»`).waitFor();

      // 4. The entity reads the decision, corrects that answer alone and sends it.
      await user.page.reload();
      await user.page.getByTestId('corrections-notice').getByText(`«${REASON}»`).waitFor();
      expect(await answer.getByTestId('objection-status').textContent()).toBe('· Aceptada');
      expect(await answer.getByTestId('objection-reason').textContent()).toBe(`Respuesta de la revisión: ${REASON}`);
      const pickers = user.page.locator('fieldset.answer-picker');
      expect(await pickers.count()).toBe(1);
      await pickers.getByLabel(other.text, { exact: true }).check();
      await pickers.getByRole('button', { name: /^Guardar/ }).click();
      await pickers.getByText('Guardada').waitFor();
      await user.page.getByRole('button', { name: 'Enviar correcciones' }).click();
      await user.page.getByRole('dialog', { name: 'Enviar las correcciones' }).getByRole('button', { name: 'Enviar correcciones' }).click();
      await user.page.waitForURL(new RegExp(`/results/${sent.id}$`));

      // 5. The reviewer finds the correction and validates again.
      await admin.page.reload();
      const corrected = admin.page.getByTestId(`review-question-${objected.id}`);
      await corrected.getByTestId(`answer-${objected.id}`).getByText(other.text).waitFor();
      await corrected.getByRole('radio', { name: 'Correcto' }).check();
      await corrected.getByText(/^✓ Guardada/).waitFor();
      await decide(admin.page, 'Validar', 'Campaña validada');
      expect(admin.errors).toEqual([]);
      expect(user.errors).toEqual([]);
    } finally {
      await Promise.all([admin.context.close(), user.context.close()]);
    }
  }, 240_000);
});
