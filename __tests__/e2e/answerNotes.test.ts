import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { newPage, screenshot } from './helpers/browser.js';
import { serverAndBrowser } from './helpers/appServer.js';
import { apiGet, apiPost, apiToken, currentDraft, offered, questionsOf } from './helpers/api.js';
import { openSignedIn } from './helpers/session.js';
import { pdfLinks, readPdf } from './helpers/pdf.js';
import { expectNoSideScroll } from './helpers/phone.js';
import { addEvidenceLink } from './helpers/questionnaire.js';
import { csvRows } from '../helpers/csv.js';
import type { CampaignDetail, CampaignStatusRow, Subindicator } from '../../src/shared/api/campaigns.js';

const COMMENT = 'Plan aprobado en pleno: 1.200 € para compostaje 🌱 (año 2026, «ñ» incluida)';
const REASON = 'No hay playas en el término municipal';
const LINK = 'https://transparencia.example.es/plan-compostaje';
/** A small PDF as a scanner writes one: the header, an empty page, the trailer. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Ticks (or unticks) one choice of the questionnaire's 'Respuesta' filter and applies it. */
async function chooseAnswerFilter(page: Page, choice: string) {
  await page.getByRole('button', { name: /^Respuesta/ }).click();
  await page.getByRole('group', { name: 'Respuesta' }).getByText(choice, { exact: true }).click();
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await page.waitForFunction(() => !document.querySelector('[role="group"] input[type="checkbox"]'));
}

const best = (s: Subindicator) => offered(s).reduce((a, r) => (r.value > a.value ? r : a));

/**
 * Answering with evidence, "No aplica" and a comment, in Chromium at 1280 and 390 wide: the page holds 'Enviar
 * Encuesta' while a required evidence is missing and says so, the filter 'Sin evidencia' finds it, a link added
 * lets it go, and once sent the answers, the comment, the reason and the link read back on the page and on paper.
 */
describe('evidence, "No aplica" and comments in Chromium', () => {
  const suite = serverAndBrowser();

  it.each([
    ['desktop', false],
    ['phone', true],
  ])(
    'on the %s: marks "No aplica", is held back by a missing evidence, adds a link and a PDF, sends and reads it all back',
    async (size, phone) => {
      const { url } = suite.server;
      const admin = await apiToken(url, 'admin@demo.es');
      const { draft, questions } = await currentDraft(url, admin, phone ? 1 : 0);
      const notApplicable = questions.find((s) => s.allowsNotApplicable && s.evidenceRule !== 'required')!;
      const required = questions.find((s) => s.evidenceRule === 'required' && s.id !== notApplicable.id)!;
      // Every other question answered beforehand (as another session of the entity would), with its evidence.
      for (const sub of questions) {
        if (sub === notApplicable || sub === required) continue;
        await apiPost(url, admin, '/campaigns/saveAnswer', { id: draft.campaignId, question: sub.id, answer: [best(sub).id] });
        if (sub.evidenceRule === 'required' && sub.evidence.length === 0)
          await apiPost(url, admin, '/campaigns/evidence/addLink', { id: draft.campaignId, question: sub.id, url: 'https://transparencia.example.es/acta' });
      }
      await apiPost(url, admin, '/campaigns/saveAnswer', { id: draft.campaignId, question: required.id, answer: null, comment: null });
      await apiPost(url, admin, '/campaigns/saveAnswer', { id: draft.campaignId, question: notApplicable.id, answer: null, notApplicable: null });
      for (const item of (await apiGet<CampaignDetail>(url, admin, `/campaigns/get?id=${draft.campaignId}`)).indicators
        .flatMap((i) => i.subindicators)
        .find((s) => s.id === required.id)!.evidence) {
        await apiPost(url, admin, '/campaigns/evidence/remove', { id: draft.campaignId, evidenceId: item.id });
      }

      const { page, context, errors } = await newPage(suite.browser, { phone });
      try {
        await openSignedIn(page, url, 'admin@demo.es', `/my-campaigns/${draft.campaignId}`);
        const submit = page.getByRole('button', { name: 'Enviar Encuesta' });
        await submit.waitFor();

        // "No aplica", with its reason: the answers are disabled and it counts as answered once saved.
        const naPicker = page.locator(`#question-${notApplicable.id}`);
        await naPicker.getByLabel('No aplica').check();
        await naPicker.getByLabel('Motivo por el que no aplica').fill(REASON);
        await naPicker.getByText('✓ Guardada').waitFor();
        expect(await naPicker.locator('input[type=radio], input[type=checkbox]').first().isDisabled()).toBe(true);

        // The required-evidence question answered with points, and a comment: 'Enviar Encuesta' waits for its evidence.
        const picker = page.locator(`#question-${required.id}`);
        await picker.getByLabel(best(required).text, { exact: true }).check();
        await picker.getByRole('button', { name: 'Añadir comentario' }).click();
        await picker.getByLabel('Comentario').fill(COMMENT);
        await picker.getByText('✓ Guardada').waitFor();
        await picker.getByTestId('evidence-missing').waitFor();
        const blockers = page.getByTestId('submit-blockers');
        expect(await blockers.innerText()).toContain('1 respuesta sin evidencia');
        expect(await submit.isDisabled()).toBe(true);
        expect(await submit.getAttribute('aria-describedby')).toBe('questionnaire-blockers');
        await screenshot(page, `answer-notes-missing-evidence-${size}`, { fullPage: false });
        if (phone) await expectNoSideScroll(page);

        // 'Sin evidencia' leaves only that question's indicator on the page.
        await chooseAnswerFilter(page, 'Sin evidencia');
        expect(await page.locator('fieldset.answer-picker').evaluateAll((sets) => sets.map((s) => s.id))).toContain(`question-${required.id}`);
        expect(await page.locator('fieldset.answer-picker [data-testid="evidence-missing"]').count()).toBe(1);

        // Taken off again: a question leaves that list as soon as its evidence is added.
        await chooseAnswerFilter(page, 'Sin evidencia');

        // A wrong address is refused on the page; a good one is added, and the page lets the campaign go.
        await picker.getByRole('button', { name: 'Añadir enlace' }).click();
        await picker.getByLabel('Dirección del enlace').fill('javascript:alert(1)');
        await picker.getByRole('button', { name: 'Añadir', exact: true }).click();
        await picker.getByText('La dirección debe empezar por http:// o https://').waitFor();
        await picker.getByRole('button', { name: 'Cancelar' }).click();
        await addEvidenceLink(picker, LINK, 'Plan de compostaje');
        expect((await picker.getByTestId('evidence-item').innerText()).replace(/\s+/g, ' ')).toMatch(
          /Plan de compostaje añadida por admin@demo\.es el \d{2}\/\d{2}\/\d{4}/,
        );
        await page.getByTestId('submit-blockers').waitFor({ state: 'detached' });
        // A program renamed .pdf is refused from its content; a real PDF is attached.
        const fileInput = picker.getByTestId(`evidence-file-${required.id}`);
        await fileInput.setInputFiles({ name: 'plan.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(400, 1)]) });
        await page.getByText('Ese tipo de archivo no se admite').waitFor();
        await fileInput.setInputFiles({ name: 'Acta del pleno ñ.pdf', mimeType: 'application/pdf', buffer: PDF });
        await picker.getByTestId('evidence-item').nth(1).waitFor();
        expect((await picker.getByTestId('evidence-item').nth(1).innerText()).replace(/\s+/g, ' ')).toMatch(
          /^Acta del pleno ñ\.pdf \(1 KB\) añadida por admin@demo\.es/,
        );
        await screenshot(page, `answer-notes-ready-${size}`, { fullPage: false });

        await submit.click();
        await page.getByRole('dialog', { name: 'Firmar y enviar la encuesta' }).getByRole('button', { name: 'Firmar y enviar' }).click();
        await page.getByText('Cuestionario enviado').waitFor();
        await page.waitForURL(`**/results/${draft.campaignId}`);

        // Sent: the questionnaire shows the reason, the comment and the link, read-only.
        await page.goto(`${url}/my-campaigns/${draft.campaignId}`);
        await page.getByTestId(`answer-${notApplicable.id}`).waitFor();
        expect(await page.getByTestId(`answer-${notApplicable.id}`).innerText()).toBe(`No aplica. Motivo: ${REASON}`);
        expect(await page.getByTestId(`comment-${required.id}`).innerText()).toBe(`Comentario: ${COMMENT}`);
        expect(await page.getByTestId(`evidence-${required.id}`).getByRole('link', { name: 'Plan de compostaje' }).getAttribute('href')).toBe(LINK);
        expect(await page.getByTestId(`evidence-${required.id}`).innerText()).toContain('Acta del pleno ñ.pdf');
        await screenshot(page, `answer-notes-sent-${size}`, { fullPage: false });

        // On paper, with the answers: the reason, the comment byte for byte and the link's title.
        const answersLoaded = page.waitForResponse((res) => res.url().includes('/campaigns/answers'));
        await page.goto(`${url}/results/${draft.campaignId}`);
        await answersLoaded;
        await page.getByTestId('answers-section').waitFor();
        const pdf = await page.pdf({ format: 'A4', printBackground: true });
        const text = readPdf(pdf, `answer-notes-pdf-${size}`).replace(/\s+/g, ' ');
        // The evidence link can be clicked on paper.
        expect(pdfLinks(pdf)).toContain(LINK);
        expect(text).toContain(`No aplica. Motivo: ${REASON}`);
        expect(text).toContain('1.200 € para compostaje');
        expect(text).toContain('Plan de compostaje');
        expect(text).toContain('Acta del pleno ñ.pdf');

        // 'Mis Respuestas' as CSV: the comment, the reason and the evidence read back as written.
        const download = page.waitForEvent('download');
        await page
          .getByTestId('answers-section')
          .getByRole('button', { name: /^Descargar CSV\s*: Mis Respuestas$/ })
          .click();
        const file = await download;
        expect(file.suggestedFilename()).toMatch(/-mis-respuestas\.csv$/);
        const [header, ...rows] = csvRows(fs.readFileSync((await file.path())!, 'utf8'));
        const column = (name: string) => header.indexOf(name);
        const rowOf = (question: Subindicator) => rows.find((r) => r[column('Pregunta')] === question.text)!;
        expect(rowOf(required)[column('Comentario')]).toBe(COMMENT);
        expect(rowOf(required)[column('Evidencias')]).toBe(`Plan de compostaje (${LINK}) | Acta del pleno ñ.pdf`);
        expect(rowOf(notApplicable)[column('Respuesta')]).toBe('No aplica');
        expect(rowOf(notApplicable)[column('Motivo de «No aplica»')]).toBe(REASON);
        expect(errors.filter((e) => !/status of 422 .*evidence\/upload/.test(e))).toEqual([]);
      } finally {
        await context.close();
      }
    },
    240_000,
  );

  it.each([
    ['desktop', false],
    ['phone', true],
  ])(
    "on the %s: starts from last year's answers, each marked to confirm, and 'Por confirmar' lists what is left",
    async (size, phone) => {
      const { url } = suite.server;
      const admin = await apiToken(url, 'admin@demo.es');
      // Campaigns of entities that sent last year's edition, from the end of the list (the test above takes the first drafts).
      const rows = (await apiGet<CampaignStatusRow[]>(url, admin, '/campaigns/status')).filter((r) => r.currentEdition && r.status !== 'sent').reverse();
      const offered: CampaignDetail[] = [];
      for (const row of rows) {
        const detail = await apiGet<CampaignDetail>(url, admin, `/campaigns/get?id=${row.campaignId}`);
        if (detail.prefillFrom !== null) offered.push(detail);
        if (offered.length === 2) break;
      }
      const campaign = offered[phone ? 1 : 0];
      // Nothing answered yet: every unchanged question can be copied.
      for (const sub of questionsOf(campaign)) {
        if (sub.answer !== null || sub.notApplicable !== null)
          await apiPost(url, admin, '/campaigns/saveAnswer', { id: campaign.id, question: sub.id, answer: null, notApplicable: null });
      }

      const { page, context, errors } = await newPage(suite.browser, { phone });
      try {
        await openSignedIn(page, url, 'admin@demo.es', `/my-campaigns/${campaign.id}`);
        const offer = page.getByTestId('prefill-offer');
        await offer.waitFor();
        expect(await offer.innerText()).toContain(`Puedes copiar tus respuestas, comentarios y enlaces de ${campaign.prefillFrom}`);
        await screenshot(page, `prefill-offer-${size}`, { fullPage: false });
        if (phone) await expectNoSideScroll(page);

        await offer.getByRole('button', { name: `Partir de las respuestas de ${campaign.prefillFrom}` }).click();
        const done = page.getByTestId('prefill-result');
        await done.waitFor();
        const copied = Number((await done.innerText()).match(/Se han copiado (\d+) respuestas de \d{4}/)?.[1]);
        expect(copied).toBeGreaterThan(0);
        expect(await done.innerText()).toContain('pulsa «Confirmar»');
        const marks = page.locator('[data-testid^="prefilled-"]');
        expect(await marks.count()).toBe(copied);
        const blockers = page.getByTestId('submit-blockers');
        expect(await blockers.innerText()).toContain(`${copied} respuestas por confirmar`);
        expect(await page.getByRole('button', { name: 'Enviar Encuesta' }).isDisabled()).toBe(true);
        await screenshot(page, `prefill-done-${size}`, { fullPage: false });

        // 'Confirmar' on the first copy: its mark goes, and the count with it, once saved.
        const first = marks.first();
        const question = (await first.getAttribute('data-testid'))!.replace('prefilled-', '');
        const saved = page.waitForResponse((res) => res.url().includes('/campaigns/saveAnswer') && res.status() === 200);
        await first.getByRole('button', { name: /^Confirmar/ }).click();
        await page.getByTestId(`prefilled-${question}`).waitFor({ state: 'detached' });
        await saved;
        expect(await blockers.innerText()).toContain(copied - 1 === 1 ? '1 respuesta por confirmar' : `${copied - 1} respuestas por confirmar`);

        // 'Por confirmar' leaves on the page the indicators with a question still to confirm: every copy left is there.
        await chooseAnswerFilter(page, 'Por confirmar');
        expect(await page.locator('fieldset.answer-picker [data-testid^="prefilled-"]').count()).toBe(copied - 1);

        // Saved on the server: a reload shows the same marks.
        await page.reload();
        await page.locator('[data-testid^="prefilled-"]').first().waitFor();
        expect(await page.locator('[data-testid^="prefilled-"]').count()).toBe(copied - 1);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    240_000,
  );
});
