/** Role names as the API speaks them, with the integers that user creation sends. */
export const ROLES = { NO: 0, USER: 1, ADMIN: 2, FEC: 3, DEVELOPERS: 4 } as const;

export type Role = keyof typeof ROLES;

export const ROLE_NAMES = Object.keys(ROLES) as Role[];

/** The role name for a stored integer, or undefined for an unknown one. */
export function roleFromNumber(n: number): Role | undefined {
  return ROLE_NAMES.find((name) => ROLES[name] === n);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLE_NAMES as string[]).includes(value);
}

/** Which roles each role may give to a user it creates (USER_CREATE_PERMISSIONS). */
export const USER_CREATE_PERMISSIONS: Readonly<Record<Role, readonly Role[]>> = {
  NO: [],
  USER: [],
  ADMIN: ['ADMIN', 'FEC', 'USER'],
  FEC: ['USER'],
  DEVELOPERS: [],
};

export function canCreateRole(creator: Role, target: Role): boolean {
  return USER_CREATE_PERMISSIONS[creator].includes(target);
}

/**
 * Whether an administrator may remove a user or regenerate its password: never its own account, and only
 * users of a role it could create (so FEC cannot take over an ADMIN account by regenerating its password).
 */
export function canManageUser(actor: { id: number; role: Role }, target: { id: number; role: Role }): boolean {
  return actor.id !== target.id && canCreateRole(actor.role, target.role);
}
