import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { EditionExportQuery } from '../../../shared/api/campaigns.js';
import type {
  AnswerChange,
  AnswerHistoryEntry,
  StaleAnswer,
  SaveAnswerResponse,
  Subindicator,
  CampaignDetail,
  CampaignStateResponse,
  CampaignStatusRow,
  CampaignSummary,
  EvidenceItem,
  PrefillResponse,
} from '../../../shared/api/campaigns.js';
import { IDLE, type Remote, type RequestError, type RequestStatus } from '../../lib/remote.js';
import { patchTableView, type TableView } from '../../lib/tableView.js';
import { isSessionChange } from '../auth/authSlice.js';
import type { AnswerSave, EvidenceLinkRequest, NoteDraft } from '../../api/campaignsApi.js';
import { initialCampaignsView, initialQuestionnaireFilters, type CampaignsView, type QuestionnaireFilters, type StatusView } from './campaignsView.js';

export type { QuestionnaireFilters };

export type { AnswerSave, EvidenceLinkRequest, NoteDraft };

/** An entity 'Nueva Campaña' may offer; archived ones are kept here and left out by its selector. */
export interface EntityOption {
  entityId: number;
  text: string;
  archived: boolean;
}

/** A file on its way as evidence behind one answer: its name, and how much of it has gone (a whole percentage). */
export interface EvidenceUpload {
  fileName: string;
  percent: number;
}

export interface CampaignsState {
  mine: Remote<{ items: CampaignSummary[] }>;
  statusPage: Remote<{ rows: CampaignStatusRow[] }>;
  /**
   * drafts: by question, the choice on screen where it is not the saved answer (waiting for its save, being saved, or
   * its save failed); notes likewise its comment and "No aplica". saving: by question, its last save ('failed' keeps
   * it out of the autosave until it is retried). evidence: by question, its last evidence call (adding or removing);
   * uploads: by question, the file being sent while it is. stale: by question, the answer someone else saved while
   * the user changed it (saveAnswer's 409 STALE_ANSWER), until the user takes it or replaces it. histories: by
   * question, its history once asked for ('Ver historial').
   */
  questionnaire: Remote<{
    campaign: CampaignDetail | null;
    saving: Record<number, RequestStatus>;
    drafts: Record<number, number[]>;
    notes: Record<number, NoteDraft>;
    evidence: Record<number, RequestStatus>;
    uploads: Record<number, EvidenceUpload>;
    stale: Record<number, StaleAnswer['current']>;
    histories: Record<number, Remote<{ entries: AnswerHistoryEntry[] }>>;
  }>;
  entityOptions: Remote<{ items: EntityOption[] }>;
  create: Remote;
  /** The edition export being downloaded (status page), if any: its button waits. */
  exporting: EditionExportQuery['format'] | null;
  /** 'Partir de las respuestas de…': the call, and what it copied (for the campaign it was made on) until another campaign opens. */
  prefill: Remote<{ campaignId: number | null; result: Omit<PrefillResponse, 'campaign'> | null }>;
  /** How the user left the tables and the questionnaire's filters: the only part kept across reloads. */
  view: CampaignsView;
}

const initialCampaignsState: CampaignsState = {
  mine: { ...IDLE, items: [] },
  statusPage: { ...IDLE, rows: [] },
  questionnaire: { ...IDLE, campaign: null, saving: {}, drafts: {}, notes: {}, evidence: {}, uploads: {}, stale: {}, histories: {} },
  entityOptions: { ...IDLE, items: [] },
  create: { ...IDLE },
  exporting: null,
  prefill: { ...IDLE, campaignId: null, result: null },
  view: initialCampaignsView,
};

type ViewPatch = Partial<TableView>;

const sameChoice = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id) => b.includes(id));
const subindicatorOf = (campaign: CampaignDetail | null, question: number): Subindicator | undefined =>
  campaign?.indicators.flatMap((i) => i.subindicators).find((s) => s.id === question);
/**
 * Whether a question's drafts are kept whatever they hold: while a save of them is on its way, and while a save was
 * refused as stale (the user's changes wait for 'Guardar la mía' even where they equal the other person's answer).
 */
const keepsDrafts = (q: CampaignsState['questionnaire'], question: number) => q.saving[question] === 'loading' || question in q.stale;
/** Keeps a question's choice as a draft while it differs from the saved answer, or while keepsDrafts. */
function setChoice(q: CampaignsState['questionnaire'], question: number, choice: number[]) {
  const saved = subindicatorOf(q.campaign, question)?.answer ?? [];
  if (!keepsDrafts(q, question) && sameChoice(choice, saved)) delete q.drafts[question];
  else q.drafts[question] = choice;
}
/** Keeps a question's comment and "No aplica" on screen as a draft where they differ from the saved ones, or while keepsDrafts. */
function setNotes(q: CampaignsState['questionnaire'], question: number, patch: NoteDraft) {
  const sub = subindicatorOf(q.campaign, question);
  const draft: NoteDraft = { ...q.notes[question], ...patch };
  const loading = keepsDrafts(q, question);
  if (!loading && sub && draft.comment !== undefined && draft.comment === sub.comment) delete draft.comment;
  if (!loading && sub && draft.notApplicable !== undefined && draft.notApplicable?.reason === sub.notApplicable?.reason) delete draft.notApplicable;
  if (sub && !sub.prefilled) delete draft.confirm;
  if (Object.keys(draft).length === 0) delete q.notes[question];
  else q.notes[question] = draft;
}
/**
 * A failed save may be sent again (a new change, a retry), but not one refused as stale: that one waits for the user
 * to take the other person's answer or replace it.
 */
function unblockSave(q: CampaignsState['questionnaire'], question: number) {
  if (q.saving[question] === 'failed' && !(question in q.stale)) delete q.saving[question];
}
/** After a save ends: the drafts stay only if they are not what is saved now. */
function settleChoice(q: CampaignsState['questionnaire'], question: number) {
  const draft = q.drafts[question];
  if (draft) setChoice(q, question, draft);
  const notes = q.notes[question];
  if (notes) setNotes(q, question, {});
}

const campaignsSlice = createSlice({
  name: 'campaigns',
  initialState: initialCampaignsState,
  reducers: {
    mineRequested(state) {
      state.mine.status = 'loading';
    },
    mineLoaded(state, action: PayloadAction<CampaignSummary[]>) {
      Object.assign(state.mine, { status: 'succeeded', error: null, items: action.payload });
    },
    mineFailed(state, action: PayloadAction<RequestError>) {
      Object.assign(state.mine, { status: 'failed', error: action.payload });
    },
    mineViewChanged(state, action: PayloadAction<ViewPatch>) {
      state.view.mine = patchTableView(state.view.mine, action.payload);
    },
    statusRequested(state) {
      state.statusPage.status = 'loading';
    },
    statusLoaded(state, action: PayloadAction<CampaignStatusRow[]>) {
      Object.assign(state.statusPage, { status: 'succeeded', error: null, rows: action.payload });
    },
    statusFailed(state, action: PayloadAction<RequestError>) {
      Object.assign(state.statusPage, { status: 'failed', error: action.payload });
    },
    statusViewChanged(state, action: PayloadAction<Partial<StatusView>>) {
      state.view.status = patchTableView(state.view.status, action.payload);
    },
    /** 'Exportar edición (CSV)' / '(Excel)' (ADMIN, FEC): a whole edition as a file. */
    editionExportRequested(state, action: PayloadAction<EditionExportQuery>) {
      state.exporting = action.payload.format;
    },
    editionExportFinished(state) {
      state.exporting = null;
    },
    /** A questionnaire opens: its filters stay if they were set on this campaign (a reload), else they start empty. */
    questionnaireRequested(state, action: PayloadAction<number>) {
      state.questionnaire = { ...initialCampaignsState.questionnaire, status: 'loading' };
      if (state.view.questionnaire.campaignId !== action.payload)
        state.view.questionnaire = { campaignId: action.payload, filters: initialQuestionnaireFilters };
      if (state.prefill.campaignId !== action.payload) state.prefill = { ...initialCampaignsState.prefill };
    },
    questionnaireLoaded(state, action: PayloadAction<CampaignDetail>) {
      Object.assign(state.questionnaire, { status: 'succeeded', error: null, campaign: action.payload });
    },
    questionnaireFailed(state, action: PayloadAction<RequestError>) {
      Object.assign(state.questionnaire, { status: 'failed', error: action.payload });
    },
    questionnaireFiltersChanged(state, action: PayloadAction<Partial<QuestionnaireFilters>>) {
      state.view.questionnaire.filters = { ...state.view.questionnaire.filters, ...action.payload };
    },
    /** The user ticked or unticked a response (or cleared them): the choice on screen, saved after a pause (answersSaga.ts). */
    answerChosen(state, action: PayloadAction<{ question: number; choice: number[] }>) {
      const { question, choice } = action.payload;
      // A new choice is saved like any other, even where the last save failed.
      unblockSave(state.questionnaire, question);
      setChoice(state.questionnaire, question, choice);
    },
    /**
     * The user wrote a comment or changed "No aplica" (null takes either back): saved after a pause like a choice.
     * "No aplica" clears the choice on screen: the answer is then null.
     */
    noteChanged(state, action: PayloadAction<{ question: number } & NoteDraft>) {
      const { question, ...patch } = action.payload;
      unblockSave(state.questionnaire, question);
      if (patch.notApplicable) setChoice(state.questionnaire, question, []);
      setNotes(state.questionnaire, question, patch);
    },
    /** 'Guardar', or sending the campaign: every choice on screen is saved now, without the pause. */
    answersSaveNow: (_state) => undefined,
    /** 'Reintentar' (or the autosave's own retry after a failure it may outlive): the question's choice is saved again. */
    answerRetryRequested(state, action: PayloadAction<number>) {
      unblockSave(state.questionnaire, action.payload);
    },
    /** The autosave sends a choice: it becomes the choice on screen (obsolete responses drop out of it; null clears it). */
    answerSaveRequested(state, action: PayloadAction<AnswerSave>) {
      state.questionnaire.saving[action.payload.question] = 'loading';
      // Sent: a confirmation is done once saved.
      delete state.questionnaire.notes[action.payload.question]?.confirm;
      setChoice(state.questionnaire, action.payload.question, action.payload.answer ?? []);
    },
    /**
     * The server stored the answer: it shows as saved, and the campaign's status follows. `change` is the user's own
     * (e-mail, moment), the answer's last change when the save changed it (a new version).
     */
    answerSaved(state, action: PayloadAction<{ saved: AnswerSave; result: SaveAnswerResponse; change: AnswerChange }>) {
      const { saved, result, change } = action.payload;
      const { question, answer } = saved;
      state.questionnaire.saving[question] = 'succeeded';
      const campaign = state.questionnaire.campaign;
      if (!campaign) return;
      Object.assign(campaign, { status: result.campaign.status, startDate: result.campaign.startDate });
      const sub = subindicatorOf(campaign, question);
      if (sub) {
        // As the server stored it: an answer given replaces "No aplica"; saving confirms a copied answer.
        sub.answer = answer;
        if (saved.comment !== undefined) sub.comment = saved.comment;
        if (saved.notApplicable !== undefined) sub.notApplicable = saved.notApplicable;
        else if (answer !== null) sub.notApplicable = null;
        sub.prefilled = false;
        if (result.version !== sub.version) Object.assign(sub, { version: result.version, lastChange: change });
      }
      // A choice changed again while saving stays a draft.
      settleChoice(state.questionnaire, question);
    },
    answerSaveFailed(state, action: PayloadAction<{ question: number; error: RequestError }>) {
      state.questionnaire.saving[action.payload.question] = 'failed';
      settleChoice(state.questionnaire, action.payload.question);
    },
    /**
     * Someone else changed the answer since it was read (409 STALE_ANSWER): nothing was saved. Their answer becomes
     * the one the question holds (what the user did not change shows theirs), and what the user changed stays on
     * screen as drafts, kept until they choose: 'Quedarme con la suya' or 'Guardar la mía'.
     */
    answerStale(state, action: PayloadAction<{ campaignId: number; question: number; current: StaleAnswer['current'] }>) {
      const { campaignId, question, current } = action.payload;
      const q = state.questionnaire;
      const sub = subindicatorOf(q.campaign, question);
      if (q.campaign?.id !== campaignId || !sub) return;
      q.saving[question] = 'failed';
      // Measured against the answer the user started from: a change undone is no change.
      settleChoice(q, question);
      const { answer, comment, notApplicable, version, userEmail, at } = current;
      Object.assign(sub, { answer, comment, notApplicable, version, prefilled: false });
      sub.lastChange = userEmail !== null && at !== null ? { userEmail, at } : null;
      q.stale[question] = current;
    },
    /** 'Quedarme con la suya': the user's changes go; the question shows the other person's answer, as saved. */
    staleAnswerTaken(state, action: PayloadAction<number>) {
      const question = action.payload;
      const q = state.questionnaire;
      if (!(question in q.stale)) return;
      for (const drafts of [q.drafts, q.notes, q.saving, q.stale]) delete drafts[question];
    },
    /** 'Guardar la mía': the user's changes are saved (the autosave sends them) on the other person's version. */
    staleAnswerReplaced(state, action: PayloadAction<number>) {
      const question = action.payload;
      const q = state.questionnaire;
      if (!(question in q.stale)) return;
      for (const drafts of [q.saving, q.stale]) delete drafts[question];
      settleChoice(q, question);
    },
    /** 'Ver historial' on one answer, or its history read again after a change while it is open (the entries shown stay meanwhile). */
    historyRequested(state, action: PayloadAction<{ campaignId: number; question: number }>) {
      const { question } = action.payload;
      state.questionnaire.histories[question] = { status: 'loading', error: null, entries: state.questionnaire.histories[question]?.entries ?? [] };
    },
    /** A history read: shown if it is still awaited on the same campaign (not closed, not another questionnaire since). */
    historyLoaded(state, action: PayloadAction<{ campaignId: number; question: number; entries: AnswerHistoryEntry[] }>) {
      const { campaignId, question, entries } = action.payload;
      const q = state.questionnaire;
      if (q.campaign?.id === campaignId && q.histories[question]?.status === 'loading') q.histories[question] = { status: 'succeeded', error: null, entries };
    },
    historyFailed(state, action: PayloadAction<{ campaignId: number; question: number; error: RequestError }>) {
      const { campaignId, question, error } = action.payload;
      const q = state.questionnaire;
      if (q.campaign?.id === campaignId && q.histories[question]?.status === 'loading') q.histories[question] = { status: 'failed', error, entries: [] };
    },
    /** 'Ocultar historial'. */
    historyClosed(state, action: PayloadAction<number>) {
      delete state.questionnaire.histories[action.payload];
    },
    /** 'Confirmar' on an answer copied from the previous edition: it is saved as it is (autosave), which confirms it. */
    answerConfirmed(state, action: PayloadAction<number>) {
      const question = action.payload;
      unblockSave(state.questionnaire, question);
      setNotes(state.questionnaire, question, { confirm: true });
    },
    /** 'Partir de las respuestas de…' on a campaign not sent (campaignsSaga.ts). */
    prefillRequested(state, action: PayloadAction<number>) {
      state.prefill = { status: 'loading', error: null, campaignId: action.payload, result: null };
    },
    prefillDone(state, action: PayloadAction<PrefillResponse>) {
      const { campaign: _campaign, ...result } = action.payload;
      Object.assign(state.prefill, { status: 'succeeded', result });
    },
    prefillFailed(state, action: PayloadAction<RequestError>) {
      Object.assign(state.prefill, { status: 'failed', error: action.payload });
    },
    /** 'Añadir enlace': a link as evidence behind one answer (answersSaga.ts sends it). */
    evidenceLinkRequested(state, action: PayloadAction<EvidenceLinkRequest>) {
      state.questionnaire.evidence[action.payload.question] = 'loading';
    },
    /** 'Adjuntar archivo': the file goes to the saga in the action; the store keeps its name only, and how much has gone. */
    evidenceUploadRequested: {
      reducer(state, action: PayloadAction<{ campaignId: number; question: number; fileName: string }>) {
        const { question, fileName } = action.payload;
        state.questionnaire.evidence[question] = 'loading';
        state.questionnaire.uploads[question] = { fileName, percent: 0 };
      },
      prepare: (request: { campaignId: number; question: number }, file: File) => ({ payload: { ...request, fileName: file.name }, meta: { file } }),
    },
    /** How much of the file being sent has gone (a whole percentage); heard after the upload ended, it changes nothing. */
    evidenceUploadProgressed(state, action: PayloadAction<{ question: number; percent: number }>) {
      const upload = state.questionnaire.uploads[action.payload.question];
      if (upload) upload.percent = action.payload.percent;
    },
    /** A file given as evidence, downloaded with the session's token. */
    evidenceDownloadRequested: (_state, _action: PayloadAction<{ campaignId: number; evidenceId: number; fileName: string }>) => undefined,
    /** Quitar: one item of evidence removed. */
    evidenceRemoveRequested(state, action: PayloadAction<{ campaignId: number; question: number; evidenceId: number }>) {
      state.questionnaire.evidence[action.payload.question] = 'loading';
    },
    /** An item of evidence the server took; `change` (the user's own) is the answer's last change. */
    evidenceAdded(state, action: PayloadAction<{ question: number; item: EvidenceItem; change: AnswerChange }>) {
      const { question, item, change } = action.payload;
      state.questionnaire.evidence[question] = 'succeeded';
      delete state.questionnaire.uploads[question];
      const sub = subindicatorOf(state.questionnaire.campaign, question);
      if (sub) Object.assign(sub, { evidence: [...sub.evidence, item], lastChange: change });
    },
    evidenceRemoved(state, action: PayloadAction<{ question: number; evidenceId: number; change: AnswerChange }>) {
      const { question, evidenceId, change } = action.payload;
      state.questionnaire.evidence[question] = 'succeeded';
      const sub = subindicatorOf(state.questionnaire.campaign, question);
      if (sub) Object.assign(sub, { evidence: sub.evidence.filter((e) => e.id !== evidenceId), lastChange: change });
    },
    evidenceFailed(state, action: PayloadAction<{ question: number }>) {
      state.questionnaire.evidence[action.payload.question] = 'failed';
      delete state.questionnaire.uploads[action.payload.question];
    },
    /** 'Enviar Encuesta': the confirmation dialog, naming the entity and the campaign, dispatches submitConfirmed. */
    submitAsked: (_state, _action: PayloadAction<{ id: number; entity: string; year: number }>) => undefined,
    submitConfirmed: (_state, _action: PayloadAction<number>) => undefined,
    submitted(state, action: PayloadAction<CampaignStateResponse>) {
      // A sent campaign's answers are final: a choice left unsaved can no longer be saved.
      state.questionnaire.drafts = {};
      state.questionnaire.notes = {};
      const campaign = state.questionnaire.campaign;
      const { status, reviewStatus, endDate } = action.payload.campaign;
      if (campaign) Object.assign(campaign, { status, reviewStatus, endDate });
    },
    entityOptionsRequested(state) {
      state.entityOptions.status = 'loading';
    },
    entityOptionsLoaded(state, action: PayloadAction<EntityOption[]>) {
      state.entityOptions = { status: 'succeeded', error: null, items: action.payload };
    },
    entityOptionsFailed(state, action: PayloadAction<RequestError>) {
      state.entityOptions = { status: 'failed', error: action.payload, items: [] };
    },
    createRequested(state, _action: PayloadAction<number>) {
      state.create = { status: 'loading', error: null };
    },
    created(state, _action: PayloadAction<{ id: number }>) {
      state.create = { status: 'succeeded', error: null };
    },
    createFailed(state, action: PayloadAction<RequestError>) {
      state.create = { status: 'failed', error: action.payload };
    },
    /** Asked from the status table; the confirmation dialog dispatches deleteConfirmed. */
    deleteAsked: (_state, _action: PayloadAction<{ id: number; entity: string; year: number }>) => undefined,
    deleteConfirmed: (_state, _action: PayloadAction<number>) => undefined,
    deleted(state, action: PayloadAction<number>) {
      state.statusPage.rows = state.statusPage.rows.filter((row) => row.campaignId !== action.payload);
    },
  },
  extraReducers: (builder) => builder.addMatcher(isSessionChange, () => initialCampaignsState),
});

export const campaignsActions = campaignsSlice.actions;

/**
 * Whether a status-page action may change the edition the page shows: the rows (re)loaded or failed, or a view change
 * that names an edition (one that only sorts or filters does not). What follows the shown edition (the map, the
 * cards) reloads on these.
 */
export const mayChangeShownEdition = (action: { type: string; payload?: unknown }) =>
  action.type !== campaignsActions.statusViewChanged.type || 'edition' in (action.payload as object);
export const campaignsReducer = campaignsSlice.reducer;
