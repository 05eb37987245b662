import { jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { rootReducer } from '../../../../src/client/app/rootReducer.js';
import { ReportControls } from '../../../../src/client/features/results/ReportControls.js';
import { ReportBody } from '../../../../src/client/features/results/ReportView.js';
import { resultsActions } from '../../../../src/client/features/results/resultsSlice.js';
import { renderWithProviders } from '../../../helpers/client.js';
import { notApplicableResult, planFixture, resultFixture, withheldResult } from '../../../helpers/resultFixture.js';
import { ApiError } from '../../../../src/client/api/ApiError.js';
import { CAMPAIGN_NOT_SENT } from '../../../../src/shared/api/results.js';
import { demoUser } from '../../../helpers/client.js';

const result = resultFixture();
const loaded = (data = result) =>
  [resultsActions.campaignOpened(3), resultsActions.resultLoaded(data), resultsActions.answersLoaded([])].reduce(
    rootReducer,
    rootReducer(undefined, { type: 'init' }),
  );
const BAND = 'Entidades de 5.001 a 20.000 habitantes';

/**
 * The report rendered, once all its parts are mounted (usePartsInTurns: one per task, busy until the last). Each
 * part draws its charts in jsdom: on a loaded machine (CI beside other suites) all of them took over waitFor's
 * default second, so the wait is as long as the chart waits below.
 */
async function renderReport(preloadedState = loaded()) {
  const rendered = renderWithProviders(
    <>
      <ReportControls shared />
      <ReportBody />
    </>,
    { preloadedState },
  );
  await waitFor(() => expect(rendered.container.querySelector('[aria-busy="true"]')).toBeNull(), { timeout: 10_000 });
  return rendered;
}

const territoryTable = () => within(screen.getByTestId('block-axis-0')).getByTestId('comparison-table');
const columnHeaders = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent);

describe('results report', () => {
  it("says a campaign is not sent yet, with its questionnaire's link, instead of the report and its answers", () => {
    const state = [
      resultsActions.campaignOpened(31),
      resultsActions.resultFailed(new ApiError('CONFLICT', 409, CAMPAIGN_NOT_SENT).toJSON()),
      resultsActions.answersLoaded([]),
    ].reduce(rootReducer, rootReducer(undefined, { type: 'init' }));
    renderWithProviders(<ReportBody />, { preloadedState: { ...state, auth: { ...state.auth, status: 'loaded', user: demoUser } } });
    expect(screen.getByTestId('not-sent')).toHaveTextContent('Esta campaña aún no se ha enviado');
    expect(screen.getByRole('link', { name: 'Abrir el cuestionario' })).toHaveAttribute('href', '/my-campaigns/31');
    expect(screen.queryByText('No se han podido cargar los datos. Vuelve a intentarlo más tarde.')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Mis Respuestas' })).toBeNull();
  });

  it('offers nothing to print or share for a campaign not sent yet, only the help', () => {
    const notSent = [resultsActions.campaignOpened(31), resultsActions.resultFailed(new ApiError('CONFLICT', 409, CAMPAIGN_NOT_SENT).toJSON())].reduce(
      rootReducer,
      rootReducer(undefined, { type: 'init' }),
    );
    const { unmount } = renderWithProviders(<ReportControls shared={false} />, { preloadedState: notSent });
    expect(screen.getByRole('button', { name: /Cómo se calcula/ })).toBeInTheDocument();
    for (const name of ['Imprimir en PDF', 'Compartir', 'Anular enlaces']) expect(screen.queryByRole('button', { name })).toBeNull();
    unmount();
    // Any other failure keeps them: retrying may work.
    const failed = [resultsActions.campaignOpened(31), resultsActions.resultFailed(new ApiError('UNAVAILABLE', 503).toJSON())].reduce(
      rootReducer,
      rootReducer(undefined, { type: 'init' }),
    );
    renderWithProviders(<ReportControls shared={false} />, { preloadedState: failed });
    expect(screen.getByRole('button', { name: 'Compartir' })).toBeInTheDocument();
  });

  it('shows the blocks in order with their comparison tables', async () => {
    await renderReport();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(
      expect.arrayContaining(['Ayuntamiento de Prueba', 'Resultado global', 'Detalle por medidas', 'Mis Respuestas']),
    );
    expect(screen.getByRole('heading', { name: 'Territorio' })).toBeInTheDocument();
    const rows = within(territoryTable())
      .getAllByRole('row')
      .map((tr) => [...tr.children].map((c) => c.textContent));
    expect(rows[1]).toEqual(['Zonas verdes', '5 (50,0%)', '5 (50,0%)', '4 (40,0%)', '4 (40,0%)', '4,5 (45,0%)']);
    expect(rows[2]).toEqual(['Agua', '7 (75,0%)', '7 (75,0%)', '6 (60,0%)', '—', '5,6 (60,0%)']);
    expect(rows.at(-1)).toEqual(['TOTAL', '12 (60,0%)', '12 (60,0%)', '10 (50,0%)', '8 (40,0%)', '10,8 (54,0%)']);
  });

  it("says 'No aplica' for a policy the entity answered wholly so, and the n of each mean built from fewer entities", async () => {
    await renderReport(loaded(notApplicableResult()));
    const rows = within(territoryTable())
      .getAllByRole('row')
      .map((tr) => [...tr.children].map((c) => c.textContent));
    // The columns' n are 1, 4, 20 and 6; the policy's means are built from 0, 3, 19 and 5.
    expect(rows[2]).toEqual(['Agua', 'No aplica', '—', '6 (60,0%)n = 3', '—', '5,6 (60,0%)n = 5']);
    // Other policies are built from every participant: no n of their own.
    expect(rows[1]).toEqual(['Zonas verdes', '5 (50,0%)', '5 (50,0%)', '4 (40,0%)', '4 (40,0%)', '4,5 (45,0%)']);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Comparar solo con los participantes de la campaña' }));
    const compared = within(territoryTable())
      .getAllByRole('row')
      .map((tr) => [...tr.children].map((c) => c.textContent));
    // Compared to all: 8 and 14 registered, less the entity: 7 and 13.
    expect(compared[2]).toEqual(['Agua', 'No aplica', '—', '4,5 (45,0%)n = 7', '—', '3,4 (36,0%)n = 13']);
    await userEvent.click(screen.getByRole('button', { name: 'Detalle por medidas' }));
    const measures = within(screen.getByTestId('measures-table'));
    const aguaRow = measures.getByText('Agua').closest('tr')!;
    expect([...aguaRow.children].map((c) => c.textContent)).toEqual(['AguaTerritorio', 'No aplica']);
    expect(measures.getByText('Depuración').closest('tr')).toHaveTextContent('No aplica');
  });

  it("hides a territory's column when its checkbox is turned off", async () => {
    await renderReport();
    expect(columnHeaders(territoryTable())).toContain('Valencia/València (n = 1)');
    await userEvent.click(screen.getByRole('checkbox', { name: /Provincia/ }));
    expect(columnHeaders(territoryTable())).toEqual([
      'Política',
      'Ayuntamiento de Prueba',
      'Comunitat Valenciana (n = 4)',
      'España (n = 20)',
      `${BAND} (n = 6)`,
    ]);
  });

  it('shows the entities of a similar size as a fifth level, with their own checkbox, needle, bars and column', async () => {
    await renderReport();
    const box = screen.getByRole('checkbox', { name: `Entidades de tamaño similar (${BAND})` });
    expect(box).toBeChecked();
    const global = () => within(screen.getByTestId('block-global'));
    expect(global().getByTestId('gauge-legend')).toHaveTextContent(`${BAND} (n = 6)52,0%`);
    expect(global().getByTestId('policy-bars')).toHaveTextContent(`${BAND} (n = 6)`);
    await userEvent.click(box);
    expect(columnHeaders(territoryTable())).toEqual([
      'Política',
      'Ayuntamiento de Prueba',
      'Valencia/València (n = 1)',
      'Comunitat Valenciana (n = 4)',
      'España (n = 20)',
    ]);
    expect(global().getByTestId('gauge-legend')).not.toHaveTextContent(BAND);
    expect(global().getByTestId('policy-bars')).not.toHaveTextContent(BAND);
    expect(within(screen.getByTestId('rank-table')).queryByRole('columnheader', { name: BAND })).toBeNull();
    await userEvent.click(box);
    expect(columnHeaders(territoryTable()).at(-1)).toBe(`${BAND} (n = 6)`);
  });

  it("ranks the entity among each shown territory's participants, for the global score and each axis", async () => {
    await renderReport();
    const table = screen.getByTestId('rank-table');
    expect(within(table).getByRole('heading', { name: 'Puesto entre los participantes' })).toBeInTheDocument();
    expect(columnHeaders(table)).toEqual(['Resultado', 'Valencia/València', 'Comunitat Valenciana', 'España', BAND]);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tr) => [...tr.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Resultado global', 'Puesto 1 de 1', 'Puesto 2 de 4', 'Puesto 6 de 20', 'Puesto 3 de 6'],
      ['Territorio', 'Puesto 1 de 1', 'Puesto 2 de 4', 'Puesto 5 de 20', 'Puesto 2 de 6'],
      ['Energía y clima', 'Puesto 1 de 1', 'Puesto 1 de 4', 'Puesto 4 de 20', 'Puesto 1 de 6'],
    ]);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['Resultado global', 'Territorio', 'Energía y clima']);
    expect(table).toHaveTextContent('Las entidades con el mismo porcentaje, redondeado a un decimal, comparten puesto.');
    // Among participants whatever the mode: the cells stay.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Comparar solo con los participantes de la campaña' }));
    expect(within(screen.getByTestId('rank-table')).getAllByRole('row')[1]).toHaveTextContent('Puesto 6 de 20');
    await userEvent.click(screen.getByRole('checkbox', { name: /^Provincia/ }));
    expect(columnHeaders(screen.getByTestId('rank-table'))).toEqual(['Resultado', 'Comunitat Valenciana', 'España', BAND]);
  });

  it('shows a dash for a withheld mean wherever it would show, and one sentence saying why, on screen and on paper', async () => {
    await renderReport(loaded(withheldResult(['province'])));
    const sentence =
      'No se muestra la media de Provincia de Valencia/València (n = 1): se muestran solo las medias de al menos 3 entidades, para que nadie pueda deducir la puntuación de otra entidad.';
    expect(screen.getByTestId('withheld-note')).toHaveTextContent(sentence);
    expect(screen.getAllByText(sentence)).toHaveLength(1);
    const rows = within(territoryTable())
      .getAllByRole('row')
      .map((tr) => [...tr.children].map((c) => c.textContent));
    expect(rows.slice(1).map((r) => r[2])).toEqual(['—', '—', '—']);
    expect(rows.at(-1)?.slice(3)).toEqual(['10 (50,0%)', '8 (40,0%)', '10,8 (54,0%)']);
    expect(within(screen.getByTestId('block-global')).getByTestId('gauge-legend')).toHaveTextContent('Valencia/València (n = 1)—');
    expect(within(screen.getByTestId('rank-table')).getAllByRole('row')[1]).toHaveTextContent('Resultado global—Puesto 2 de 4');
    act(() => void window.dispatchEvent(new Event('beforeprint')));
    expect(screen.getByTestId('withheld-note')).toHaveTextContent(sentence);
    expect(screen.getByTestId('how-calculated-print')).toHaveTextContent('solo se muestran las medias de al menos 3 entidades que han enviado la campaña');
    act(() => void window.dispatchEvent(new Event('afterprint')));
    // The territory hidden, nothing to explain.
    await userEvent.click(screen.getByRole('checkbox', { name: /^Provincia/ }));
    expect(screen.queryByTestId('withheld-note')).toBeNull();
  });

  it('says nothing of withheld means when none is', async () => {
    await renderReport();
    expect(screen.queryByTestId('withheld-note')).toBeNull();
    act(() => void window.dispatchEvent(new Event('beforeprint')));
    expect(screen.getByTestId('how-calculated-print')).not.toHaveTextContent('solo se muestran las medias de al menos');
    act(() => void window.dispatchEvent(new Event('afterprint')));
  });

  it('switches to the compared-to-all figures when compareWithParticipants is turned off', async () => {
    await renderReport();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Comparar solo con los participantes de la campaña' }));
    const total = within(territoryTable()).getAllByRole('row').at(-1);
    expect([...(total?.children ?? [])].map((c) => c.textContent)).toEqual(['TOTAL', '12 (60,0%)', '6 (30,0%)', '5 (25,0%)', '4 (20,0%)', '5,2 (26,0%)']);
    // Every registered entity makes each mean now.
    expect(columnHeaders(territoryTable())).toEqual([
      'Política',
      'Ayuntamiento de Prueba',
      'Valencia/València (n = 2)',
      'Comunitat Valenciana (n = 8)',
      'España (n = 45)',
      `${BAND} (n = 14)`,
    ]);
  });

  it('grades the measures with icons a screen reader can name', async () => {
    await renderReport();
    // Laid out once opened: closed, the table is not in the page.
    expect(screen.queryByTestId('measures-table')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Detalle por medidas' }));
    const table = screen.getByTestId('measures-table');
    expect(within(table).getByText('Total general')).toBeInTheDocument();
    // One points and one percentage column: every row has its figures, none an empty cell.
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Política / medida', 'Puntos', 'Porcentaje']);
    for (const row of within(table).getAllByRole('row').slice(1)) expect([...row.children].map((c) => c.textContent !== '')).toEqual([true, true, true]);
    expect(within(table).getAllByRole('img', { name: 'Bajo' })).toHaveLength(1);
    expect(within(table).getAllByRole('img', { name: 'Alto' }).length).toBeGreaterThan(3);
  });

  it("shows the 'Puntuación Global' view with the first shown level's score", async () => {
    await renderReport();
    await userEvent.click(screen.getByRole('button', { name: 'Puntuación Global' }));
    expect(within(screen.getByTestId('score-card')).getByText('60,0%')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: /^Entidad \(/ }));
    expect(within(screen.getByTestId('score-card')).getByText('Valencia/València (n = 1)')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('level-legend'))
        .getAllByRole('listitem')
        .map((li) => li.textContent?.trim()),
    ).toEqual(['Valencia/València (n = 1)', 'Comunitat Valenciana (n = 4)', 'España (n = 20)', `${BAND} (n = 6)`]);
  });

  it("shows the 'Plan de mejora' tab: each measure with its points to gain and each question's best answer, and its CSV", async () => {
    const state = [resultsActions.campaignOpened(3), resultsActions.resultLoaded(planFixture()), resultsActions.answersLoaded([])].reduce(
      rootReducer,
      rootReducer(undefined, { type: 'init' }),
    );
    const { store } = await renderReport(state);
    const dispatch = jest.spyOn(store, 'dispatch');
    await userEvent.click(screen.getByRole('button', { name: 'Plan de mejora' }));
    expect(store.getState().results.view).toBe('plan');
    const measures = screen.getAllByTestId('plan-measure');
    expect(measures.map((m) => within(m).getByRole('heading', { level: 3 }).textContent)).toEqual(['Arbolado', 'Depuración', 'Parques']);
    expect(within(measures[0]).getByTestId('plan-available')).toHaveTextContent('6 puntos pendientes');
    expect(measures[0]).toHaveTextContent('Eje Territorio · Política Zonas verdes · 2 de 8 puntos · 25,0%');
    expect(within(measures[0]).getByRole('img', { name: 'Bajo' })).toBeInTheDocument();
    const [cuidados, especies] = within(measures[0]).getAllByTestId('plan-question');
    expect(within(cuidados).getByTestId('plan-best')).toHaveTextContent('Riego (1) · ya elegidaPoda (2)Inventario (2)');
    expect(cuidados).toHaveTextContent('Opciones que suman el máximo (todas juntas)');
    expect(within(especies).getByTestId('plan-best')).toHaveTextContent(/^Sí \(3\)$/);
    expect(within(measures[2]).getByTestId('plan-question')).toHaveTextContent('Tu respuestaSin responder');
    expect(screen.queryByTestId('block-global')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Mis Respuestas' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    expect(dispatch).toHaveBeenLastCalledWith(resultsActions.csvRequested({ table: 'plan' }));
  });

  it("offers 'Mis Respuestas' as CSV and Excel in its header once the result has questions", async () => {
    const state = [resultsActions.campaignOpened(3), resultsActions.resultLoaded(planFixture()), resultsActions.answersLoaded([])].reduce(
      rootReducer,
      rootReducer(undefined, { type: 'init' }),
    );
    const { store } = await renderReport(state);
    const dispatch = jest.spyOn(store, 'dispatch');
    const answers = screen.getByTestId('answers-section');
    // Opened first (the section renders again with the dispatch spied on).
    await userEvent.click(within(answers).getByRole('button', { name: 'Mis Respuestas' }));
    await userEvent.click(within(answers).getByRole('button', { name: /^Descargar CSV\s*: Mis Respuestas$/ }));
    expect(dispatch).toHaveBeenLastCalledWith(resultsActions.csvRequested({ table: 'answers' }));
    await userEvent.click(within(answers).getByRole('button', { name: /^Descargar Excel\s*: Mis Respuestas$/ }));
    expect(dispatch).toHaveBeenLastCalledWith(resultsActions.excelRequested({ table: 'answers' }));
  });

  it("offers no download of 'Mis Respuestas' for a result without questions", async () => {
    await renderReport();
    expect(screen.getByRole('heading', { name: 'Mis Respuestas' })).toBeInTheDocument();
    expect(within(screen.getByTestId('answers-section')).queryByRole('button', { name: /^Descargar/ })).toBeNull();
  });

  it('says there is nothing to improve when no measure is red or amber', async () => {
    await renderReport();
    await userEvent.click(screen.getByRole('button', { name: 'Plan de mejora' }));
    expect(screen.getByTestId('improvement-plan')).toHaveTextContent('Ninguna medida está en rojo ni en ámbar: no hay mejoras pendientes.');
    expect(screen.queryByRole('button', { name: 'Descargar CSV' })).toBeNull();
  });

  it("says to tick a territory when every box of 'Mostrar' is off, in both views", async () => {
    await renderReport();
    const boxes = within(screen.getByRole('group', { name: 'Mostrar' })).getAllByRole('checkbox');
    for (const box of boxes) await userEvent.click(box);
    const hint = 'Marca al menos una casilla de «Mostrar» para ver las cifras.';
    expect(screen.getByText(hint)).toBeInTheDocument();
    expect(screen.queryByTestId('block-axis-0')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Puntuación Global' }));
    expect(screen.getByText(hint)).toBeInTheDocument();
    expect(screen.queryByTestId('score-card')).toBeNull();
    await userEvent.click(boxes[0]);
    expect(screen.queryByText(hint)).toBeNull();
    expect(screen.getByTestId('score-card')).toBeInTheDocument();
  });

  it('starts with who, which campaign, the date, the mode in words and the territories shown', async () => {
    jest.useFakeTimers({ now: new Date(2026, 10, 24, 12), advanceTimers: true });
    try {
      await renderReport();
      const heading = screen.getByTestId('report-heading');
      expect(within(heading).getByRole('heading', { level: 2 })).toHaveTextContent('Ayuntamiento de Prueba');
      expect(heading).toHaveTextContent('Valencia/València · Comunitat Valenciana · Campaña 2026');
      // On its own page the controls say the rest: the date, the mode and the territories are for paper.
      expect(screen.queryByTestId('report-date')).toBeNull();
      act(() => void window.dispatchEvent(new Event('beforeprint')));
      expect(screen.getByTestId('report-date')).toHaveTextContent('24 de noviembre de 2026');
      expect(screen.getByTestId('report-mode')).toHaveTextContent('Solo con los participantes de la campaña');
      expect(screen.getByTestId('report-territories')).toHaveTextContent(
        `Entidad · Provincia: Valencia/València (n = 1) · Comunidad autónoma: Comunitat Valenciana (n = 4) · País: España (n = 20) · Entidades de tamaño similar: ${BAND} (n = 6)`,
      );
      await userEvent.click(screen.getByRole('checkbox', { name: 'Comparar solo con los participantes de la campaña' }));
      await userEvent.click(screen.getByRole('checkbox', { name: /^País/ }));
      expect(screen.getByTestId('report-mode')).toHaveTextContent('las entidades que no participaron cuentan como 0');
      expect(screen.getByTestId('report-territories')).toHaveTextContent(
        'Entidad · Provincia: Valencia/València (n = 2) · Comunidad autónoma: Comunitat Valenciana (n = 8)',
      );
    } finally {
      act(() => void window.dispatchEvent(new Event('afterprint')));
      jest.useRealTimers();
    }
  });

  it('says the figures are provisional until the campaign is validated', async () => {
    const { unmount } = await renderReport();
    expect(screen.getByTestId('report-review')).toHaveTextContent('Provisional: pendiente de validación');
    unmount();
    await renderReport(loaded({ ...result, reviewStatus: 'changesRequested' }));
    expect(screen.getByTestId('report-review')).toHaveTextContent('Provisional: pendiente de validación');
  });

  it("says when a validated campaign was validated, on Madrid's calendar, on screen and on paper", async () => {
    // 23:30 UTC on 11 March is already 12 March in Madrid.
    await renderReport(loaded({ ...result, reviewStatus: 'validated', validatedAt: '2026-03-11T23:30:00.000Z' }));
    expect(screen.getByTestId('report-review')).toHaveTextContent('Validada el 12/03/2026');
    act(() => void window.dispatchEvent(new Event('beforeprint')));
    expect(screen.getByTestId('report-review')).toHaveTextContent('Validada el 12/03/2026');
    act(() => void window.dispatchEvent(new Event('afterprint')));
  });

  it("says the results are final once the edition's are, with the day they were published (Madrid's calendar), on screen and on paper", async () => {
    // 22:30 UTC on 29 June is already 30 June in Madrid.
    const final = { ...result, reviewStatus: 'validated' as const, validatedAt: '2026-03-11T23:30:00.000Z', finalPublishedAt: '2026-06-29T22:30:00.000Z' };
    await renderReport(loaded(final));
    const review = screen.getByTestId('report-review');
    expect(review).toHaveTextContent(/^Resultados definitivos · publicados el 30\/06\/2026$/);
    expect(review).toHaveClass('text-success');
    act(() => void window.dispatchEvent(new Event('beforeprint')));
    expect(screen.getByTestId('report-review')).toHaveTextContent(/^Resultados definitivos · publicados el 30\/06\/2026$/);
    act(() => void window.dispatchEvent(new Event('afterprint')));
    // The means' line is still there under it.
    expect(screen.getByTestId('report-means')).toHaveTextContent('Medias de 20 campañas enviadas');
  });

  it('says which campaigns the means are made from and how many, beside the review and in ¿Cómo se calcula?', async () => {
    const { unmount } = await renderReport();
    expect(screen.getByTestId('report-means')).toHaveTextContent('Medias de 20 campañas enviadas');
    await userEvent.click(screen.getByRole('button', { name: /Cómo se calcula/ }));
    expect(within(screen.getByRole('dialog')).getByTestId('help-means')).toHaveTextContent(
      'con todas las campañas enviadas de la edición, validadas o no: hoy, 20 campañas en toda España',
    );
    unmount();
    await renderReport(loaded({ ...result, meansFrom: 'validated' }));
    expect(screen.getByTestId('report-means')).toHaveTextContent('Medias de 20 campañas validadas');
    act(() => void window.dispatchEvent(new Event('beforeprint')));
    expect(screen.getByTestId('report-means')).toHaveTextContent('Medias de 20 campañas validadas');
    expect(screen.getByTestId('how-calculated-print')).toHaveTextContent(
      'solo con las campañas que el equipo de revisión ha validado: hoy, 20 campañas en toda España',
    );
    act(() => void window.dispatchEvent(new Event('afterprint')));
  });

  it('names the tab after the report while it is on screen, and gives the old title back', async () => {
    document.title = 'Campañas';
    const { unmount } = await renderReport();
    expect(document.title).toBe('Resultados - Ayuntamiento de Prueba - Campaña 2026');
    unmount();
    expect(document.title).toBe('Campañas');
  });

  it("prints '¿Cómo se calcula?' at the end of the report, and not on screen", async () => {
    await renderReport();
    expect(screen.queryByTestId('how-calculated-print')).toBeNull();
    act(() => void window.dispatchEvent(new Event('beforeprint')));
    expect(screen.getByTestId('how-calculated-print')).toHaveTextContent('¿Cómo se calculan los resultados?');
    expect(screen.getByTestId('how-calculated-print')).toHaveTextContent('cuentan como 0');
    // What the plan and the trend show is explained there too.
    expect(screen.getByTestId('how-calculated-print')).toHaveTextContent('El plan de mejora lista');
    expect(screen.getByTestId('how-calculated-print')).toHaveTextContent('«Evolución», en Comparativas, muestra el porcentaje');
    // The size band (this entity's in words), and the rank.
    expect(screen.getByTestId('how-calculated-print')).toHaveTextContent('entidades de un tamaño de población parecido en toda España');
    expect(screen.getByTestId('how-calculated-print')).toHaveTextContent(`El tramo de esta entidad es «${BAND}».`);
    expect(screen.getByTestId('how-calculated-print')).toHaveTextContent(
      'Puesto 4 de 12: hay 3 entidades con un porcentaje mayor entre las 12 que han enviado la campaña',
    );
    act(() => void window.dispatchEvent(new Event('afterprint')));
    expect(screen.queryByTestId('how-calculated-print')).toBeNull();
  });

  it('shows the whole heading on screen on a shared link', async () => {
    const shared = [resultsActions.sharedLinkOpened(), resultsActions.resultLoaded(result)].reduce(rootReducer, rootReducer(undefined, { type: 'init' }));
    await renderReport(shared);
    expect(screen.getByTestId('report-mode')).toHaveTextContent('Solo con los participantes de la campaña');
    expect(screen.getByTestId('report-territories')).toHaveTextContent('País: España (n = 20)');
  });

  it('asks for a campaign when none is chosen', async () => {
    await renderReport(rootReducer(undefined, resultsActions.campaignOpened(null)));
    expect(screen.getByTestId('empty-state')).toHaveTextContent('selecciona una campaña específica');
  });

  it("says 'Link compartido incorrecto.' for a shared link that failed", async () => {
    const failed = rootReducer(rootReducer(undefined, resultsActions.sharedLinkOpened()), resultsActions.resultFailed({ type: 'INVALID_TOKEN', status: 401 }));
    await renderReport(failed);
    expect(screen.getByRole('alert')).toHaveTextContent('Link compartido incorrecto.');
  });

  it.each([
    ['SHARE_LINK_REVOKED', 'Este enlace compartido ha sido anulado por la entidad.'],
    ['SHARE_LINK_EXPIRED', 'Este enlace compartido ha caducado.'],
    ['SOMETHING_ELSE', 'Link compartido incorrecto.'],
  ])('says why a shared link that worked no longer does (%s)', async (reason, text) => {
    const failed = rootReducer(
      rootReducer(undefined, resultsActions.sharedLinkOpened()),
      resultsActions.resultFailed({ type: 'INVALID_TOKEN', status: 401, data: { reason } }),
    );
    await renderReport(failed);
    expect(screen.getByRole('alert')).toHaveTextContent(text);
  });

  it('draws the charts after the figures, each in a box of its size until then', async () => {
    const { container } = await renderReport();
    // A gauge and a bar chart in the global block and in each of the fixture's two axes.
    expect(screen.getAllByTestId('chart-pending')).toHaveLength(6);
    // The gauge keeps its proportions (360 x 190 at the width of its box), the bars their height.
    const [gauge, bars] = within(screen.getByTestId('block-global')).getAllByTestId('chart-pending');
    expect(gauge.style.aspectRatio).toBe(`100 / ${(190 / 360) * 100}`);
    expect(bars.style.getPropertyValue('--chart-height')).toMatch(/^\d+px$/);
    await waitFor(() => expect(screen.queryAllByTestId('chart-pending')).toHaveLength(0), { timeout: 10_000 });
    expect(container.querySelectorAll('.highcharts-container')).toHaveLength(6);
    expect(within(screen.getByTestId('block-global')).getByTestId('gauge').querySelectorAll('.highcharts-dial')).toHaveLength(5);
  });

  it('lays out what only paper shows while the browser prints, and drops it afterwards', async () => {
    const { container } = await renderReport();
    await waitFor(() => expect(screen.queryAllByTestId('chart-pending')).toHaveLength(0), { timeout: 10_000 });
    const onPaperOnly = () => ({
      chartCopies: container.querySelectorAll('.chart-print-copy .highcharts-container').length,
      answers: screen.queryByTestId('answers-print') !== null,
      measures: screen.queryByTestId('measures-table') !== null,
    });
    expect(onPaperOnly()).toEqual({ chartCopies: 0, answers: false, measures: false });
    act(() => void window.dispatchEvent(new Event('beforeprint')));
    // One fixed-width copy per bar chart (the global block and two axes); the gauges have a fixed size already.
    expect(onPaperOnly()).toEqual({ chartCopies: 3, answers: true, measures: true });
    act(() => void window.dispatchEvent(new Event('afterprint')));
    expect(onPaperOnly()).toEqual({ chartCopies: 0, answers: false, measures: false });
  });

  it('prints the answers only with includeAnswers on', async () => {
    await renderReport();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Incluir mis respuestas al imprimir' }));
    act(() => void window.dispatchEvent(new Event('beforeprint')));
    expect(screen.queryByTestId('answers-print')).toBeNull();
    act(() => void window.dispatchEvent(new Event('afterprint')));
  });
});
