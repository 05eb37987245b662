import type { Page } from 'playwright-core';
import { serverAndBrowser } from './helpers/appServer.js';
import { newPage, screenshot } from './helpers/browser.js';
import { logIn, openSignedIn } from './helpers/session.js';
import { answerThroughApi, apiGet, apiPost, apiToken, offered, questionsOf, uniqueMark } from './helpers/api.js';
import { readPdf } from './helpers/pdf.js';
import { expectNoSideScroll } from './helpers/phone.js';
import type { CampaignDetail } from '../../src/shared/api/campaigns.js';
import type { Municipality } from '../../src/shared/api/reference.js';
import type { CampaignReceipt } from '../../src/shared/api/receipts.js';

const STRONG = 'Tortuga-Azul-Salta-Lejos-7';

/** Fills the change-password form of a first sign-in and sends it. */
async function changePassword(page: Page, current: string) {
  await page.waitForURL('**/account/password');
  await page.getByLabel('Contraseña actual').fill(current);
  await page.getByLabel('Nueva contraseña', { exact: true }).fill(STRONG);
  await page.getByLabel('Repite la nueva contraseña').fill(STRONG);
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
}

/** Polls until the campaign's answer to the question is stored (the questionnaire saves as one chooses). */
async function storedAnswer(url: string, token: string, campaignId: number, question: number): Promise<number[] | null> {
  for (let i = 0; i < 100; i += 1) {
    const detail = await apiGet<CampaignDetail>(url, token, `/campaigns/get?id=${campaignId}`);
    const answer = detail.indicators.flatMap((s) => s.subindicators).find((s) => s.id === question)!.answer;
    if (answer) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

/** Polls until the campaign's answer to the question is the one expected (its save may still be on its way). */
async function answerBecomes(url: string, token: string, campaignId: number, question: number, expected: number[]): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if (JSON.stringify(await storedAnswer(url, token, campaignId, question)) === JSON.stringify(expected)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The answer to ${question} never became ${JSON.stringify(expected)}`);
}

/** An entity of its own for the test (named after `tag`), the demo user its responsible member, and its campaign of the current edition. */
async function entityWithCampaign(url: string, admin: string, tag: string) {
  const [municipality] = await apiGet<Municipality[]>(url, admin, '/communities/allMunicipalities');
  const name = `Mancomunidad del Equipo ${tag} ${uniqueMark()}`;
  const created = await apiPost<{ entity: { id: number } }>(url, admin, '/entities/create', {
    entity: { name, population: 3000 },
    municipalities: [municipality.munId],
  });
  const entity = { id: created.entity.id, name };
  await apiPost(url, admin, '/entities/members/invite', { entityId: entity.id, email: 'usuario@demo.es', role: 'responsable' });
  const campaignId = (await apiPost<{ campaign: { id: number } }>(url, admin, '/campaigns/create', { entityId: entity.id })).campaign.id;
  return { entity, campaignId, detail: await apiGet<CampaignDetail>(url, admin, `/campaigns/get?id=${campaignId}`) };
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A team in Chromium, at 1280 and 390 wide: the responsible person invites a colleague from 'Equipo' (the temporary
 * password shown once), assigns an axis and one policy of another axis on the questionnaire; the colleague signs
 * in, changes the password, answers that axis and that policy, cannot change the rest, filters 'Mis preguntas' and
 * does not see the button to send.
 */
describe('a team in Chromium', () => {
  const suite = serverAndBrowser();

  it.each([
    ['desktop', false],
    ['phone', true],
  ])(
    'on the %s: invites a collaborator, assigns an axis, and the collaborator answers only that axis',
    async (size, phone) => {
      const { url } = suite.server;
      const admin = await apiToken(url, 'admin@demo.es');
      // An entity of its own for each size: the demo user is made its responsible member, through the team's call.
      const { entity, campaignId, detail } = await entityWithCampaign(url, admin, size);
      const axes = [...new Map(detail.indicators.map((i) => [i.axisId, i.axisText])).entries()];
      const [[ownAxis, ownAxisText], [otherAxis, otherAxisText]] = axes;
      const ownQuestion = detail.indicators.find((i) => i.axisId === ownAxis)!.subindicators.find((s) => s.type === 'single')!;
      const otherQuestion = detail.indicators.find((i) => i.axisId === otherAxis)!.subindicators[0];
      // One policy of the other axis (not the one of otherQuestion) goes to the collaborator too.
      const given = detail.indicators.find(
        (i) =>
          i.axisId === otherAxis &&
          i.policyId !== detail.indicators.find((j) => j.axisId === otherAxis)!.policyId &&
          i.subindicators.some((s) => s.type === 'single'),
      )!;
      const policyQuestion = given.subindicators.find((s) => s.type === 'single')!;
      // Of this attempt only: a retried run must invite someone new, or no temporary password is shown.
      const email = `marta.${size}.${uniqueMark()}@equipo-pruebas.es`;

      // The responsible person: 'Equipo' from the campaigns, the invitation, the password shown once.
      let temporary = '';
      const responsible = await newPage(suite.browser, { phone });
      try {
        const { page } = responsible;
        await logIn(page, url, 'usuario@demo.es');
        await page.waitForURL('**/my-campaigns');
        // Found by its name, as the user finds it: other tests' entities may push it past the first page.
        await page.getByLabel('Buscar por entidad').fill(entity.name);
        await page
          .getByRole('link', { name: `Equipo: ${entity.name}` })
          .first()
          .click();
        await page.getByRole('heading', { name: 'Equipo', level: 2 }).waitFor();
        await page.getByText(entity.name, { exact: true }).first().waitFor();
        await page.getByRole('cell', { name: 'usuario@demo.es (tú)' }).waitFor();
        await page.getByLabel('Correo electrónico').fill('no es un correo');
        await page.getByRole('button', { name: 'Invitar' }).click();
        await page.getByText('Escribe un correo electrónico válido.').waitFor();
        await page.getByLabel('Correo electrónico').fill(email);
        await page.getByLabel('Rol', { exact: true }).selectOption({ label: 'Colaborador' });
        await page.getByRole('button', { name: 'Invitar' }).click();
        const dialog = page.getByRole('dialog', { name: 'Contraseña generada' });
        await dialog.waitFor();
        temporary = await dialog.getByLabel('Contraseña').inputValue();
        expect(temporary).toMatch(/^\S{12,}$/);
        await screenshot(page, `team-${size}-password`, { fullPage: false });
        await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
        await page.getByText(`${email} ya forma parte del equipo`).waitFor();
        const row = page.getByTestId('team-member').filter({ hasText: email });
        await row.waitFor();
        expect(await row.getByLabel(`Rol de ${email}`).inputValue()).toBe('colaborador');
        if (phone) await expectNoSideScroll(page);
        await screenshot(page, `team-${size}-members`);

        // The axis assigned on the questionnaire, where each axis shows who answers it and how far it is.
        await page.goto(`${url}/my-campaigns/${campaignId}`);
        const assignments = page.getByTestId('axis-assignments');
        await assignments.waitFor();
        await assignments.getByLabel(`Quién responde ${ownAxisText}`).selectOption({ label: email });
        await page.getByText('Eje asignado').first().waitFor();
        // And one policy of another axis, apart from its axis.
        const otherRow = assignments.getByTestId('axis-assignment').filter({ hasText: otherAxisText });
        await otherRow.getByRole('button', { name: 'Repartir por políticas' }).click();
        const policyChoice = otherRow.getByLabel(`Quién responde la política ${given.policyText}`);
        expect(await policyChoice.locator('option:checked').innerText()).toBe('Como el eje');
        await policyChoice.selectOption({ label: email });
        await page.getByText('Política asignada').first().waitFor();
        if (phone) await expectNoSideScroll(page);
        await otherRow.scrollIntoViewIfNeeded();
        await screenshot(page, `team-${size}-assignments`, { fullPage: false });
        expect(responsible.errors).toEqual([]);
      } finally {
        await responsible.context.close();
      }

      // The collaborator: a password of their own first, then the questionnaire with only their axis to change.
      const collaborator = await newPage(suite.browser, { phone });
      try {
        const { page } = collaborator;
        await logIn(page, url, email, temporary);
        await changePassword(page, temporary);
        await page.waitForURL('**/my-campaigns');
        await page.goto(`${url}/my-campaigns/${campaignId}`);
        const panel = page.getByTestId('axis-assignments');
        await panel.waitFor();
        expect(await panel.getByTestId('axis-assignment').first().innerText()).toContain(email);
        expect(await panel.getByTestId('policy-assignment').innerText()).toContain(given.policyText);
        // The responsible members send: no 'Enviar Encuesta' here, and why.
        await page.getByTestId('sent-by-responsable').waitFor();
        expect(await page.getByRole('button', { name: 'Enviar Encuesta' }).count()).toBe(0);

        // Another axis reads as a sent campaign does, without a choice to make.
        await page.getByText('Este eje no está asignado a ti: puedes leerlo, pero no cambiarlo.').first().waitFor();
        await page.getByText(otherQuestion.text, { exact: true }).first().waitFor();
        expect(await page.locator(`#question-${otherQuestion.id}`).count()).toBe(0);

        // Their axis answers, and is saved.
        const own = page.locator(`#question-${ownQuestion.id}`);
        await own.scrollIntoViewIfNeeded();
        await own.getByRole('radio').first().check();
        expect(await storedAnswer(url, admin, campaignId, ownQuestion.id)).toEqual([ownQuestion.responses[0].id]);
        // The policy given apart answers too, beside the other policies of its axis, which read only.
        const policyPicker = page.locator(`#question-${policyQuestion.id}`);
        await policyPicker.scrollIntoViewIfNeeded();
        await policyPicker.getByRole('radio').first().check();
        expect(await storedAnswer(url, admin, campaignId, policyQuestion.id)).toEqual([policyQuestion.responses[0].id]);
        await page
          .getByRole('region', { name: otherAxisText })
          .getByText('Esta política no está asignada a ti: puedes leerla, pero no cambiarla.')
          .first()
          .waitFor();

        // 'Mis preguntas': only the axes assigned.
        await page.getByLabel('Mis preguntas').check();
        await page.getByText(otherQuestion.text, { exact: true }).first().waitFor({ state: 'detached' });
        expect(await page.locator(`#question-${ownQuestion.id}`).count()).toBe(1);
        expect(await page.locator(`#question-${policyQuestion.id}`).count()).toBe(1);
        if (phone) await expectNoSideScroll(page);
        await panel.scrollIntoViewIfNeeded();
        await screenshot(page, `team-${size}-collaborator`, { fullPage: false });
        expect(collaborator.errors).toEqual([]);
      } finally {
        await collaborator.context.close();
      }
      // Two people's sessions in one journey: on a loaded CI machine it has taken over the default minute.
    },
    120_000,
  );

  it.each([
    ['desktop', false],
    ['phone', true],
  ])('on the %s: a save made on an answer someone changed meanwhile asks, the history says who, and the signed submission verifies', async (size, phone) => {
    const { url } = suite.server;
    const admin = await apiToken(url, 'admin@demo.es');
    const { entity, campaignId, detail } = await entityWithCampaign(url, admin, `firma ${size}`);
    const question = questionsOf(detail).find((s) => s.type === 'single' && offered(s).length >= 2)!;
    const [mine, theirs] = offered(question);
    const opened = await newPage(suite.browser, { phone });
    try {
      const { page } = opened;
      await openSignedIn(page, url, 'usuario@demo.es', `/my-campaigns/${campaignId}`);
      const picker = page.locator(`#question-${question.id}`);
      await picker.waitFor();
      // Meanwhile the administrator answers the same question in another session.
      await apiPost(url, admin, '/campaigns/saveAnswer', { id: campaignId, question: question.id, answer: [theirs.id], expectedVersion: 0 });
      await picker.scrollIntoViewIfNeeded();
      await picker.getByRole('radio', { name: mine.text, exact: true }).check();
      const notice = page.getByTestId(`stale-answer-${question.id}`);
      await notice.waitFor();
      const said = await notice.innerText();
      expect(said).toMatch(/admin@demo\.es ha cambiado esta respuesta el \d\d\/\d\d\/\d{4} \d\d:\d\d, mientras la editabas: la tuya no se ha guardado\./);
      expect(said).toContain(`Su respuesta: «${theirs.text}».`);
      // Nothing of the user's was written over theirs.
      expect(await storedAnswer(url, admin, campaignId, question.id)).toEqual([theirs.id]);
      if (phone) await expectNoSideScroll(page);
      await screenshot(page, `team-${size}-stale`, { fullPage: false });

      // 'Quedarme con la suya': their answer shows, as its last change.
      await notice.getByRole('button', { name: 'Quedarme con la suya' }).click();
      await notice.waitFor({ state: 'detached' });
      expect(await picker.getByRole('radio', { name: theirs.text, exact: true }).isChecked()).toBe(true);
      const lastChange = page.getByTestId(`last-change-${question.id}`);
      await lastChange.getByText(/^Última modificación: admin@demo\.es, \d\d\/\d\d\/\d{4} \d\d:\d\d$/).waitFor();

      // Changed again on the answer as it is now: saved, and the user's own change (a member: named).
      await picker.getByRole('radio', { name: mine.text, exact: true }).check();
      await answerBecomes(url, admin, campaignId, question.id, [mine.id]);
      await lastChange.getByText(/^Última modificación: Usuario demo, /).waitFor();

      // The history on demand, newest first.
      await lastChange.getByRole('button', { name: 'Ver historial' }).click();
      const history = page.getByRole('list', { name: 'Historial de la respuesta' });
      await history.waitFor();
      const entries = await history.getByRole('listitem').allInnerTexts();
      expect(entries).toHaveLength(2);
      expect(entries[0]).toMatch(new RegExp(`^\\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d · Usuario demo: Respuesta: «${escaped(mine.text)}»$`));
      expect(entries[1]).toContain(`admin@demo.es: Respuesta: «${theirs.text}»`);
      await screenshot(page, `team-${size}-history`, { fullPage: false });

      // Every other question answered: the responsible person signs and sends.
      await answerThroughApi(url, admin, campaignId);
      await page.reload();
      await page.getByRole('button', { name: 'Enviar Encuesta' }).click();
      const dialog = page.getByRole('dialog', { name: 'Firmar y enviar la encuesta' });
      await dialog.getByText(`Vas a firmar como usuario@demo.es el envío de la encuesta de ${entity.name} para la Campaña ${detail.campaignNumber}.`).waitFor();
      await screenshot(page, `team-${size}-sign`, { fullPage: false });
      await dialog.getByRole('button', { name: 'Firmar y enviar' }).click();
      await page.waitForURL(`**/results/${campaignId}`);

      // The report prints the receipt's code and hash.
      const { receipt } = await apiGet<CampaignReceipt>(url, admin, `/campaigns/receipt?id=${campaignId}`);
      expect(receipt?.signer).toBe('usuario@demo.es');
      const line = page.getByTestId('report-receipt');
      await line.waitFor();
      expect(await line.innerText()).toContain(`Justificante de envío: ${receipt!.code}`);
      expect(await line.innerText()).toContain(`SHA-256: ${receipt!.sha256}`);
      await line.scrollIntoViewIfNeeded();
      if (phone) await expectNoSideScroll(page);
      await screenshot(page, `team-${size}-report-receipt`, { fullPage: false });

      // The receipt to keep, on screen and as a PDF.
      await line.getByRole('link', { name: 'Ver justificante' }).click();
      await page.waitForURL(`**/receipt/${campaignId}`);
      const details = page.getByTestId('receipt');
      await details.waitFor();
      const text = await details.innerText();
      for (const shown of [entity.name, `Campaña ${detail.campaignNumber}`, 'usuario@demo.es', receipt!.code, receipt!.sha256, `/verificar/${receipt!.code}`])
        expect(text).toContain(shown);
      if (phone) await expectNoSideScroll(page);
      await screenshot(page, `team-${size}-receipt`);
      if (!phone) {
        // Its words as one line: pdftotext lays the values out in a column beside the labels.
        const pdf = readPdf(await page.pdf({ format: 'A4', printBackground: true }), 'team-receipt-pdf').replace(/\s+/g, ' ');
        for (const printed of ['Justificante de envío', entity.name, receipt!.code, 'usuario@demo.es']) expect(pdf).toContain(printed);
        expect(pdf).not.toContain('Imprimir o guardar en PDF');
      }

      // Anyone verifies it at the address it gives, without signing in.
      await details.getByRole('link', { name: new RegExp(`/verificar/${receipt!.code}$`) }).click();
      await page.getByText(`Justificante auténtico: ${entity.name} envió su campaña de la edición ${detail.campaignNumber}`, { exact: false }).waitFor();
      expect(await page.content()).toContain(receipt!.sha256);
      // The refused save is the browser's own console line (a 409), nothing else.
      expect(opened.errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
    } finally {
      await opened.context.close();
    }
  });
});
