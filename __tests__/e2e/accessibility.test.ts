import { serverAndBrowser, sharedAppServer } from './helpers/appServer.js';
import { newPage } from './helpers/browser.js';
import { logIn } from './helpers/session.js';
import { seriousViolations } from './helpers/axe.js';

/** Pages of each role, each opened and left to load before the check. */
const PAGES: { email: string | null; path: string; ready: string }[] = [
  { email: null, path: '/auth/login', ready: 'Iniciar sesión' },
  { email: 'usuario@demo.es', path: '/my-campaigns', ready: 'Contestar campaña' },
  { email: 'usuario@demo.es', path: '/results/2', ready: 'Resultado global' },
  { email: 'usuario@demo.es', path: '/comparisons/2', ready: 'CCAA' },
  { email: 'admin@demo.es', path: '/status', ready: 'Nueva Campaña' },
  { email: 'admin@demo.es', path: '/manage/users', ready: 'usuario@demo.es' },
  { email: 'admin@demo.es', path: '/manage/users/create', ready: 'Nuevo usuario' },
  { email: 'admin@demo.es', path: '/manage/entities', ready: 'Nueva Entidad' },
  { email: 'admin@demo.es', path: '/manage/entities/create', ready: 'Nueva entidad' },
  { email: 'fec@demo.es', path: '/review', ready: 'con correcciones pedidas' },
  { email: 'fec@demo.es', path: '/review/2', ready: 'Revisión de la respuesta' },
];

describe('accessibility (axe) in Chromium', () => {
  const suite = serverAndBrowser(sharedAppServer);

  it.each(PAGES)('$path ($email) has no serious or critical violations', async ({ email, path, ready }) => {
    const { page, context } = await newPage(suite.browser, { bypassCSP: true });
    if (email) {
      await logIn(page, suite.server.url, email);
      await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
    }
    await page.goto(`${suite.server.url}${path}`);
    await page.getByText(ready, { exact: false }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('the questionnaire and the Puntuación Global tab have none either', async () => {
    const { page, context } = await newPage(suite.browser, { bypassCSP: true });
    await logIn(page, suite.server.url, 'usuario@demo.es');
    await page.getByRole('button', { name: 'Contestar campaña' }).click();
    await page.getByRole('button', { name: 'Enviar Encuesta' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${suite.server.url}/results/2`);
    await page.getByRole('button', { name: 'Puntuación Global' }).click();
    await page.getByText('Tu Puntuación').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
