import type { Page } from 'playwright-core';
import { serverAndBrowser } from './helpers/appServer.js';
import { newPage, screenshot } from './helpers/browser.js';
import { openSignedIn } from './helpers/session.js';
import { apiGet, apiPost, apiToken } from './helpers/api.js';
import { expectNoSideScroll } from './helpers/phone.js';
import type { CampaignStatusRow } from '../../src/shared/api/campaigns.js';
import type { EditionDeadline } from '../../src/shared/api/campaignCycle.js';

const editionSelect = (page: Page) => page.getByRole('combobox', { name: 'Edición', exact: true });
const deadlineCard = (page: Page) => page.getByTestId('edition-deadline');

describe('the status page cards manage the edition the page shows, in Chromium', () => {
  const suite = serverAndBrowser();
  let open: number;
  let older: number;
  let olderId: number;
  let token: string;

  beforeAll(async () => {
    token = await apiToken(suite.server.url, 'admin@demo.es');
    const all = await apiGet<CampaignStatusRow[]>(suite.server.url, token, '/campaigns/status');
    const years = [...new Set(all.map((r) => r.campaignNumber))].sort((a, b) => b - a);
    open = years.find((y) => all.some((r) => r.campaignNumber === y && r.status !== 'sent'))!;
    older = years.find((y) => y < open)!;
    olderId = all.find((r) => r.campaignNumber === older)!.editionId;
  }, 120_000);

  it.each([
    ['at 1366 wide', false],
    ['on a phone', true],
  ])(
    "sets last year's closing date from its own card, leaving this year's as it was (%s)",
    async (_size, phone) => {
      const closing = phone ? `${older}-11-30` : `${older}-12-31`;
      // A failed first attempt may have saved this date already, and 'Guardar plazo' only saves a change.
      const before = await apiGet<EditionDeadline>(suite.server.url, token, `/campaigns/deadline?editionId=${olderId}`);
      if (before.closesOn === closing)
        await apiPost(suite.server.url, token, '/campaigns/setDeadline', { edition: older, opensOn: before.opensOn, closesOn: null });
      const { page, errors } = await newPage(suite.browser, phone ? { phone: true } : { viewport: { width: 1366, height: 900 } });
      try {
        await openSignedIn(page, suite.server.url, 'admin@demo.es', '/status');
        // The page opens on the edition with open campaigns, and so do its cards.
        await deadlineCard(page)
          .getByRole('heading', { name: `Plazo de la edición ${open}` })
          .waitFor();
        await page
          .getByTestId('reminders')
          .getByRole('heading', { name: `Recordatorios de la edición ${open}` })
          .waitFor();
        const current = await apiGet<EditionDeadline>(suite.server.url, token, '/campaigns/deadline');

        await editionSelect(page).selectOption({ label: String(older) });
        await deadlineCard(page)
          .getByRole('heading', { name: `Plazo de la edición ${older}` })
          .waitFor();
        await page
          .getByTestId('reminders')
          .getByRole('heading', { name: `Recordatorios de la edición ${older}` })
          .waitFor();
        await deadlineCard(page).getByLabel('Cierre', { exact: true }).fill(closing);
        await deadlineCard(page).getByRole('button', { name: 'Guardar plazo' }).click();
        await page.getByText('Plazo guardado').waitFor();
        await deadlineCard(page)
          .getByText(phone ? `30 de noviembre de ${older}` : `31 de diciembre de ${older}`)
          .waitFor();
        if (phone) await expectNoSideScroll(page);
        await screenshot(page, `status-cards-older-edition-${phone ? 'phone' : 'desktop'}`, { fullPage: false });

        // Back on this year's edition: its own dates, untouched.
        await editionSelect(page).selectOption({ label: String(open) });
        await deadlineCard(page)
          .getByRole('heading', { name: `Plazo de la edición ${open}` })
          .waitFor();
        expect(await apiGet<EditionDeadline>(suite.server.url, token, '/campaigns/deadline')).toEqual(current);
        expect((await apiGet<EditionDeadline>(suite.server.url, token, `/campaigns/deadline?editionId=${olderId}`)).closesOn).toBe(closing);
        expect(errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    },
    120_000,
  );
});
