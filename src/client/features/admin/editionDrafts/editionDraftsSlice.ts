import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { IDLE, remoteReducers, type Remote, type RequestError } from '../../../lib/remote.js';
import { isSessionChange } from '../../auth/authSlice.js';
import type { CreateDraftBody, DeleteDraftBody, EditionDraft, SheetProblem, TreeOperation } from '../../../../shared/api/editions.js';
import type { TranslationLanguage } from '../../../../shared/editionTexts.js';

/** A draft as the editions page lists it. */
export interface DraftListItem {
  campaignNumber: number;
  version: number;
  updatedAt: string;
}

/**
 * Editions written in the app: the drafts, the one open in the editor and its changes, each saved as it is made
 * (editionDraftsSaga.ts sends them one after another, each on the version the last one gave). The spreadsheet chosen
 * to upload stays with the saga, as a File is not state.
 */
export interface EditionDraftsState {
  list: Remote<{ items: DraftListItem[] }>;
  /** 'Nueva edición a partir de …'. */
  creating: Remote;
  /** The draft open in the editor. */
  draft: Remote<{ data: EditionDraft | null }>;
  /** Changes sent and not answered yet. */
  pending: number;
  /** The last change was made on a version someone else had changed: the editor shows theirs. */
  conflict: boolean;
  /** The last change the server refused (other than a conflict). */
  changeError: RequestError | null;
  /** The language whose translations the editor shows beside each text (null: none). */
  translating: TranslationLanguage | null;
  publishing: Remote;
  /** 'Eliminar borrador'. */
  discarding: Remote;
  /** 'Subir Excel': the call, and the problems of a refused file at their sheet, row and column. */
  upload: Remote<{ problems: SheetProblem[] }>;
}

const initialState: EditionDraftsState = {
  list: { ...IDLE, items: [] },
  creating: { ...IDLE },
  draft: { ...IDLE, data: null },
  pending: 0,
  conflict: false,
  changeError: null,
  translating: null,
  publishing: { ...IDLE },
  discarding: { ...IDLE },
  upload: { ...IDLE, problems: [] },
};

/** The list of drafts: one call fills it; a failure leaves it empty. */
const list = remoteReducers(
  (state: EditionDraftsState) => state.list,
  (items: DraftListItem[]) => ({ items }),
  { items: [] },
);

const editionDraftsSlice = createSlice({
  name: 'editionDrafts',
  initialState,
  reducers: {
    listRequested: list.requested,
    listLoaded: list.loaded,
    listFailed: list.failed,
    createRequested(state, _action: PayloadAction<CreateDraftBody>) {
      state.creating = { status: 'loading', error: null };
    },
    createFailed(state, action: PayloadAction<RequestError>) {
      state.creating = { status: 'failed', error: action.payload };
    },
    /** The editor opened on a year: its draft is read. */
    opened(state, _action: PayloadAction<number>) {
      state.draft = { status: 'loading', error: null, data: null };
      state.conflict = false;
      state.changeError = null;
      state.publishing = { ...IDLE };
      state.discarding = { ...IDLE };
    },
    /** A draft as the server has it now (read, made, or changed). */
    loaded(state, action: PayloadAction<EditionDraft>) {
      state.draft = { status: 'succeeded', error: null, data: action.payload };
      state.creating = { ...IDLE };
      state.upload = { ...IDLE, problems: [] };
    },
    loadFailed(state, action: PayloadAction<RequestError>) {
      state.draft = { status: 'failed', error: action.payload, data: null };
    },
    /** A change made in the editor, sent by the saga in turn. */
    changed(state, _action: PayloadAction<TreeOperation[]>) {
      state.pending += 1;
      state.conflict = false;
      state.changeError = null;
    },
    saved(state, action: PayloadAction<EditionDraft>) {
      state.pending = Math.max(0, state.pending - 1);
      state.draft.data = action.payload;
    },
    /** Someone else changed the draft first: theirs is shown, and the change is not made. */
    conflicted(state, action: PayloadAction<EditionDraft>) {
      state.pending = Math.max(0, state.pending - 1);
      state.draft.data = action.payload;
      state.conflict = true;
    },
    changeFailed(state, action: PayloadAction<RequestError>) {
      state.pending = Math.max(0, state.pending - 1);
      state.changeError = action.payload;
    },
    translatingChosen(state, action: PayloadAction<TranslationLanguage | null>) {
      state.translating = action.payload;
    },
    publishRequested(state, _action: PayloadAction<number>) {
      state.publishing = { status: 'loading', error: null };
    },
    published(state) {
      state.publishing = { status: 'succeeded', error: null };
      state.draft = { ...IDLE, data: null };
    },
    publishFailed(state, action: PayloadAction<RequestError>) {
      state.publishing = { status: 'failed', error: action.payload };
    },
    discardRequested(state, _action: PayloadAction<DeleteDraftBody>) {
      state.discarding = { status: 'loading', error: null };
    },
    discarded(state) {
      state.discarding = { status: 'succeeded', error: null };
      state.draft = { ...IDLE, data: null };
    },
    /** Refused; when someone else changed the draft since it was read, theirs is shown, and it is kept. */
    discardFailed(state, action: PayloadAction<{ error: RequestError; current?: EditionDraft }>) {
      state.discarding = { status: 'failed', error: action.payload.error };
      if (action.payload.current) {
        state.draft.data = action.payload.current;
        state.conflict = true;
      }
    },
    /** 'Subir Excel': the file goes to the saga in the action's meta. */
    spreadsheetChosen: {
      reducer(state, _action: PayloadAction<{ campaignNumber: number }>) {
        state.upload = { status: 'loading', error: null, problems: [] };
      },
      prepare: (campaignNumber: number, file: File) => ({ payload: { campaignNumber }, meta: { file } }),
    },
    uploadFailed(state, action: PayloadAction<{ error: RequestError; problems: SheetProblem[] }>) {
      state.upload = { status: 'failed', error: action.payload.error, problems: action.payload.problems };
    },
  },
  extraReducers: (builder) => builder.addMatcher(isSessionChange, () => initialState),
});

export const editionDraftsActions = editionDraftsSlice.actions;
export const editionDraftsReducer = editionDraftsSlice.reducer;
