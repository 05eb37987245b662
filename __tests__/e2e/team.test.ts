import type { Page } from 'playwright-core';
import { serverAndBrowser } from './helpers/appServer.js';
import { newPage, screenshot } from './helpers/browser.js';
import { logIn } from './helpers/session.js';
import { apiGet, apiPost, apiToken } from './helpers/api.js';
import { expectNoSideScroll } from './helpers/phone.js';
import type { CampaignDetail } from '../../src/shared/api/campaigns.js';
import type { Municipality } from '../../src/shared/api/reference.js';

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

/**
 * A team in Chromium, at 1280 and 390 wide: the responsible person invites a colleague from 'Equipo' (the temporary
 * password shown once), assigns an axis on the questionnaire; the colleague signs in, changes the password, answers
 * that axis, cannot change another, filters 'Mis preguntas' and does not see the button to send.
 */
describe('a team in Chromium', () => {
  const suite = serverAndBrowser();

  it.each([
    ['desktop', false],
    ['phone', true],
  ])('on the %s: invites a collaborator, assigns an axis, and the collaborator answers only that axis', async (size, phone) => {
    const { url } = suite.server;
    const admin = await apiToken(url, 'admin@demo.es');
    // An entity of its own for each size: the demo user is made its responsible member, through the team's call.
    const [municipality] = await apiGet<Municipality[]>(url, admin, '/communities/allMunicipalities');
    const name = `Mancomunidad del Equipo ${size} ${Date.now().toString(36)}`;
    const created = await apiPost<{ entity: { id: number } }>(url, admin, '/entities/create', {
      entity: { name, population: 3000 },
      municipalities: [municipality.munId],
    });
    const entity = { id: created.entity.id, name };
    await apiPost(url, admin, '/entities/members/invite', { entityId: entity.id, email: 'usuario@demo.es', role: 'responsable' });
    const campaignId = (await apiPost<{ campaign: { id: number } }>(url, admin, '/campaigns/create', { entityId: entity.id })).campaign.id;
    const detail = await apiGet<CampaignDetail>(url, admin, `/campaigns/get?id=${campaignId}`);
    const axes = [...new Map(detail.indicators.map((i) => [i.axisId, i.axisText])).entries()];
    const [[ownAxis, ownAxisText], [otherAxis]] = axes;
    const ownQuestion = detail.indicators.find((i) => i.axisId === ownAxis)!.subindicators.find((s) => s.type === 'single')!;
    const otherQuestion = detail.indicators.find((i) => i.axisId === otherAxis)!.subindicators[0];
    const email = `marta.${size}@equipo-pruebas.es`;

    // The responsible person: 'Equipo' from the campaigns, the invitation, the password shown once.
    let temporary = '';
    const responsible = await newPage(suite.browser, { phone });
    try {
      const { page } = responsible;
      await logIn(page, url, 'usuario@demo.es');
      await page.waitForURL('**/my-campaigns');
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
      if (phone) await expectNoSideScroll(page);
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

      // 'Mis preguntas': only the axes assigned.
      await page.getByLabel('Mis preguntas').check();
      await page.getByText(otherQuestion.text, { exact: true }).first().waitFor({ state: 'detached' });
      expect(await page.locator(`#question-${ownQuestion.id}`).count()).toBe(1);
      if (phone) await expectNoSideScroll(page);
      await panel.scrollIntoViewIfNeeded();
      await screenshot(page, `team-${size}-collaborator`, { fullPage: false });
      expect(collaborator.errors).toEqual([]);
    } finally {
      await collaborator.context.close();
    }
  });
});
