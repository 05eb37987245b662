import type { EDITION_FINAL } from '../../shared/api/objections.js';
import type { RequestError } from './remote.js';

// Spelled here (typed against the API's) so that the client needs no schema code.
const editionFinal: typeof EDITION_FINAL = 'EDITION_FINAL';

/** The code of a refused call: its data when the data is the code ('NOTHING_FLAGGED'), else the data's `code`. */
export function refusalCode(error: RequestError): string | undefined {
  const data = error.data as { code?: unknown } | string | null | undefined;
  if (typeof data === 'string') return data;
  return typeof data?.code === 'string' ? data.code : undefined;
}

/** A change refused because its edition's results are final (409 EDITION_FINAL): nothing of that edition changes any more. */
export const isEditionFinal = (error: RequestError | null): boolean => error?.type === 'CONFLICT' && refusalCode(error) === editionFinal;

/** What every such refusal says, whichever call met it: 'La edición tiene resultados definitivos: ya no admite cambios.' */
export const EDITION_FINAL_MESSAGE = 'EDITIONS.FINAL.REFUSED';
