import { get, getFile, http, post } from './http.js';
import type { EditionPreview, EditionRow, EditionSettingsBody, ImportedEdition } from '../../shared/api/editions.js';
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
};

export type EditionsApi = typeof editionsApi;
