import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { serverAndBrowser, sharedAppServer } from './helpers/appServer.js';
import { newPage, screenshot, SCREENSHOT_DIR } from './helpers/browser.js';
import { openSignedIn } from './helpers/session.js';
import { readPdf } from './helpers/pdf.js';
import { apiGet, apiPost, apiToken } from './helpers/api.js';
import type { EntityCampaigns } from '../../src/shared/api/campaigns.js';
import type { ShareResponse } from '../../src/shared/api/results.js';

/** What a printed report must say about itself, in the words of the Spanish interface. */
const PARTICIPANTS_MODE = 'Solo con los participantes de la campaña';
const ALL_MODE = 'las entidades que no participaron cuentan como 0';
const HOW_CALCULATED = '¿Cómo se calculan los resultados?';

/** Today as the heading writes it in Spanish, '24 de noviembre de 2026' (the browser runs in Europe/Madrid). */
const today = () => new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Madrid' }).format(new Date());

/** One line per run of words: pdftotext -layout breaks long sentences and pads the columns. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** The printed heading up to its list of territories, the mode included ('¿Cómo se calcula?' at the end names both modes). */
const heading = (printed: { text: string }) => printed.text.slice(0, printed.text.indexOf('Territorios mostrados'));

interface Printed {
  text: string;
  /** document.title when the browser started printing: the PDF's suggested file name. */
  titleWhilePrinting: string;
  /** The PDF's own Title, which Chromium takes from document.title. */
  pdfTitle: string;
}

/** Prints the page as page.pdf() does (beforeprint included), keeping the PDF beside the screenshots. */
async function print(page: Page, name: string): Promise<Printed> {
  await page.evaluate(() => {
    const w = window as unknown as { titleWhilePrinting?: string };
    w.titleWhilePrinting = '';
    window.addEventListener('beforeprint', () => (w.titleWhilePrinting = document.title), { once: true });
  });
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  const pdfTitle = /^Title:\s*(.*)$/m.exec(execFileSync('pdfinfo', [file]).toString('utf8'))?.[1]?.trim() ?? '';
  const titleWhilePrinting = await page.evaluate(() => (window as unknown as { titleWhilePrinting: string }).titleWhilePrinting);
  return { text: flat(readPdf(pdf, name)), titleWhilePrinting, pdfTitle };
}

describe('printed and shared reports say who, when and how', () => {
  const suite = serverAndBrowser(sharedAppServer);
  let token: string;
  /** The demo USER's entity with two sent campaigns: its latest is compared with the one before. */
  let subject: { entity: string; province: string; campaignId: number; year: number; previousYear: number };

  beforeAll(async () => {
    token = await apiToken(suite.server.url, 'usuario@demo.es');
    const { entityCampaigns } = await apiGet<EntityCampaigns>(suite.server.url, token, '/campaigns/getByUser?nameWithProvince=true&onlySent=true');
    const twoEditions = entityCampaigns.find((e) => e.campaigns.length >= 2);
    if (!twoEditions) throw new Error('The demo USER has no entity with two sent campaigns');
    const [previous, latest] = twoEditions.campaigns.slice(-2);
    const [entity, province] = twoEditions.text.split(' - (');
    subject = { entity, province: province.slice(0, -1), campaignId: latest.id, year: latest.campaignNumber, previousYear: previous.campaignNumber };
  }, 120_000);

  const campaign = () => `Campaña ${subject.year}`;

  /** What every printed report starts with, whichever its kind and mode. */
  function expectWhoAndWhen(printed: Printed, kind: 'Resultados' | 'Comparativas') {
    const title = `${kind} - ${subject.entity} - ${campaign()}`;
    expect(printed.titleWhilePrinting).toBe(title);
    expect(printed.pdfTitle).toBe(title);
    const start = printed.text.slice(0, 800);
    for (const words of [subject.entity, subject.province, campaign(), `Fecha del informe ${today()}`, 'Comparación', 'Territorios mostrados'])
      expect(start).toContain(words);
    expect(printed.text).toMatch(/n = \d+/);
  }

  it("prints the 'Informe' and 'Puntuación Global' with the entity, campaign, date, mode and n, titled for their PDF", async () => {
    const { page, context, errors } = await newPage(suite.browser);
    await openSignedIn(page, suite.server.url, 'usuario@demo.es', `/results/${subject.campaignId}`);
    await page.getByTestId('block-global').waitFor();
    await expect(page.title()).resolves.toBe(`Resultados - ${subject.entity} - ${campaign()}`);
    // On its own page the screen shows who and which campaign; the date and the mode are for paper.
    await expect(page.getByTestId('report-campaign').innerText()).resolves.toBe(campaign());
    await expect(page.getByTestId('report-date').count()).resolves.toBe(0);

    // Printed once every call has answered: the summary's improvements come with the trend.
    await page.waitForLoadState('networkidle');
    const participants = await print(page, 'report-document-results-participants');
    expectWhoAndWhen(participants, 'Resultados');
    // The first page summarises (the score, the ranks, the largest rises since the previous campaign, the trend);
    // the report itself starts on the next page.
    const firstPage = flat(
      execFileSync('pdftotext', ['-f', '1', '-l', '1', path.join(SCREENSHOT_DIR, 'report-document-results-participants.pdf'), '-']).toString('utf8'),
    );
    for (const words of [
      'Resumen',
      'de puntuación global',
      'Medias de comparación',
      'Posición',
      'Puesto 1 de',
      `Mayores mejoras desde la Campaña ${subject.previousYear}`,
      'Evolución de la puntuación global',
      `Campaña ${subject.previousYear}`,
      'Página 1 de',
    ]) {
      expect(firstPage).toContain(words);
    }
    expect(firstPage).toMatch(/\d+,\d %\s*de puntuación global|\d+,\d%\s*de puntuación global/);
    expect(firstPage).not.toContain('Resultado global');
    expect(heading(participants)).toContain(PARTICIPANTS_MODE);
    expect(heading(participants)).not.toContain(ALL_MODE);
    expect(participants.text).toContain(`Provincia: ${subject.province} (n = `);
    // '¿Cómo se calcula?' closes the report, after the detail by measures.
    expect(participants.text.lastIndexOf(HOW_CALCULATED)).toBeGreaterThan(participants.text.indexOf('Total general'));
    await expect(page.getByTestId('how-calculated-print').count()).resolves.toBe(0);

    await page.getByRole('checkbox', { name: 'Comparar solo con los participantes de la campaña' }).uncheck();
    const everyone = await print(page, 'report-document-results-all');
    expectWhoAndWhen(everyone, 'Resultados');
    expect(heading(everyone)).toContain(ALL_MODE);
    expect(heading(everyone)).not.toContain(PARTICIPANTS_MODE);
    // Every registered entity makes the means now, never fewer than the participants.
    const provinceN = (text: string) => Number(new RegExp(`Provincia: ${subject.province} \\(n = (\\d+)\\)`).exec(text)?.[1]);
    expect(provinceN(everyone.text)).toBeGreaterThanOrEqual(provinceN(participants.text));

    await page.getByRole('button', { name: 'Puntuación Global' }).click();
    await page.getByTestId('score-card').waitFor();
    const global = await print(page, 'report-document-global-all');
    expectWhoAndWhen(global, 'Resultados');
    expect(heading(global)).toContain(ALL_MODE);
    for (const title of ['Tu Puntuación', 'Puntuación por ubicación', HOW_CALCULATED]) expect(global.text).toContain(title);

    await page.getByRole('checkbox', { name: 'Comparar solo con los participantes de la campaña' }).check();
    const globalParticipants = await print(page, 'report-document-global-participants');
    expect(heading(globalParticipants)).toContain(PARTICIPANTS_MODE);
    // Leaving the report gives the tab its own title back.
    await page.getByRole('link', { name: 'Mis Campañas' }).click();
    await page.waitForURL(/my-campaigns/);
    // The report goes once the next page has loaded (its chunk may come after the address changes).
    await page.waitForFunction((entity) => !document.title.includes(entity), subject.entity);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('prints the comparison with the entity, both years, the mode and each group n, in both modes', async () => {
    const { page, context, errors } = await newPage(suite.browser);
    await openSignedIn(page, suite.server.url, 'usuario@demo.es', `/comparisons/${subject.campaignId}`);
    await page.getByTestId('group-autonomousCommunity').waitFor();
    await expect(page.title()).resolves.toBe(`Comparativas - ${subject.entity} - ${campaign()}`);
    const compared = `${campaign()} comparada con la Campaña ${subject.previousYear}`;
    await expect(page.getByTestId('report-campaign').innerText()).resolves.toBe(compared);
    await expect(page.getByTestId('group-province').getByTestId('group-sizes').innerText()).resolves.toMatch(
      new RegExp(`^${subject.province} · ${campaign()}: n = \\d+ · Campaña ${subject.previousYear}: n = \\d+$`),
    );

    const participants = await print(page, 'report-document-comparisons-participants');
    expectWhoAndWhen(participants, 'Comparativas');
    expect(participants.text).toContain(compared);
    expect(heading(participants)).toContain(PARTICIPANTS_MODE);
    expect(participants.text).toContain(HOW_CALCULATED);

    await page.getByRole('checkbox', { name: 'Comparar solo con los participantes de la campaña' }).uncheck();
    const everyone = await print(page, 'report-document-comparisons-all');
    expectWhoAndWhen(everyone, 'Comparativas');
    expect(heading(everyone)).toContain(ALL_MODE);
    expect(everyone.text).toMatch(new RegExp(`Campaña ${subject.previousYear}: n = \\d+`));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the whole heading on screen on the shared results and comparison links', async () => {
    const links = await apiPost<ShareResponse>(suite.server.url, token, '/campaigns/share', { id: subject.campaignId });
    const visitor = await newPage(suite.browser);
    const { page } = visitor;
    await page.goto(links.urlResults);
    await page.getByTestId('block-global').waitFor();
    await expect(page.getByTestId('report-entity').innerText()).resolves.toBe(subject.entity);
    await expect(page.getByTestId('report-date').innerText()).resolves.toBe(today());
    await expect(page.getByTestId('report-mode').innerText()).resolves.toContain(PARTICIPANTS_MODE);
    await expect(page.getByTestId('report-territories').innerText()).resolves.toContain(`Provincia: ${subject.province} (n = `);
    await expect(page.title()).resolves.toBe(`Resultados - ${subject.entity} - ${campaign()}`);
    await screenshot(page, 'report-document-shared-results', { fullPage: false });

    await page.goto(links.urlComparisons);
    await page.getByTestId('group-province').waitFor();
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Comparativas');
    await expect(page.getByTestId('report-entity').innerText()).resolves.toBe(subject.entity);
    await expect(page.getByTestId('report-date').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('report-campaign').innerText()).resolves.toContain(`comparada con la Campaña ${subject.previousYear}`);
    await screenshot(page, 'report-document-shared-comparisons', { fullPage: false });
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
  });
});
