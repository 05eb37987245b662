/** User and entity administration payloads of api-contract.md (ADMIN and FEC only). */
import type { EntityRef } from './auth.js';
import type { CampaignStatus } from './campaigns.js';
import type { Role } from '../roles.js';

/** One row of GET users/list: the role by name, as auth/me gives it. */
export interface UserRow {
  id: number;
  email: string;
  name: string;
  role: Role;
  entities: EntityRef[];
}

/** POST users/create: role as its integer (ROLES); entities are entity ids. */
export interface CreateUserRequest {
  email: string;
  role: number;
  name: string;
  entities: number[];
}

/** The generated password is in this answer only; the server keeps its hash. */
export interface CreateUserResponse {
  user: { id: number; email: string };
  generatedPassword: string;
}

export interface RegeneratePasswordResponse {
  email: string;
  password: string;
}

/** One row of GET entities/list; province and autonomousCommunity are names. */
export interface EntityRow {
  id: number;
  name: string;
  population: number;
  municipalities: { munId: string; name: string }[];
  province: string;
  autonomousCommunity: string;
  campaigns: { id: number; text: string; status: CampaignStatus }[];
}

/** POST entities/create; municipalities are INE codes of one province. */
export interface CreateEntityRequest {
  entity: { name: string; population: number };
  municipalities: string[];
}

export interface CreateEntityResponse {
  entity: EntityRow;
}
