import { get, post } from './http.js';
import type { Objection, ObjectionRequest, ResolveObjectionRequest } from '../../shared/api/objections.js';

/** Objections to provisional results (docs/api.md, "Objections"); each takes the token first (see app/apiCall.ts). */
export const objectionsApi = {
  /** A campaign's objections, newest first. */
  list: (token: string | null, id: number) => get<Objection[]>('/campaigns/objections', token, { id }),
  /** The entity's objection to one answer's review. */
  object: (token: string | null, body: ObjectionRequest) => post<Objection>('/campaigns/objection', token, body),
  /** A reviewer's decision on an open objection. */
  resolve: (token: string | null, body: ResolveObjectionRequest) => post<Objection>('/campaigns/objection/resolve', token, body),
};

export type ObjectionsApi = typeof objectionsApi;
