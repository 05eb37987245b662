import { get, post } from './http.js';
import type { EntityPublication } from '../../shared/api/publication.js';

/** An entity's choice to make its own figures of final editions public (docs/api.md, "Publication"). */
export const publicationApi = {
  /** Whether the entity's figures are public, and who changed that when. */
  state: (token: string | null, id: number) => get<EntityPublication>('/entities/publication/state', token, { id }),
  /** Makes them public, or private again. */
  set: (token: string | null, id: number, publish: boolean) => post<EntityPublication>('/entities/publication', token, { id, publish }),
};

export type PublicationApi = typeof publicationApi;
