import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { logIn } from './session.js';

/** ADMIN's editions page, as the editions and yearly-cycle journeys use it. */

const CATALOGUES = path.resolve('src/server/db/seed/catalogues');

/**
 * A demo catalogue as a new edition's file; broken, it has five problems: a title with a line break, an empty code
 * and a negative value (its shape), an unknown competence and a question with one response (rules).
 */
export function catalogueFile(demoYear: number, year: number, breakIt = false): { name: string; mimeType: string; buffer: Buffer } {
  const catalogue = JSON.parse(fs.readFileSync(path.join(CATALOGUES, `demo-${demoYear}.json`), 'utf8'));
  catalogue.edition = year;
  if (breakIt) {
    catalogue.axes[2].policies[0].measures[1].code = '';
    catalogue.axes[0].policies[0].measures[0].indicators[0].subindicators[0].responses[0].value = -1;
    catalogue.title = 'Campaña\r\nBcc: todos@example.com';
    catalogue.axes[1].policies[0].measures[0].indicators[0].competence = 'C9';
    catalogue.axes[1].policies[0].measures[0].indicators[0].subindicators[0].responses.splice(1);
  }
  return { name: `edicion-${year}.json`, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(catalogue, null, 2)) };
}

/** The page's errors but the browser's own line for the broken file's expected 422. */
export const unexpectedUploadErrors = (errors: string[]) => errors.filter((e) => !/status of 422 .*editions\/preview/.test(e));

export const fileInput = (page: Page) => page.getByLabel('Fichero de la edición (JSON)');

/** ADMIN on the editions page: a broken file's problems, then a good file's preview and differences, imported and listed. */
export async function uploadBrokenThenGood(
  page: Page,
  url: string,
  good: ReturnType<typeof catalogueFile>,
  shot: (page: Page, name: string) => Promise<unknown>,
  name: string,
  previousYear: number,
): Promise<void> {
  await logIn(page, url, 'admin@demo.es');
  await page.waitForURL(/\/status/);
  // On a phone the menu is folded: open it (click waits for the header; asking isVisible() at once raced its render).
  if ((page.viewportSize()?.width ?? 1280) < 768) await page.getByRole('button', { name: 'Mostrar u ocultar el menú' }).click();
  await page.getByRole('link', { name: 'Ediciones' }).click();
  await page.waitForURL(/\/manage\/editions$/);
  await page.getByTestId('editions-table').waitFor();
  expect(await page.getByTestId('editions-table').locator('tbody tr td:first-child').allTextContents()).toEqual(
    expect.arrayContaining(['2026', '2025', '2024']),
  );

  await fileInput(page).setInputFiles(catalogueFile(2026, 2099, true));
  const problems = page.getByTestId('file-problems');
  await problems.waitFor();
  expect(await problems.textContent()).toContain('El fichero tiene 5 problemas; no se ha importado nada.');
  // Each named by the file's codes, not by a JSON path; the rules' problems beside the shape's.
  expect(await problems.locator('li').allTextContents()).toEqual([
    'title:no puede tener saltos de línea, tabuladores ni otros caracteres de control',
    'subindicador E1.P1.M1.I1.S1 › respuesta R1 › value:value debe ser 0 o más',
    'política E3.P1 › medida n.º 2 › code:falta el campo code',
    'indicador E2.P1.M1.I1:la competencia "C9" no está en competences',
    'subindicador E2.P1.M1.I1.S1:necesita al menos 2 respuestas no obsoletas',
  ]);
  expect(await page.getByRole('button', { name: 'Importar edición' }).count()).toBe(0);
  await shot(page, `${name}-problems`);

  await fileInput(page).setInputFiles(good);
  const preview = page.getByTestId('edition-preview');
  await preview.waitFor();
  expect(await problems.count()).toBe(0);
  expect(await preview.getByRole('heading', { level: 4 }).first().textContent()).toMatch(/^Vista previa de la edición 20\d\d$/);
  const diff = page.getByTestId('edition-diff');
  expect(await diff.getByRole('heading', { level: 4 }).textContent()).toBe(`Diferencias con la edición ${previousYear}`);
  expect(await page.getByTestId('edition-preview-questionnaire').getByRole('group').count()).toBeGreaterThan(100);
  await shot(page, `${name}-preview`);

  const year = JSON.parse(good.buffer.toString()).edition;
  // Importing asks first, saying what it changes; cancelling keeps the preview and imports nothing.
  await page.getByRole('button', { name: 'Importar edición' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByText(`La edición ${year} pasará a ser la edición actual`, { exact: false }).waitFor();
  await shot(page, `${name}-import-confirm`);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByTestId('edition-preview').waitFor();
  await page.getByRole('button', { name: 'Importar edición' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Importar edición' }).click();
  await page.getByText(`Edición ${year} importada: es ahora la edición actual.`, { exact: false }).waitFor();
  await page.getByTestId('edition-preview').waitFor({ state: 'detached' });
  await page.getByTestId('editions-table').locator('tbody tr').first().getByText(String(year), { exact: true }).waitFor();
  await shot(page, `${name}-imported`);
}
