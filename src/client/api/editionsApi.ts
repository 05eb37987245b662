import { get, getFile, http, post } from './http.js';
import type {
  CreateDraftBody,
  DeleteDraftBody,
  EditionDraft,
  EditionPreview,
  EditionRow,
  EditionSettingsBody,
  ImportedEdition,
  UpdateDraftBody,
} from '../../shared/api/editions.js';
import type { EditionPublication, PublishFinalRequest, PublishProvisionalRequest } from '../../shared/api/objections.js';

/** A catalogue file as the edition calls take it: multipart/form-data, one part named `file`. */
function fileForm(file: Blob): FormData {
  const form = new FormData();
  form.append('file', file, file instanceof File ? file.name : 'edicion.json');
  return form;
}

/** The editions calls; each takes the access token first (see app/apiCall.ts). */
export const editionsApi = {
  list: (token: string | null) => get<EditionRow[]>('/editions/list', token),
  settings: (token: string | null, body: EditionSettingsBody) => post<EditionRow>('/editions/settings', token, body),
  /** Publishes the edition's provisional results with the last day entities may object. */
  publishProvisional: (token: string | null, body: PublishProvisionalRequest) => post<EditionPublication>('/editions/publishProvisional', token, body),
  /** Publishes the edition's results as final: from then on nothing of the edition changes (409 FINAL_BLOCKED says what is still open). */
  publishFinal: (token: string | null, body: PublishFinalRequest) => post<EditionPublication>('/editions/publishFinal', token, body),
  preview: (token: string | null, file: Blob) =>
    http<EditionPreview>({ method: 'POST', path: '/v1/editions/preview', secure: true, token, body: fileForm(file) }),
  import: (token: string | null, file: Blob) =>
    http<ImportedEdition>({ method: 'POST', path: '/v1/editions/import', secure: true, token, body: fileForm(file) }),
  /** An edition as .xlsx, one row per response (the server names it edicion-<year>.xlsx). */
  spreadsheet: (token: string | null, campaignNumber: number) => getFile('/editions/spreadsheet', token, { campaignNumber }, `edicion-${campaignNumber}.xlsx`),
  /** The drafts being written, newest year first. */
  drafts: (token: string | null) => get<{ campaignNumber: number; version: number; updatedAt: string }[]>('/editions/drafts', token),
  draft: (token: string | null, campaignNumber: number) => get<EditionDraft>('/editions/draft', token, { campaignNumber }),
  createDraft: (token: string | null, body: CreateDraftBody) => post<EditionDraft>('/editions/draft/create', token, body),
  /** Changes a draft on the version it was read at (409 CONFLICT with the draft as it is now in the error's data). */
  updateDraft: (token: string | null, body: UpdateDraftBody) => post<EditionDraft>('/editions/draft/update', token, body),
  publishDraft: (token: string | null, campaignNumber: number) => post<ImportedEdition>('/editions/publish', token, { campaignNumber }),
  /** Throws a draft away as it was read (409 CONFLICT with the draft as it is now when it changed since). */
  deleteDraft: (token: string | null, body: DeleteDraftBody) => post<{ campaignNumber: number }>('/editions/draft/delete', token, body),
  /** A draft of that year made from an .xlsx (422 with data.problems at their sheet, row and column). */
  uploadSpreadsheet: (token: string | null, campaignNumber: number, file: Blob) => {
    const form = new FormData();
    form.append('campaignNumber', String(campaignNumber));
    form.append('file', file, file instanceof File ? file.name : 'edicion.xlsx');
    return http<EditionDraft>({ method: 'POST', path: '/v1/editions/spreadsheet', secure: true, token, body: form });
  },
};

export type EditionsApi = typeof editionsApi;
