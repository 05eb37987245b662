import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { IDLE, remoteReducers, type Remote, type RequestError } from '../../../lib/remote.js';
import { isSessionChange } from '../../auth/authSlice.js';
import type { EditionPreview, EditionRow, EditionSettingsBody, ImportedEdition } from '../../../../shared/api/editions.js';
import type { EditionPublication, PublishFinalRequest, PublishProvisionalRequest } from '../../../../shared/api/objections.js';
import { isEditionFinal } from '../../../lib/refusals.js';
import type { SealRequest, SealThreshold, SealThresholds } from '../../../../shared/api/publication.js';

/**
 * The editions page: the list, and the two steps of adding one (a file checked and previewed, then imported).
 * The chosen file itself stays with the saga (editionsSaga.ts): a File is not state; the name is enough here.
 */
export interface EditionsState {
  list: Remote<{ items: EditionRow[] }>;
  fileName: string | null;
  preview: Remote<{ data: EditionPreview | null }>;
  import: Remote;
  /** 'Publicar resultados provisionales': the edition whose dialog is open (null: none), and its call. */
  publishing: Remote<{ year: number | null }>;
  /** 'Publicar resultados definitivos': the edition whose dialog is open (null: none), and its call (a refusal's error says what is still open). */
  publishingFinal: Remote<{ year: number | null }>;
  /** 'Umbrales del sello': the edition whose dialog is open (null: none) and its thresholds as read; their save. */
  seal: Remote<{ year: number | null; thresholds: SealThreshold[] | null }>;
  sealSaving: Remote;
  /** 'Descargar en Excel': the edition whose spreadsheet is being read (null: none). */
  downloading: number | null;
}

const initialState: EditionsState = {
  list: { ...IDLE, items: [] },
  fileName: null,
  preview: { ...IDLE, data: null },
  import: { ...IDLE },
  publishing: { ...IDLE, year: null },
  publishingFinal: { ...IDLE, year: null },
  seal: { ...IDLE, year: null, thresholds: null },
  sealSaving: { ...IDLE },
  downloading: null,
};

/** An edition's publication as the server answered it, on its row. */
function applyPublication(items: EditionRow[], { campaignNumber, ...publication }: EditionPublication) {
  for (const e of items) if (e.year === campaignNumber) e.publication = publication;
}

/** The seal thresholds' dialog closed: nothing of it kept. */
function closeSeal(state: EditionsState) {
  state.seal = { ...IDLE, year: null, thresholds: null };
  state.sealSaving = { ...IDLE };
}

/** The list of editions: one call fills it. */
const list = remoteReducers(
  (state: EditionsState) => state.list,
  (items: EditionRow[]) => ({ items }),
);

const editionsSlice = createSlice({
  name: 'editions',
  initialState,
  reducers: {
    listRequested: list.requested,
    spreadsheetRequested(state, action: PayloadAction<number>) {
      state.downloading = action.payload;
    },
    spreadsheetFinished(state) {
      state.downloading = null;
    },
    listLoaded: list.loaded,
    listFailed: list.failed,
    /** The means' rule of an edition as the server changed it (editions/settings): its row replaced. */
    editionSaved(state, action: PayloadAction<EditionRow>) {
      state.list.items = state.list.items.map((e) => (e.id === action.payload.id ? action.payload : e));
    },
    /** 'Cambiar' beside an edition's means: a confirmation spelling out what the other rule changes dispatches meansFromRequested. */
    meansFromAsked: (_state, _action: PayloadAction<EditionRow>) => undefined,
    meansFromRequested: (_state, _action: PayloadAction<EditionSettingsBody>) => undefined,
    /** The dialog that publishes an edition's provisional results with the last day to object (again: moves that day). */
    publishOpened(state, action: PayloadAction<number>) {
      state.publishing = { ...IDLE, year: action.payload };
    },
    publishClosed(state) {
      state.publishing = { ...IDLE, year: null };
    },
    publishRequested(state, _action: PayloadAction<PublishProvisionalRequest>) {
      state.publishing.status = 'loading';
      state.publishing.error = null;
    },
    /** Published: the edition's row says so, and the dialog closes. */
    published(state, action: PayloadAction<EditionPublication>) {
      applyPublication(state.list.items, action.payload);
      state.publishing = { ...IDLE, year: null };
    },
    publishFailed(state, action: PayloadAction<RequestError>) {
      state.publishing.status = 'failed';
      state.publishing.error = action.payload;
    },
    /** The seal thresholds' dialog of an edition: opened, its thresholds read. */
    sealOpened(state, action: PayloadAction<number>) {
      state.seal = { status: 'loading', error: null, year: action.payload, thresholds: null };
      state.sealSaving = { ...IDLE };
    },
    sealLoaded(state, action: PayloadAction<SealThresholds>) {
      if (state.seal.year === action.payload.campaignNumber)
        state.seal = { status: 'succeeded', error: null, year: state.seal.year, thresholds: action.payload.thresholds };
    },
    sealLoadFailed(state, action: PayloadAction<RequestError>) {
      state.seal.status = 'failed';
      state.seal.error = action.payload;
    },
    sealClosed: closeSeal,
    sealSaveRequested(state, _action: PayloadAction<SealRequest>) {
      state.sealSaving = { status: 'loading', error: null };
    },
    /** Saved: the dialog closes. */
    sealSaved: closeSeal,
    sealSaveFailed(state, action: PayloadAction<RequestError>) {
      state.sealSaving = { status: 'failed', error: action.payload };
    },
    /** The dialog that publishes an edition's results as final, saying what freezes. */
    finalPublishOpened(state, action: PayloadAction<number>) {
      state.publishingFinal = { ...IDLE, year: action.payload };
    },
    finalPublishClosed(state) {
      state.publishingFinal = { ...IDLE, year: null };
    },
    finalPublishRequested(state, _action: PayloadAction<PublishFinalRequest>) {
      state.publishingFinal.status = 'loading';
      state.publishingFinal.error = null;
    },
    /** Final: the edition's row says since when, and the dialog closes. */
    finalPublished(state, action: PayloadAction<EditionPublication>) {
      applyPublication(state.list.items, action.payload);
      state.publishingFinal = { ...IDLE, year: null };
    },
    /** Refused: the dialog stays open with what is still open (FINAL_BLOCKED); final already, it closes (the list is read again). */
    finalPublishFailed(state, action: PayloadAction<RequestError>) {
      state.publishingFinal = isEditionFinal(action.payload)
        ? { ...IDLE, year: null }
        : { status: 'failed', error: action.payload, year: state.publishingFinal.year };
    },
    /** The file goes to the saga in the action; the store keeps its name only. */
    fileChosen: {
      reducer(state, action: PayloadAction<{ name: string }>) {
        state.fileName = action.payload.name;
        state.preview = { status: 'loading', error: null, data: null };
        state.import = { ...IDLE };
      },
      prepare: (file: File) => ({ payload: { name: file.name }, meta: { file } }),
    },
    previewLoaded(state, action: PayloadAction<EditionPreview>) {
      state.preview = { status: 'succeeded', error: null, data: action.payload };
    },
    previewFailed(state, action: PayloadAction<RequestError>) {
      state.preview = { status: 'failed', error: action.payload, data: null };
    },
    /** 'Importar edición': a confirmation saying what the import changes dispatches importRequested. */
    importAsked: (_state, _action: PayloadAction<{ year: number }>) => undefined,
    importRequested(state) {
      state.import = { status: 'loading', error: null };
    },
    imported(state, _action: PayloadAction<ImportedEdition>) {
      state.import = { status: 'succeeded', error: null };
      state.fileName = null;
      state.preview = { ...IDLE, data: null };
    },
    importFailed(state, action: PayloadAction<RequestError>) {
      state.import = { status: 'failed', error: action.payload };
    },
    uploadCancelled(state) {
      state.fileName = null;
      state.preview = { ...IDLE, data: null };
      state.import = { ...IDLE };
    },
  },
  // Another session sees nothing of this one's list or file.
  extraReducers: (builder) => builder.addMatcher(isSessionChange, () => initialState),
});

export const editionsActions = editionsSlice.actions;
export const editionsReducer = editionsSlice.reducer;
