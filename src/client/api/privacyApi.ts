import { get, http, post, type Fetch } from './http.js';
import type { PersonalData } from '../../shared/api/auth.js';

/** The privacy page's calls: what this server keeps and for how long, and a user's own data (docs/api.md). */
export const privacyApi = {
  /** How many days the activity log and sign-ins are kept (LOG_RETENTION_DAYS); no session needed. */
  async retentionDays(fetchImpl?: Fetch): Promise<number> {
    return (await http<{ logRetentionDays: number }>({ path: '/v1/auth/privacy' }, fetchImpl)).logRetentionDays;
  },
  /** Everything the database holds of the signed-in user ('Descargar mis datos'). */
  exportMine: (token: string | null) => get<PersonalData>('/auth/me/export', token),
  /** Asks for the signed-in user's data to be erased; answers when the request was filed. */
  requestErasure: (token: string | null, reason: string) =>
    post<{ requestedAt: string }>('/auth/me/erasure', token, reason.trim() ? { reason: reason.trim() } : {}),
};

export type PrivacyApi = typeof privacyApi;
