import type { Page } from 'playwright-core';
import { serverAndBrowser, startAppServer } from './helpers/appServer.js';
import { newPage, screenshot, settledCookie, type OpenedPage } from './helpers/browser.js';
import { apiGet, apiToken } from './helpers/api.js';
import type { CampaignStatusRow, CampaignSummary } from '../../src/shared/api/campaigns.js';

/**
 * The refresh test's server gives short-lived access tokens, so that a session outlives its first token during
 * the test. The other tests' server keeps the usual lifetime: with a token that expires every 3 s, a test that
 * opens one address after another sometimes leaves a page while its refresh is in flight, and the next page then
 * presents the retired refresh token, which ends the session by design (docs/api.md, RFC 9700).
 */
const ACCESS_TOKEN_TTL_S = 3;

/** Errors other than the HTTP failures a test provokes on purpose (the browser logs every 401 it sees). */
const unexpected = (errors: string[]) => errors.filter((e) => !/Failed to load resource: the server responded with a status of 401/.test(e));

async function logIn(page: Page, url: string, email: string, password = 'demo1234') {
  await page.goto(`${url}/`);
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

const menuItems = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link').allInnerTexts();

describe('client shell in Chromium', () => {
  const suite = serverAndBrowser();
  let opened: OpenedPage;

  beforeEach(async () => {
    opened = await newPage(suite.browser);
  });
  afterEach(async () => {
    await opened.context.close();
  });

  it('shows the login in Spanish at the root and validates the form', async () => {
    const { page, errors } = opened;
    await page.goto(`${suite.server.url}/`);
    await page.waitForURL('**/auth/login');
    expect(await page.title()).toBe('Campañas');
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    await screenshot(page, 'login');
    await page.getByRole('button', { name: 'Entrar' }).click();
    expect(await page.getByText('Campo obligatorio').count()).toBe(2);
    await screenshot(page, 'login-required');
    expect(unexpected(errors)).toEqual([]);
  });

  it.each([
    ['usuario@demo.es', '/my-campaigns', 'Campañas', 'Usuario', ['Mis Campañas', 'Resultados', 'Comparativas']],
    [
      'admin@demo.es',
      '/status',
      'Encuesta',
      'Super Administrador',
      ['Estado', 'Revisión', 'Entidades', 'Usuarios', 'Ediciones', 'Registro de actividad', 'Resultados', 'Comparativas'],
    ],
    ['fec@demo.es', '/status', 'Encuesta', 'Administrador', ['Estado', 'Revisión', 'Entidades', 'Usuarios', 'Ediciones', 'Resultados', 'Comparativas']],
  ])('logs %s in through the form to %s with its menu', async (email, landing, title, roleLabel, menu) => {
    const { page, errors } = opened;
    await logIn(page, suite.server.url, email);
    await page.waitForURL(`**${landing}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect((await menuItems(page)).map((t) => t.trim())).toEqual(menu);
    await page.getByRole('button', { name: 'Abrir el panel de usuario' }).click();
    expect(await page.getByTestId('user-email').innerText()).toBe(email);
    expect(await page.getByTestId('user-role').innerText()).toBe(roleLabel);
    await screenshot(page, `landing-${email.split('@')[0]}`);
    expect(unexpected(errors)).toEqual([]);
  });

  it('shows the alert above the form for a wrong password', async () => {
    const { page } = opened;
    await logIn(page, suite.server.url, 'usuario@demo.es', 'not-the-password');
    await page.getByRole('alert').filter({ hasText: 'El usuario o la contraseña no son correctos.' }).waitFor();
    expect(page.url()).toContain('/auth/login');
    await screenshot(page, 'login-wrong-password');
  });

  it('refreshes an expired access token without the user noticing, and keeps the session over a reload', async () => {
    const { page, context, errors } = opened;
    const shortLived = await startAppServer({ ACCESS_TOKEN_TTL: String(ACCESS_TOKEN_TTL_S) });
    try {
      await logIn(page, shortLived.url, 'usuario@demo.es');
      await page.waitForURL('**/my-campaigns');
      const tokenOf = async () => (await context.cookies()).find((c) => c.name === 'access_token')?.value;
      const first = await tokenOf();
      expect(first).toBeTruthy();
      // The refresh token is in no cookie a script can read: the server keeps it HttpOnly, for its token endpoint only.
      expect(await page.evaluate(() => document.cookie)).not.toMatch(/refresh/);
      const refreshCookie = (await context.cookies(`${shortLived.url}/api/v1/auth/token`)).find((c) => c.name === 'campaigns_refresh');
      expect(refreshCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/auth/token', secure: false });
      expect((await context.cookies(`${shortLived.url}/my-campaigns`)).map((c) => c.name)).not.toContain('campaigns_refresh');
      await page.waitForTimeout((ACCESS_TOKEN_TTL_S + 1) * 1000);
      await page.reload();
      await page.getByRole('navigation', { name: 'Menú principal' }).waitFor();
      expect(page.url()).toContain('/my-campaigns');
      await page.waitForFunction(async (old) => !document.cookie.includes(`access_token=${old}`), first);
      expect((await settledCookie(context, 'access_token', (c) => c?.value !== first))?.value).toBeTruthy();
      // The refresh rotated the HttpOnly cookie, and still put nothing of it where scripts read.
      expect((await settledCookie(context, 'campaigns_refresh', (c) => c !== undefined && c.value !== refreshCookie?.value))?.httpOnly).toBe(true);
      expect(await page.evaluate(() => document.cookie)).not.toMatch(/refresh/);
      expect(unexpected(errors)).toEqual([]);
    } finally {
      await shortLived.stop();
    }
  }, 120_000);

  it('keeps a USER out of the user management and logs out to the login', async () => {
    const { page } = opened;
    await logIn(page, suite.server.url, 'usuario@demo.es');
    await page.waitForURL('**/my-campaigns');
    await page.goto(`${suite.server.url}/manage/users`);
    await page.waitForURL('**/my-campaigns');
    await page.getByRole('heading', { level: 1, name: 'Campañas' }).waitFor();
    await page.getByRole('button', { name: 'Abrir el panel de usuario' }).click();
    await page.getByRole('link', { name: 'Cerrar sesión' }).click();
    await page.waitForURL('**/auth/login');
    expect(await settledCookie(page.context(), 'access_token', (c) => c === undefined)).toBeUndefined();
    await page.goto(`${suite.server.url}/my-campaigns`);
    await page.waitForURL('**/auth/login');
  });

  it('switches language from the user panel and remembers it after a reload', async () => {
    const { page } = opened;
    await logIn(page, suite.server.url, 'admin@demo.es');
    await page.waitForURL('**/status');
    await page.getByRole('button', { name: 'Abrir el panel de usuario' }).click();
    await page.getByLabel('Idioma').selectOption('ca');
    await page.getByRole('heading', { level: 1, name: 'Enquesta' }).waitFor();
    await page.reload();
    await page.getByRole('link', { name: 'Estat' }).waitFor();
    await screenshot(page, 'landing-admin-catalan');
    await page.getByRole('button', { name: "Obre el tauler d'usuari" }).click();
    await page.getByLabel('Idioma').selectOption('es');
    await page.getByRole('link', { name: 'Estado' }).waitFor();
  });

  it('fits a phone: the menu opens from the header', async () => {
    const phone = await newPage(suite.browser, { phone: true });
    try {
      await logIn(phone.page, suite.server.url, 'usuario@demo.es');
      await phone.page.waitForURL('**/my-campaigns');
      await phone.page.getByRole('button', { name: 'Mostrar u ocultar el menú' }).click();
      await phone.page.getByRole('dialog').getByRole('link', { name: 'Resultados' }).waitFor();
      await screenshot(phone.page, 'phone-menu');
      await phone.page.getByRole('dialog').getByRole('link', { name: 'Resultados' }).click();
      await phone.page.waitForURL('**/results');
      await phone.page.getByRole('heading', { level: 1, name: 'Resultados' }).waitFor();
    } finally {
      await phone.context.close();
    }
  });

  it('sends unknown paths to the login and shows the error page on /Error', async () => {
    const { page } = opened;
    await page.goto(`${suite.server.url}/does/not/exist`);
    await page.waitForURL('**/auth/login');
    await page.goto(`${suite.server.url}/Error`);
    await page.getByRole('heading', { name: '404' }).waitFor();
    expect(await page.getByTestId('error-message').innerText()).toBe('Not found error');
    await screenshot(page, 'error-page');
  });

  it("leaves the not-found page with 'Volver al inicio', and shows it for an address that names no campaign", async () => {
    const { page, errors } = opened;
    const [admin, user] = await Promise.all([apiToken(suite.server.url, 'admin@demo.es'), apiToken(suite.server.url, 'usuario@demo.es')]);
    const [status, mine] = await Promise.all([
      apiGet<CampaignStatusRow[]>(suite.server.url, admin, '/campaigns/status'),
      apiGet<CampaignSummary[]>(suite.server.url, user, '/campaigns/all'),
    ]);
    const own = new Set(mine.map((c) => c.entityId));
    const othersCampaign = status.find((row) => row.campaignId !== null && !own.has(row.entityId))!.campaignId;
    await logIn(page, suite.server.url, 'usuario@demo.es');
    await page.waitForURL('**/my-campaigns');
    const notFound = page.getByRole('heading', { name: '404' });
    const list = page.getByRole('heading', { name: 'Mis campañas' });

    for (const path of [
      `/my-campaigns/${othersCampaign}`,
      '/my-campaigns/99999',
      '/my-campaigns/abc',
      '/my-campaigns/99999999999',
      '/results/abc',
      '/comparisons/0x1F',
    ]) {
      await page.goto(`${suite.server.url}${path}`);
      await notFound.waitFor();
      await page.getByRole('button', { name: 'Volver al inicio' }).click();
      await page.waitForURL('**/my-campaigns');
      await list.waitFor();
      expect(await notFound.count()).toBe(0);
    }
    // Back returns to the address that named nothing, still not found; Forward leaves it as the button does.
    await page.goBack();
    await notFound.waitFor();
    await page.goForward();
    await list.waitFor();
    expect(await notFound.count()).toBe(0);
    await page.reload();
    await list.waitFor();
    expect(unexpected(errors).filter((e) => !/status of (403|404|422)/.test(e))).toEqual([]);
  }, 120_000);

  it('brings a user who signs in from a deep link to the page asked for', async () => {
    const { page } = opened;
    await page.goto(`${suite.server.url}/manage/users`);
    await page.waitForURL('**/auth/login');
    await page.getByLabel('Correo electrónico').fill('admin@demo.es');
    await page.getByLabel('Contraseña', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/manage/users');
    await page.getByRole('table').waitFor();
  });

  it('shows a clear focus ring on every control the keyboard reaches', async () => {
    const { page } = opened;
    await logIn(page, suite.server.url, 'admin@demo.es');
    await page.waitForURL('**/status');
    await page.getByRole('table').waitFor();
    const rings: string[] = [];
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press('Tab');
      rings.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          if (el instanceof SVGElement) {
            // A chart's point: Highcharts draws the ring as a border around it.
            const border = document.querySelector('.highcharts-focus-border');
            const ok = border?.getAttribute('stroke') === '#0b3d91' && Number(border.getAttribute('stroke-width')) >= 2;
            return ok ? 'ok' : `chart point: ${border?.outerHTML ?? 'no focus border'}`;
          }
          const style = getComputedStyle(el);
          // A solid outline of at least 2 px in the navy focus colour (9:1 against the page).
          const ok = style.outlineStyle === 'solid' && parseFloat(style.outlineWidth) >= 2 && style.outlineColor === 'rgb(11, 61, 145)';
          return ok ? 'ok' : `${el.tagName}.${el.className}: ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
        }),
      );
    }
    expect(rings.filter((r) => r !== 'ok')).toEqual([]);
  });
});
