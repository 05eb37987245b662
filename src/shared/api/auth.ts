import type { Role } from '../roles.js';

/** Body of POST /api/v1/auth/login. */
export interface LoginRequest {
  email: string;
  password: string;
  client_id: string;
  client_secret: string;
  redirect_uri: string;
  state: string;
  code_challenge: string;
  code_challenge_method: 'S256';
  response_type: 'code';
}

export interface LoginResponse {
  code: string;
  state: string;
}

/** RFC 6749 section 5.1 token response. */
export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
}

export interface EntityRef {
  id: number;
  name: string;
}

export interface CurrentUser {
  id: number;
  email: string;
  name: string;
  role: Role;
  entities: EntityRef[];
  /** Only for a shared link's viewer (role NO): the campaign the link reads. */
  sharedCampaignId?: number;
}

export interface MeResponse {
  user: CurrentUser;
}
