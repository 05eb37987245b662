import { serverAndBrowser, startAppServer } from './helpers/appServer.js';
import { newPage, screenshot } from './helpers/browser.js';
import { openSignedIn } from './helpers/session.js';
import { apiGet, apiToken } from './helpers/api.js';
import { expectNoSideScroll } from './helpers/phone.js';
import { readPdf } from './helpers/pdf.js';
import { seriousViolations } from './helpers/axe.js';
import type { CampaignSummary } from '../../src/shared/api/campaigns.js';

/**
 * Final results in Chromium: ADMIN tries to publish the current edition's results as final and is told all that
 * still blocks it (the period to object, the campaigns not validated); the demo's earliest edition, whose review
 * and period to object are over, is published; the entity's user then reads "Resultados definitivos" on its
 * results, on a phone and on paper.
 */
describe('final results in Chromium', () => {
  // The test publishes results: run again, it needs a server where nothing is published yet.
  const suite = serverAndBrowser(startAppServer, { freshServerOnRetry: true });

  it('refuses the final publication with what blocks it, then publishes an edition ready for it; the results read "Resultados definitivos"', async () => {
    const userToken = await apiToken(suite.server.url, 'usuario@demo.es');
    const mine = await apiGet<CampaignSummary[]>(suite.server.url, userToken, '/campaigns/all');
    const years = mine.map((c) => c.campaignNumber);
    const [earliest, newest] = [Math.min(...years), Math.max(...years)];
    const earlier = mine.find((c) => c.status === 'sent' && c.campaignNumber === earliest);
    if (!earlier) throw new Error(`The demo USER has no campaign sent in ${earliest}`);
    // CSP bypassed to inject axe.
    const admin = await newPage(suite.browser, { bypassCSP: true });
    const user = await newPage(suite.browser, { phone: true });
    try {
      await openSignedIn(admin.page, suite.server.url, 'admin@demo.es', '/manage/editions');

      // 1. The newest edition: nothing final is offered before the provisional results; once they are published,
      // the final publication is refused while entities may object and campaigns await review, each one named.
      const newestCell = admin.page.getByTestId(`edition-objections-${newest}`);
      await newestCell.getByText('Resultados sin publicar').waitFor();
      expect(await newestCell.getByRole('button', { name: `Publicar resultados definitivos de la edición ${newest}` }).count()).toBe(0);
      await admin.page.getByRole('button', { name: `Publicar resultados provisionales de la edición ${newest}` }).click();
      const provisional = admin.page.getByRole('dialog', { name: `Publicar resultados provisionales · Edición ${newest}` });
      await provisional.getByRole('button', { name: 'Publicar' }).click();
      await admin.page.getByRole('status').getByText(`Resultados provisionales de la edición ${newest} publicados`).waitFor();
      await admin.page.getByRole('button', { name: `Publicar resultados definitivos de la edición ${newest}` }).click();
      const refused = admin.page.getByRole('dialog', { name: `Publicar resultados definitivos · Edición ${newest}` });
      await refused.getByText(/Las cifras de la edición \d{4} quedarán congeladas/).waitFor();
      await refused.getByRole('button', { name: 'Publicar resultados definitivos' }).click();
      const blockers = refused.getByTestId('final-blockers');
      await blockers.getByText('Todavía no se pueden publicar los resultados definitivos:').waitFor();
      expect(await blockers.textContent()).toMatch(/El plazo de alegaciones sigue abierto hasta el \d\d\/\d\d\/\d{4}\./);
      const notValidated = await refused.getByTestId('final-blockers-not-validated').textContent();
      expect(notValidated).toMatch(/^Campañas sin validar \(\d+\):/);
      expect(notValidated).toContain(': pendiente de revisión');
      await screenshot(admin.page, 'final-refused', { fullPage: false });
      expect(await seriousViolations(admin.page)).toEqual([]);
      await refused.getByRole('button', { name: 'Cancelar' }).click();
      await refused.waitFor({ state: 'hidden' });

      // 2. The earliest edition, reviewed and past its period to object, is published as final.
      await admin.page.getByRole('button', { name: `Publicar resultados definitivos de la edición ${earliest}` }).click();
      const ready = admin.page.getByRole('dialog', { name: `Publicar resultados definitivos · Edición ${earliest}` });
      await ready.getByRole('button', { name: 'Publicar resultados definitivos' }).click();
      await admin.page.getByRole('status').getByText(`Resultados definitivos de la edición ${earliest} publicados`).waitFor();
      const earliestCell = admin.page.getByTestId(`edition-objections-${earliest}`);
      const since = (await earliestCell.getByText(/^Resultados definitivos desde el/).textContent())!.match(/(\d\d\/\d\d\/\d{4})$/)?.[1];
      expect(since).toEqual(expect.any(String));
      expect(await earliestCell.getByRole('button').count()).toBe(0);
      await screenshot(admin.page, 'final-published', { fullPage: false });

      // 3. The entity's user reads its results of that edition as final, on a phone and on paper.
      await openSignedIn(user.page, suite.server.url, 'usuario@demo.es', `/results/${earlier.id}`);
      await user.page.getByTestId('report-review').getByText('Resultados definitivos').waitFor();
      expect(await user.page.getByTestId('report-review').textContent()).toContain(`publicados el ${since}`);
      await expectNoSideScroll(user.page);
      await screenshot(user.page, 'final-results-phone', { fullPage: false });
      const printed = readPdf(await user.page.pdf({ format: 'A4', printBackground: true }), 'final-results-pdf').replace(/\s+/g, ' ');
      expect(printed).toContain('Resultados definitivos');
      expect(printed).not.toContain('Provisional');
      // The refusal's 409 is the only failed request the browser reports.
      expect(admin.errors.filter((e) => !e.includes('the server responded with a status of 409'))).toEqual([]);
      expect(user.errors).toEqual([]);
    } finally {
      await Promise.all([admin.context.close(), user.context.close()]);
    }
  }, 240_000);
});
