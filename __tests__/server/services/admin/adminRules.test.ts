import { canManageUser } from '../../../../src/shared/roles.js';
import { singleProvince } from '../../../../src/server/services/admin/entities.js';
import { AppError } from '../../../../src/server/errors.js';

describe('administration rules', () => {
  it('lets an administrator manage the roles it may create, never its own account', () => {
    const admin = { id: 1, role: 'ADMIN' as const };
    const fec = { id: 2, role: 'FEC' as const };
    expect(canManageUser(admin, { id: 3, role: 'ADMIN' })).toBe(true);
    expect(canManageUser(admin, { id: 3, role: 'USER' })).toBe(true);
    expect(canManageUser(admin, admin)).toBe(false);
    expect(canManageUser(fec, { id: 3, role: 'USER' })).toBe(true);
    expect(canManageUser(fec, { id: 3, role: 'FEC' })).toBe(false);
    expect(canManageUser(fec, admin)).toBe(false);
    expect(canManageUser({ id: 4, role: 'USER' }, { id: 3, role: 'USER' })).toBe(false);
  });

  it("finds the one province of an entity's municipalities, or says why there is none", () => {
    const found = [
      { id: '46017', provinceId: '46' },
      { id: '46250', provinceId: '46' },
      { id: '28079', provinceId: '28' },
    ];
    expect(singleProvince(['46017', '46250'], found.slice(0, 2))).toBe('46');
    const error = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        return err instanceof AppError ? [err.type, err.data] : err;
      }
      return 'no error';
    };
    expect(error(() => singleProvince(['46017', '28079'], found))).toEqual(['VALIDATION', 'MULTIPLE_PROVINCES']);
    expect(error(() => singleProvince(['46017', '99999'], found.slice(0, 1)))).toEqual([
      'VALIDATION',
      { municipalities: 'ENTITIES.VALIDATION.UNKNOWN_MUNICIPALITY' },
    ]);
  });
});
