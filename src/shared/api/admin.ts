import { Type, type Static } from 'typebox';
import { apiCall, Id, Line, Name, NoQuery, OptionalName, Strict, Success } from './schema.js';
import { Email, EntityRef, RoleName } from './auth.js';
import { CampaignStatus } from './campaigns.js';
import { ROLES } from '../roles.js';
import { ENTITY_NAME_MAX_LENGTH, MUNICIPALITIES_PER_ENTITY_MAX, POPULATION_MAX, USER_ENTITIES_MAX, USER_NAME_MAX_LENGTH } from '../constants.js';

/** User and entity administration payloads and calls of docs/api.md (ADMIN and FEC only). */

/** One row of GET users/list: the role by name, as auth/me gives it. */
export const UserRow = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  name: Type.String(),
  role: RoleName,
  entities: Type.Array(EntityRef),
  /** When the user asked for their data to be erased (auth/me/erasure), while the request waits. */
  erasureRequestedAt: Type.Optional(Type.String({ format: 'date-time' })),
});
export type UserRow = Static<typeof UserRow>;

/** POST users/create: the role as its integer (ROLES); entities are entity ids (at least one for a USER). */
export const CreateUserRequest = Strict({
  email: Email,
  role: Type.Integer({ enum: Object.values(ROLES), description: 'NO=0, USER=1, ADMIN=2, FEC=3, DEVELOPERS=4' }),
  name: OptionalName(USER_NAME_MAX_LENGTH),
  entities: Type.Array(Id, { maxItems: USER_ENTITIES_MAX }),
});
export type CreateUserRequest = Static<typeof CreateUserRequest>;

/** POST users/update: the user's e-mail, role (an integer, as in creation) and entities; the same rules as creation. */
export const UpdateUserRequest = Strict({
  id: Id,
  email: Email,
  role: Type.Integer({ enum: Object.values(ROLES), description: 'NO=0, USER=1, ADMIN=2, FEC=3, DEVELOPERS=4' }),
  entities: Type.Array(Id, { maxItems: USER_ENTITIES_MAX }),
});
export type UpdateUserRequest = Static<typeof UpdateUserRequest>;

/** The generated password is in this answer only; the server keeps its hash. */
export const CreateUserResponse = Type.Object({ user: Type.Object({ id: Type.Integer(), email: Type.String() }), generatedPassword: Type.String() });
export type CreateUserResponse = Static<typeof CreateUserResponse>;

export const RegeneratePasswordResponse = Type.Object({ email: Type.String(), password: Type.String() });
export type RegeneratePasswordResponse = Static<typeof RegeneratePasswordResponse>;

/** One row of GET entities/list; province and autonomousCommunity are names. */
export const EntityRow = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  population: Type.Integer(),
  municipalities: Type.Array(Type.Object({ munId: Type.String(), name: Type.String() })),
  province: Type.String(),
  autonomousCommunity: Type.String(),
  campaigns: Type.Array(Type.Object({ id: Type.Integer(), text: Type.String(), campaignNumber: Type.Integer(), status: CampaignStatus })),
  /** Archived (entities/archive): kept with its history, hidden from lists and pickers until restored. */
  archived: Type.Boolean(),
});
export type EntityRow = Static<typeof EntityRow>;

/** POST entities/create; municipalities are INE codes of one province. */
export const CreateEntityRequest = Strict({
  entity: Strict({ name: Name(ENTITY_NAME_MAX_LENGTH), population: Type.Integer({ minimum: 1, maximum: POPULATION_MAX }) }),
  municipalities: Type.Array(Type.String({ pattern: '^[0-9]{5}$' }), { minItems: 1, maxItems: MUNICIPALITIES_PER_ENTITY_MAX }),
});
export type CreateEntityRequest = Static<typeof CreateEntityRequest>;

/** POST entities/update: the entity's name, population and municipalities (one province), as in creation. */
export const UpdateEntityRequest = Strict({
  id: Id,
  entity: Strict({ name: Name(ENTITY_NAME_MAX_LENGTH), population: Type.Integer({ minimum: 1, maximum: POPULATION_MAX }) }),
  municipalities: Type.Array(Type.String({ pattern: '^[0-9]{5}$' }), { minItems: 1, maxItems: MUNICIPALITIES_PER_ENTITY_MAX }),
});
export type UpdateEntityRequest = Static<typeof UpdateEntityRequest>;

/**
 * POST entities/remove: an entity with sent campaigns is removed only when `confirmName` is its exact name (409
 * CONFLICT with data HAS_SENT_CAMPAIGNS without it; 422 when it differs); otherwise it is archived instead.
 */
export const RemoveEntityRequest = Strict({ id: Id, confirmName: Type.Optional(Line(ENTITY_NAME_MAX_LENGTH)) });
export type RemoveEntityRequest = Static<typeof RemoveEntityRequest>;

export const CreateEntityResponse = Type.Object({ entity: EntityRow });
export type CreateEntityResponse = Static<typeof CreateEntityResponse>;

/** The body of the calls that act on one user or entity. */
const IdBody = Strict({ id: Id });

/** The user and entity calls, under /api/secure/v1 (ADMIN and FEC; anyone else 403). */
export const adminCalls = {
  listUsers: apiCall({
    method: 'GET',
    url: '/users/list',
    access: 'user',
    querystring: NoQuery,
    response: Type.Array(UserRow),
    summary: 'Every user with its role and entities',
  }),
  createUser: apiCall({
    method: 'POST',
    url: '/users/create',
    access: 'user',
    querystring: NoQuery,
    body: CreateUserRequest,
    response: CreateUserResponse,
    summary: 'Creates a user of a role the caller may give, with a generated password shown once',
  }),
  removeUser: apiCall({
    method: 'POST',
    url: '/users/remove',
    access: 'user',
    querystring: NoQuery,
    body: IdBody,
    response: Success,
    summary: 'Removes a user and ends its sessions',
  }),
  eraseUser: apiCall({
    method: 'POST',
    url: '/users/erase',
    access: 'user',
    querystring: NoQuery,
    body: IdBody,
    response: Type.Object({ success: Type.Literal(true), pseudonym: Type.String() }),
    summary: "Erases a user's personal data (ADMIN): removes the account and puts a pseudonym in place of its e-mail everywhere",
    description:
      'The activity log, answer history, review marks, objections and receipts keep their rows with `usuario-eliminado-<id>` ' +
      "instead of the address; the campaigns' answers are the entity's and stay, so no figure changes. Not one's own account (403).",
  }),
  regeneratePassword: apiCall({
    method: 'POST',
    url: '/users/regeneratePassword',
    access: 'user',
    querystring: NoQuery,
    body: IdBody,
    response: RegeneratePasswordResponse,
    summary: 'Gives a user a new generated password (shown once) and ends its sessions',
  }),
  updateUser: apiCall({
    method: 'POST',
    url: '/users/update',
    access: 'user',
    querystring: NoQuery,
    body: UpdateUserRequest,
    response: Success,
    summary: "Changes a user's e-mail, role and entities, with the rules of creation (403 for one's own account; 409 EMAIL_EXISTS)",
  }),
  listEntities: apiCall({
    method: 'GET',
    url: '/entities/list',
    access: 'user',
    querystring: NoQuery,
    response: Type.Array(EntityRow),
    summary: 'Every entity, archived ones included (marked), with its municipalities and campaigns',
  }),
  createEntity: apiCall({
    method: 'POST',
    url: '/entities/create',
    access: 'user',
    querystring: NoQuery,
    body: CreateEntityRequest,
    response: CreateEntityResponse,
    summary: 'Creates an entity of one province (422 MULTIPLE_PROVINCES, ALREADY_EXISTS)',
  }),
  updateEntity: apiCall({
    method: 'POST',
    url: '/entities/update',
    access: 'user',
    querystring: NoQuery,
    body: UpdateEntityRequest,
    response: CreateEntityResponse,
    summary: "Changes an entity's name, population and municipalities; its territorial sums move with it (422 MULTIPLE_PROVINCES, ALREADY_EXISTS)",
  }),
  archiveEntity: apiCall({
    method: 'POST',
    url: '/entities/archive',
    access: 'user',
    querystring: NoQuery,
    body: IdBody,
    response: Success,
    summary: 'Archives an entity: kept with its campaigns, which still count in every report, and hidden from lists',
  }),
  restoreEntity: apiCall({
    method: 'POST',
    url: '/entities/restore',
    access: 'user',
    querystring: NoQuery,
    body: IdBody,
    response: Success,
    summary: 'Brings an archived entity back to the lists',
  }),
  removeEntity: apiCall({
    method: 'POST',
    url: '/entities/remove',
    access: 'user',
    querystring: NoQuery,
    body: RemoveEntityRequest,
    response: Success,
    summary: 'Removes an entity and, irreversibly, its campaigns (409 HAS_SENT_CAMPAIGNS unless confirmName is its name)',
  }),
};
