import { get, post } from './http.js';
import type {
  CreateEntityRequest,
  CreateEntityResponse,
  CreateUserRequest,
  CreateUserResponse,
  EntityRow,
  RegeneratePasswordResponse,
  RemoveEntityRequest,
  UpdateEntityRequest,
  UpdateUserRequest,
  UserRow,
} from '../../shared/api/admin.js';
import type { Municipality, Province } from '../../shared/api/reference.js';

/** The user calls of docs/api.md; each takes the access token first (see app/apiCall.ts). */
export const usersApi = {
  list: (token: string | null) => get<UserRow[]>('/users/list', token),
  create: (token: string | null, user: CreateUserRequest) => post<CreateUserResponse>('/users/create', token, user),
  update: (token: string | null, user: UpdateUserRequest) => post<{ success: true }>('/users/update', token, user),
  remove: (token: string | null, id: number) => post<{ success: true }>('/users/remove', token, { id }),
  /** Erases a user's personal data (ADMIN): the account goes, a pseudonym replaces its e-mail everywhere. */
  erase: (token: string | null, id: number) => post<{ success: true; pseudonym: string }>('/users/erase', token, { id }),
  regeneratePassword: (token: string | null, id: number) => post<RegeneratePasswordResponse>('/users/regeneratePassword', token, { id }),
};

/** The entity calls, and the geography the entity form needs. */
export const entitiesApi = {
  list: (token: string | null) => get<EntityRow[]>('/entities/list', token),
  create: (token: string | null, request: CreateEntityRequest) => post<CreateEntityResponse>('/entities/create', token, request),
  update: (token: string | null, request: UpdateEntityRequest) => post<CreateEntityResponse>('/entities/update', token, request),
  archive: (token: string | null, id: number) => post<{ success: true }>('/entities/archive', token, { id }),
  restore: (token: string | null, id: number) => post<{ success: true }>('/entities/restore', token, { id }),
  /** With confirmName (the entity's exact name typed) when it has sent campaigns. */
  remove: (token: string | null, request: RemoveEntityRequest) => post<{ success: true }>('/entities/remove', token, request),
  municipalities: (token: string | null) => get<Municipality[]>('/communities/allMunicipalities', token),
  provinces: (token: string | null) => get<Province[]>('/communities/allProvinces', token),
};

export type UsersApi = typeof usersApi;
export type EntitiesApi = typeof entitiesApi;
