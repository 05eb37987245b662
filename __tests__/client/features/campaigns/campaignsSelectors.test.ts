import { rootReducer } from '../../../../src/client/app/rootReducer.js';
import { campaignsActions } from '../../../../src/client/features/campaigns/campaignsSlice.js';
import {
  answerToSend,
  selectCanSubmit,
  selectMyCampaignsPage,
  selectOpenCampaign,
  selectProgress,
  selectQuestionnaireFilterOptions,
  selectExportEditions,
  selectStatusOverviewSettled,
  selectVisibleGroups,
} from '../../../../src/client/features/campaigns/campaignsSelectors.js';
import { campaignCycleActions } from '../../../../src/client/features/campaignCycle/campaignCycleSlice.js';
import { editionOpeningActions } from '../../../../src/client/features/editionOpening/editionOpeningSlice.js';
import { editionsActions } from '../../../../src/client/features/admin/editions/editionsSlice.js';
import type { EditionRow } from '../../../../src/shared/api/editions.js';
import type { CampaignSummary, IndicatorGroup, Subindicator } from '../../../../src/shared/api/campaigns.js';
import { ASKS_NOTHING, campaignWith } from '../../../helpers/questions.js';

const summary = (id: number, entity: string, endDate: string | null, status: CampaignSummary['status'] = 'sent', ccaa = '10'): CampaignSummary => ({
  id,
  campaignNumber: 2026,
  text: 'Campaña 2026',
  entityId: id,
  entity,
  status,
  startDate: null,
  endDate,
  deadline: null,
  reopening: null,
  reviewStatus: status === 'sent' ? 'pending' : 'none',
  autonomousCommunity: ccaa,
});
const reduce = (...actions: { type: string }[]) => actions.reduce(rootReducer, rootReducer(undefined, { type: 'init' }));

describe('my campaigns table', () => {
  const items = [
    summary(1, 'Ayuntamiento de Ávila', '2026-03-01T00:00:00Z', 'sent', '07'),
    summary(2, 'Mancomunitat de la Safor', null, 'draft'),
    summary(3, 'Ayuntamiento de Alcoi', '2026-05-01T00:00:00Z'),
    ...Array.from({ length: 8 }, (_, i) => summary(10 + i, `Entidad ${i}`, `2025-0${i + 1}-01T00:00:00Z`)),
  ];

  it('sorts by the date column with empty dates last, 7 rows a page', () => {
    const state = reduce(campaignsActions.mineLoaded(items));
    const first = selectMyCampaignsPage(state);
    expect(first.rows.map((r) => r.id).slice(0, 2)).toEqual([3, 1]);
    expect(first.rows).toHaveLength(7);
    expect(first.pages).toBe(2);
    const last = selectMyCampaignsPage(rootReducer(state, campaignsActions.mineViewChanged({ page: 2 })));
    expect(last.rows.at(-1)?.id).toBe(2);
    const ascending = selectMyCampaignsPage(rootReducer(state, campaignsActions.mineViewChanged({ sortDescending: false })));
    expect(ascending.rows[0].id).toBe(10);
    const ascLast = selectMyCampaignsPage(
      rootReducer(rootReducer(state, campaignsActions.mineViewChanged({ sortDescending: false })), campaignsActions.mineViewChanged({ page: 2 })),
    );
    expect(ascLast.rows.at(-1)?.id).toBe(2);
  });

  it('searches entity names without regard to accents or case, and filters by community', () => {
    const state = reduce(campaignsActions.mineLoaded(items), campaignsActions.mineViewChanged({ search: 'AVILA' }));
    expect(selectMyCampaignsPage(state).rows.map((r) => r.id)).toEqual([1]);
    const byCommunity = reduce(campaignsActions.mineLoaded(items), campaignsActions.mineViewChanged({ communities: ['07'] }));
    expect(selectMyCampaignsPage(byCommunity).rows.map((r) => r.id)).toEqual([1]);
  });

  it("offers 'Contestar campaña' only with exactly one created or draft campaign", () => {
    expect(selectOpenCampaign(reduce(campaignsActions.mineLoaded(items)))?.id).toBe(2);
    expect(selectOpenCampaign(reduce(campaignsActions.mineLoaded([...items, summary(99, 'Otra', null, 'created')])))).toBeNull();
    expect(selectOpenCampaign(reduce(campaignsActions.mineLoaded([summary(1, 'A', null)])))).toBeNull();
  });
});

describe('questionnaire', () => {
  const sub = (id: number, answer: number[] | null) => ({ id, text: `Pregunta ${id}`, type: 'single' as const, ...ASKS_NOTHING, responses: [], answer });
  const indicator = (id: number, axisId: number, answers: (number[] | null)[], text = `Indicador ${id}`): IndicatorGroup => ({
    id,
    text,
    axisId,
    axisText: `Eje ${axisId}`,
    policyId: axisId * 10,
    policyText: `Política ${axisId}`,
    measureId: axisId * 100,
    measureText: `Medida ${axisId}`,
    competenceId: null,
    subindicators: answers.map((a, i) => sub(id * 10 + i, a)),
  });
  const campaign = (indicators: IndicatorGroup[]) => campaignWith(indicators, { id: 1, entity: 'E', startDate: null });
  const full = indicator(1, 1, [[1], [2]]);
  const partial = indicator(2, 1, [[1], null], 'Recogida de biorresiduos');
  const none = indicator(3, 2, [null, null]);
  const loaded = () => reduce(campaignsActions.questionnaireLoaded(campaign([full, partial, none])));
  const visibleIds = (state: ReturnType<typeof loaded>) =>
    selectVisibleGroups(state).flatMap((a) => a.policies.flatMap((p) => p.measures.flatMap((m) => m.indicators.map((i) => i.id))));

  it("keeps fully or partly answered indicators with 'Contestadas' and not fully answered ones with 'No contestadas'", () => {
    const filtered = (answered: ('answered' | 'unanswered')[]) => visibleIds(rootReducer(loaded(), campaignsActions.questionnaireFiltersChanged({ answered })));
    expect(filtered(['answered'])).toEqual([1, 2]);
    expect(filtered(['unanswered'])).toEqual([2, 3]);
    expect(filtered(['answered', 'unanswered'])).toEqual([1, 2, 3]);
    expect(filtered([])).toEqual([1, 2, 3]);
  });

  it("narrows 'Política' and 'Medida' to the chosen 'Eje', and 'Medida' to the chosen 'Política'", () => {
    const values = (state: ReturnType<typeof loaded>) => {
      const options = selectQuestionnaireFilterOptions(state);
      return { policies: options.policies.map((o) => o.value), measures: options.measures.map((o) => o.value) };
    };
    expect(values(loaded())).toEqual({ policies: [10, 20], measures: [100, 200] });
    expect(values(rootReducer(loaded(), campaignsActions.questionnaireFiltersChanged({ axes: [2] })))).toEqual({ policies: [20], measures: [200] });
    expect(values(rootReducer(loaded(), campaignsActions.questionnaireFiltersChanged({ policies: [10] })))).toEqual({ policies: [10, 20], measures: [100] });
  });

  it('filters by axis and searches questions without regard to accents', () => {
    expect(visibleIds(rootReducer(loaded(), campaignsActions.questionnaireFiltersChanged({ axes: [2] })))).toEqual([3]);
    expect(visibleIds(rootReducer(loaded(), campaignsActions.questionnaireFiltersChanged({ search: 'BIORRESÍDUOS'.toLowerCase() })))).toEqual([2]);
    const groups = selectVisibleGroups(loaded());
    expect(groups.map((g) => g.axisText)).toEqual(['Eje 1', 'Eje 2']);
  });

  it("counts 'n de total' and enables submit only when all are answered", () => {
    expect(selectProgress(loaded())).toEqual({ answered: 3, total: 6, firstUnanswered: 21 });
    expect(selectCanSubmit(loaded())).toBe(false);
    const complete = reduce(campaignsActions.questionnaireLoaded(campaign([full])));
    expect(selectCanSubmit(complete)).toBe(true);
    expect(selectCanSubmit(reduce(campaignsActions.questionnaireLoaded(campaign([]))))).toBe(false);
  });

  it('counts a choice on screen as answered before it is saved, and a cleared one as not answered', () => {
    const chosen = rootReducer(loaded(), campaignsActions.answerChosen({ question: 21, choice: [5] }));
    expect(selectProgress(chosen)).toEqual({ answered: 4, total: 6, firstUnanswered: 30 });
    const cleared = rootReducer(loaded(), campaignsActions.answerChosen({ question: 10, choice: [] }));
    expect(selectProgress(cleared)).toEqual({ answered: 2, total: 6, firstUnanswered: 10 });
  });
});

describe('what the autosave sends', () => {
  const sub: Subindicator = {
    id: 7,
    text: '¿Qué tecnología?',
    type: 'multiple',
    answer: [3],
    ...ASKS_NOTHING,
    responses: [
      { id: 1, text: 'LED', value: 2, obsolete: false, exclusive: false },
      { id: 2, text: 'Sodio', value: 1, obsolete: false, exclusive: false },
      { id: 3, text: 'Mercurio', value: 0, obsolete: true, exclusive: false },
    ],
  };

  it('sends the responses still offered, one for a single choice, and null for none (the answer is cleared)', () => {
    expect(answerToSend(sub, [3, 2, 1])).toEqual([2, 1]);
    expect(answerToSend({ ...sub, type: 'single' }, [2, 1])).toEqual([2]);
    expect(answerToSend(sub, [3])).toBeNull();
    expect(answerToSend(sub, [])).toBeNull();
    expect(answerToSend(sub, [99])).toBeNull();
  });
});

describe("the status page's overview", () => {
  const failure = { type: 'UNAVAILABLE' as const, status: 503 };
  const requested = [
    campaignsActions.statusRequested(),
    campaignCycleActions.editionDeadlineRequested(),
    editionOpeningActions.remindersRequested(),
    editionOpeningActions.territoriesRequested(),
  ];

  it('waits until every card has its answer (or its failure), and only ADMIN waits for the territories of the opening card', () => {
    expect(selectStatusOverviewSettled(reduce(), true)).toBe(false);
    expect(selectStatusOverviewSettled(reduce(...requested), false)).toBe(false);
    const answered = reduce(
      ...requested,
      campaignsActions.statusLoaded([]),
      campaignCycleActions.editionDeadlineFailed(failure),
      editionOpeningActions.remindersFailed(failure),
    );
    expect(selectStatusOverviewSettled(answered, false)).toBe(true);
    expect(selectStatusOverviewSettled(answered, true)).toBe(false);
    expect(
      selectStatusOverviewSettled(
        reduce(
          ...requested,
          campaignsActions.statusLoaded([]),
          campaignCycleActions.editionDeadlineFailed(failure),
          editionOpeningActions.remindersFailed(failure),
          editionOpeningActions.territoriesLoaded({ communities: [], provinces: [] }),
        ),
        true,
      ),
    ).toBe(true);
  });
});

describe("the status page's edition export", () => {
  const edition = (id: number, year: number) => ({ id, year }) as EditionRow;
  const requested = [campaignsActions.statusRequested(), editionsActions.listRequested()];

  it('is not known while either list loads (its controls stay, disabled), then offers the current edition, or nothing without editions', () => {
    expect(selectExportEditions(reduce(...requested))).toEqual({ editions: [], current: null, known: false });
    expect(selectExportEditions(reduce(...requested, campaignsActions.statusLoaded([]))).known).toBe(false);
    expect(selectExportEditions(reduce(...requested, campaignsActions.statusLoaded([]), editionsActions.listLoaded([])))).toEqual({
      editions: [],
      current: null,
      known: true,
    });
    const loaded = reduce(...requested, campaignsActions.statusLoaded([]), editionsActions.listLoaded([edition(2, 2026), edition(1, 2025)]));
    expect(selectExportEditions(loaded)).toEqual({ editions: [2026, 2025], current: 2026, known: true });
    // A failed list is known too: what the status rows name is offered.
    expect(
      selectExportEditions(reduce(...requested, campaignsActions.statusLoaded([]), editionsActions.listFailed({ type: 'UNAVAILABLE', status: 503 }))).known,
    ).toBe(true);
  });
});
