import { can, decide, PERMISSION_RULES } from '../../src/shared/permissions.js';
import { canCreateRole, roleFromNumber, ROLES } from '../../src/shared/roles.js';

describe('roles and permissions', () => {
  it('maps the role integers of the contract', () => {
    expect(ROLES).toEqual({ NO: 0, USER: 1, ADMIN: 2, FEC: 3, DEVELOPERS: 4 });
    expect(roleFromNumber(3)).toBe('FEC');
    expect(roleFromNumber(9)).toBeUndefined();
  });

  it('gives each role its screens', () => {
    expect(can('USER', 'SELF_CAMPAIGNS')).toBe(true);
    expect(can('USER', 'USERS_MANAGE')).toBe(false);
    expect(can('ADMIN', 'ADMIN_CAMPAIGNS')).toBe(true);
    expect(can('FEC', 'FEC_CAMPAIGNS')).toBe(true);
    expect(can('FEC', 'ADMIN_CAMPAIGNS')).toBe(false);
    for (const role of ['USER', 'ADMIN', 'FEC']) expect(can(role, 'RESULTS_CAMPAIGNS')).toBe(true);
    expect(PERMISSION_RULES.NO).toEqual([]);
  });

  it('denies an unknown role and says so', () => {
    expect(decide('MARTIAN', 'AUTH')).toEqual({ allowed: false, unknownRole: true });
    expect(decide(undefined, 'AUTH')).toEqual({ allowed: false, unknownRole: true });
    expect(decide('USER', 'ENTITIES_MANAGE')).toEqual({ allowed: false, unknownRole: false });
  });

  it('lets ADMIN create every role but DEVELOPERS, FEC only users, and nobody else anyone', () => {
    expect(['ADMIN', 'FEC', 'USER'].every((r) => canCreateRole('ADMIN', r as 'USER'))).toBe(true);
    expect(canCreateRole('FEC', 'USER')).toBe(true);
    expect(canCreateRole('FEC', 'ADMIN')).toBe(false);
    expect(canCreateRole('USER', 'USER')).toBe(false);
  });
});
