import type { Role } from './roles.js';

/** Actions the interface and the API gate on. */
export const ACTIONS = [
  'SELF_CAMPAIGNS',
  'ADMIN_CAMPAIGNS',
  'FEC_CAMPAIGNS',
  'USERS_MANAGE',
  'ENTITIES_MANAGE',
  'RESULTS_CAMPAIGNS',
  'AUTH',
  /** The activity log ('Registro de actividad'): ADMIN only. */
  'AUDIT_READ',
  'EDITIONS_VIEW',
  'EDITIONS_IMPORT',
  /** Editions written in the app: drafts, their operations, spreadsheets, publishing a draft as an edition. */
  'EDITIONS_WRITE',
  /** An edition's settings: which campaigns its means are made from. */
  'EDITIONS_SETTINGS',
  /** The review of sent campaigns ('Revisión'): marks, corrections asked, validation. */
  'CAMPAIGNS_REVIEW',
  /** The accessibility statement's contents and the complaints filed from it: ADMIN only. */
  'ACCESSIBILITY_MANAGE',
] as const;

export type Action = (typeof ACTIONS)[number];

/** The rules table: every action each role may perform. A role missing here is denied everything. */
export const PERMISSION_RULES: Readonly<Partial<Record<Role, readonly Action[]>>> = {
  USER: ['SELF_CAMPAIGNS', 'RESULTS_CAMPAIGNS', 'AUTH'],
  ADMIN: [
    'ADMIN_CAMPAIGNS',
    'USERS_MANAGE',
    'ENTITIES_MANAGE',
    'RESULTS_CAMPAIGNS',
    'AUTH',
    'EDITIONS_VIEW',
    'EDITIONS_IMPORT',
    'EDITIONS_WRITE',
    'EDITIONS_SETTINGS',
    'AUDIT_READ',
    'CAMPAIGNS_REVIEW',
    'ACCESSIBILITY_MANAGE',
  ],
  FEC: ['FEC_CAMPAIGNS', 'USERS_MANAGE', 'ENTITIES_MANAGE', 'RESULTS_CAMPAIGNS', 'AUTH', 'EDITIONS_VIEW', 'EDITIONS_WRITE', 'CAMPAIGNS_REVIEW'],
  NO: [],
  DEVELOPERS: [],
};

/** Why a permission check was denied; `unknownRole` lets callers log the misconfiguration. */
export type PermissionDecision = { allowed: true } | { allowed: false; unknownRole: boolean };

export function decide(role: string | null | undefined, action: Action): PermissionDecision {
  const allowed = role ? PERMISSION_RULES[role as Role] : undefined;
  if (!allowed) return { allowed: false, unknownRole: true };
  return allowed.includes(action) ? { allowed: true } : { allowed: false, unknownRole: false };
}

/** True when the role may perform the action. */
export function can(role: string | null | undefined, action: Action): boolean {
  return decide(role, action).allowed;
}
