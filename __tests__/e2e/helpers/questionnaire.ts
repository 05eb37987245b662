import type { Locator, Page } from 'playwright-core';

/** Adds a link as evidence under one question, as a user does: 'Añadir enlace', the address, 'Añadir'; waits until it shows. */
export async function addEvidenceLink(picker: Locator, url: string, title?: string): Promise<void> {
  const before = await picker.getByTestId('evidence-item').count();
  await picker.getByRole('button', { name: 'Añadir enlace' }).click();
  await picker.getByLabel('Dirección del enlace').fill(url);
  if (title) await picker.getByLabel('Título (opcional)').fill(title);
  await picker.getByRole('button', { name: 'Añadir', exact: true }).click();
  await picker.getByTestId('evidence-item').nth(before).waitFor();
}

/**
 * Answers every question left without an answer on the questionnaire page as a user does: the first offered
 * response, 'Guardar', and where the answer then lacks its required evidence, a link; waits for each '✓ Guardada'.
 */
export async function answerEveryQuestion(page: Page): Promise<void> {
  const pickers = page.locator('fieldset.answer-picker');
  const count = await pickers.count();
  for (let i = 0; i < count; i++) {
    const picker = pickers.nth(i);
    if ((await picker.getByText('✓ Guardada').count()) === 0) {
      await picker.locator('input').first().check();
      await picker.getByRole('button', { name: /^Guardar/ }).click();
      await picker.getByText('✓ Guardada').waitFor();
    }
    if ((await picker.getByTestId('evidence-missing').count()) > 0) await addEvidenceLink(picker, `https://transparencia.example.es/evidencia-${i}`);
  }
}
