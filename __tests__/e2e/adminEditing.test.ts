import type { Page } from 'playwright-core';
import { serverAndBrowser } from './helpers/appServer.js';
import { newPage, screenshot } from './helpers/browser.js';
import { openSignedIn } from './helpers/session.js';
import { apiGet, apiPost, apiToken, uniqueMark } from './helpers/api.js';
import { expectNoSideScroll, expectOnScreen } from './helpers/phone.js';
import type { EntityRow } from '../../src/shared/api/admin.js';

/** The two screens every step is checked at: a laptop and a phone. */
const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 900 }, phone: false, offset: 0 },
  { name: 'phone', viewport: { width: 390, height: 844 }, phone: true, offset: 1 },
] as const;

type Size = (typeof SIZES)[number];

/** On a phone, nothing wider than the screen and the control inside it. */
async function reachable(page: Page, size: Size, control: ReturnType<Page['getByRole']>, what: string) {
  if (!size.phone) return;
  await expectNoSideScroll(page);
  await expectOnScreen(control, what);
}

describe('editing and archiving entities in Chromium', () => {
  const suite = serverAndBrowser();

  /** Demo entities with sent campaigns and no users, each test and size taking its own. */
  async function sentEntities(): Promise<EntityRow[]> {
    const token = await apiToken(suite.server.url, 'admin@demo.es');
    const users = await apiGet<{ entities: { id: number }[] }[]>(suite.server.url, token, '/users/list');
    const withUsers = new Set(users.flatMap((u) => u.entities.map((e) => e.id)));
    return (await apiGet<EntityRow[]>(suite.server.url, token, '/entities/list'))
      .filter((e) => !e.archived && !withUsers.has(e.id) && e.campaigns.some((c) => c.status === 'sent'))
      .sort((a, b) => a.id - b.id);
  }

  describe.each(SIZES)('at $name size', (size) => {
    it('ADMIN edits an entity: a new population moves it to another size band, and its report says so', async () => {
      const token = await apiToken(suite.server.url, 'admin@demo.es');
      const entity = (await sentEntities())[2 + size.offset];
      const sent = entity.campaigns.find((c) => c.status === 'sent')!;
      const population = entity.population > 50000 ? 3000 : 75000;
      const band = population === 3000 ? 'Entidades de hasta 5.000 habitantes' : 'Entidades de 50.001 a 100.000 habitantes';
      const { page, context, errors } = await newPage(suite.browser, { viewport: size.viewport, phone: size.phone });
      try {
        await openSignedIn(page, suite.server.url, 'admin@demo.es', `/results/${sent.id}`);
        await page.getByRole('heading', { name: entity.name }).first().waitFor();
        expect(await page.getByText(band).count()).toBe(0);

        await page.goto(`${suite.server.url}/manage/entities`);
        await page.getByLabel('Buscar por nombre').fill(entity.name);
        const edit = page.getByRole('link', { name: `Editar: ${entity.name}`, exact: true });
        await edit.waitFor();
        await reachable(page, size, edit, 'Editar in the entities list');
        await edit.click();
        await page.waitForURL('**/manage/entities/*/edit');
        await page.getByRole('heading', { name: 'Editar entidad' }).waitFor();
        expect(await page.getByLabel('Nombre').inputValue()).toBe(entity.name);
        expect(await page.getByLabel('Población').inputValue()).toBe(String(entity.population));
        for (const m of entity.municipalities) await page.getByRole('button', { name: new RegExp(`^Quitar ${m.name}`) }).waitFor();
        await screenshot(page, `edit-entity-form-${size.name}`);

        await page.getByLabel('Población').fill('0');
        await page.getByRole('button', { name: 'Guardar cambios' }).click();
        await page.getByText('El numero debe ser mayor que 0').waitFor();
        await page.getByLabel('Nombre').fill('Mancomunitat de la Ribera Alta');
        await page.getByLabel('Población').fill(String(population));
        await page.getByRole('button', { name: 'Guardar cambios' }).click();
        await page.getByRole('alert').filter({ hasText: 'Ya existe una entidad con el nombre indicado' }).first().waitFor();

        const renamed = `${entity.name} (editada)`;
        await page.getByLabel('Nombre').fill(renamed);
        await page.getByRole('button', { name: 'Guardar cambios' }).click();
        await page.getByText('Entidad actualizada correctamente').waitFor();
        await page.waitForURL('**/manage/entities');
        await page.getByLabel('Buscar por nombre').fill(renamed);
        const row = page.getByRole('row', { name: new RegExp(renamed.replace(/[()]/g, '\\$&')) });
        await row.waitFor();
        expect(await row.innerText()).toContain(new Intl.NumberFormat('es-ES').format(population));

        await page.goto(`${suite.server.url}/results/${sent.id}`);
        await page.getByRole('heading', { name: renamed }).first().waitFor();
        // Somewhere in the report (on a phone the first place that names the band may be folded away).
        await page.waitForFunction((text) => document.body.textContent?.includes(text), band);
        await screenshot(page, `edit-entity-report-${size.name}`);
        const restored = await apiPost<{ entity: EntityRow }>(suite.server.url, token, '/entities/update', {
          id: entity.id,
          entity: { name: entity.name, population: entity.population },
          municipalities: entity.municipalities.map((m) => m.munId),
        });
        expect(restored.entity.name).toBe(entity.name);
        expect(errors.filter((e) => !e.includes('status of 422'))).toEqual([]);
      } finally {
        await context.close();
      }
    }, 120_000);

    it("ADMIN edits a user's role and entities; an archived entity is offered neither to users nor for a new campaign", async () => {
      const token = await apiToken(suite.server.url, 'admin@demo.es');
      const stamp = `${size.name} ${uniqueMark()}`;
      const newEntity = async (name: string) =>
        (
          await apiPost<{ entity: EntityRow }>(suite.server.url, token, '/entities/create', {
            entity: { name, population: 2500 },
            municipalities: ['46017', '46250'],
          })
        ).entity;
      const first = await newEntity(`Consorcio Ribera ${stamp}`);
      const second = await newEntity(`Mancomunidad Safor ${stamp}`);
      const archived = await newEntity(`Agrupación Vall ${stamp}`);
      await apiPost(suite.server.url, token, '/entities/archive', { id: archived.id });
      const email = `tecnica.${size.name}.${uniqueMark()}@example.org`;
      await apiPost(suite.server.url, token, '/users/create', { email, role: 1, name: 'Técnica', entities: [first.id] });
      const label = (entity: EntityRow) => `${entity.name} - (${entity.province})`;
      const { page, context, errors } = await newPage(suite.browser, { viewport: size.viewport, phone: size.phone });
      try {
        await openSignedIn(page, suite.server.url, 'admin@demo.es', '/manage/users');
        await page.getByLabel('Buscar por email').fill(email);
        const edit = page.getByRole('link', { name: `Editar: ${email}`, exact: true });
        await reachable(page, size, edit, 'Editar in the users list');
        await edit.click();
        await page.getByRole('heading', { name: 'Editar usuario' }).waitFor();
        expect(await page.getByLabel('Email').inputValue()).toBe(email);
        expect(await page.getByLabel('Rol').locator('option:checked').innerText()).toBe('Usuario');
        const chosen = page.getByRole('list', { name: /seleccionadas/i });
        await chosen.getByText(label(first)).waitFor();

        await page.getByLabel('Rol').selectOption({ label: 'Administrador' });
        await page.getByRole('button', { name: /^Entidades/ }).click();
        await page.getByRole('searchbox').fill(second.name);
        await page.getByLabel(label(second)).check();
        await page.getByRole('searchbox').fill(first.name);
        await page.getByLabel(label(first)).uncheck();
        await page.getByRole('searchbox').fill(archived.name);
        expect(await page.getByLabel(label(archived)).count()).toBe(0);
        await page.keyboard.press('Escape');
        await chosen.getByText(label(second)).waitFor();
        expect(await chosen.getByText(label(first)).count()).toBe(0);
        await screenshot(page, `edit-user-form-${size.name}`);
        const save = page.getByRole('button', { name: 'Guardar cambios' });
        await reachable(page, size, save, 'Guardar cambios');
        await save.click();
        await page.getByText('Usuario actualizado correctamente').waitFor();
        const users = await apiGet<{ email: string; role: string; entities: { id: number }[] }[]>(suite.server.url, token, '/users/list');
        expect(users.find((u) => u.email === email)).toMatchObject({ role: 'FEC', entities: [{ id: second.id }] });

        // 'Nueva Campaña' offers an entity without a campaign, but not one that is archived.
        await page.goto(`${suite.server.url}/status`);
        await page.getByRole('button', { name: 'Nueva Campaña' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('button', { name: /Entidad/ }).click();
        await dialog.getByRole('searchbox').fill(second.name);
        await dialog.getByRole('button', { name: label(second), exact: true }).waitFor();
        await dialog.getByRole('searchbox').fill(archived.name);
        expect(await dialog.getByRole('button', { name: label(archived), exact: true }).count()).toBe(0);
        await screenshot(page, `new-campaign-without-archived-${size.name}`, { fullPage: false });
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }, 120_000);

    it('ADMIN archives an entity with sent campaigns, shows and restores it, and deletes it for good only by typing its name', async () => {
      const entity = (await sentEntities())[4 + size.offset];
      const sent = entity.campaigns.find((c) => c.status === 'sent')!;
      const { page, context, errors } = await newPage(suite.browser, { viewport: size.viewport, phone: size.phone });
      try {
        await openSignedIn(page, suite.server.url, 'admin@demo.es', '/manage/entities');
        await page.getByLabel('Buscar por nombre').fill(entity.name);
        await page.getByRole('button', { name: `Eliminar: ${entity.name}`, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Eliminar entidad' });
        await dialog.getByText(/tiene (una campaña enviada|\d+ campañas enviadas)/).waitFor();
        await dialog.getByText('Archívala para conservar su historial', { exact: false }).waitFor();
        const forGood = dialog.getByRole('button', { name: 'Eliminar definitivamente' });
        expect(await forGood.isDisabled()).toBe(true);
        await reachable(page, size, dialog.getByRole('button', { name: 'Archivar' }), 'Archivar');
        await screenshot(page, `archive-dialog-${size.name}`, { fullPage: false });
        await dialog.getByRole('button', { name: 'Archivar' }).click();
        await page.getByText('Entidad archivada correctamente').waitFor();
        await dialog.waitFor({ state: 'hidden' });
        await page.getByText('Ningún resultado coincide con la búsqueda o los filtros.').waitFor();

        // Hidden from the pickers: the new user form does not offer it.
        await page.goto(`${suite.server.url}/manage/users/create`);
        await page.getByRole('button', { name: /^Entidades/ }).click();
        await page.getByRole('searchbox').fill('Mancomunitat de la Ribera Alta');
        await page.getByLabel('Mancomunitat de la Ribera Alta - (Valencia/València)').waitFor();
        await page.getByRole('searchbox').fill(entity.name);
        expect(await page.getByLabel(`${entity.name} - (${entity.province})`).count()).toBe(0);
        // Its sent campaign is still there for ADMIN.
        await page.goto(`${suite.server.url}/results/${sent.id}`);
        await page.getByRole('heading', { name: entity.name }).first().waitFor();

        await page.goto(`${suite.server.url}/manage/entities`);
        await page.getByLabel('Buscar por nombre').fill(entity.name);
        const toggle = page.getByRole('checkbox', { name: /^Mostrar archivadas \(\d+\)$/ });
        await reachable(page, size, toggle, 'Mostrar archivadas');
        await toggle.check();
        const row = page.getByRole('row', { name: new RegExp(entity.name) });
        await row.getByText('Archivada').waitFor();
        await screenshot(page, `archived-list-${size.name}`);
        await row.getByRole('button', { name: `Restaurar: ${entity.name}` }).click();
        await page.getByText('Entidad restaurada correctamente').waitFor();
        await toggle.uncheck();
        await row.waitFor();
        expect(await row.getByText('Archivada').count()).toBe(0);

        await row.getByRole('button', { name: `Eliminar: ${entity.name}`, exact: true }).click();
        await dialog.getByRole('button', { name: 'Archivar' }).waitFor();
        const name = dialog.getByRole('textbox', { name: /escribe su nombre/ });
        await name.fill(entity.name.toUpperCase());
        expect(await forGood.isDisabled()).toBe(true);
        await name.fill(entity.name);
        await reachable(page, size, forGood, 'Eliminar definitivamente');
        await screenshot(page, `delete-for-good-dialog-${size.name}`, { fullPage: false });
        await forGood.click();
        await page.getByText('Entidad eliminada correctamente').waitFor();
        await page.getByText('Ningún resultado coincide con la búsqueda o los filtros.').waitFor();
        await toggle.check();
        expect(await page.getByRole('row', { name: new RegExp(entity.name) }).count()).toBe(0);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }, 120_000);
  });
});
