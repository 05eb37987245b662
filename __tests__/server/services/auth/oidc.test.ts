import { decideAccount } from '../../../../src/server/services/auth/oidc.js';

describe("which account an OpenID provider's claims sign in to", () => {
  const verified = { sub: '1', email: 'ana@example.org', email_verified: true, name: 'Ana' };
  const account = { id: 7, role: 'USER' as const };

  it('is the account with the e-mail, when the provider says it is verified', () => {
    expect(decideAccount(verified, account, false)).toEqual({ kind: 'signIn', userId: 7 });
  });

  it('is none for an e-mail not verified exactly (a string "true" is not true), missing or not an address', () => {
    for (const claims of [
      { ...verified, email_verified: false },
      { ...verified, email_verified: 'true' },
      { sub: '1', email: 'ana@example.org' },
      { sub: '1', email_verified: true },
      { ...verified, email: 'no es un correo' },
      { ...verified, email: ['ana@example.org'] },
      { ...verified, email: `${'a'.repeat(250)}@example.org` },
    ])
      expect(decideAccount(claims, account, true)).toEqual({ kind: 'refuse', reason: 'EMAIL_NOT_VERIFIED' });
  });

  it('is none for a disabled account: role NO, or a role this version does not know', () => {
    expect(decideAccount(verified, { id: 7, role: 'NO' }, true)).toEqual({ kind: 'refuse', reason: 'ACCOUNT_DISABLED' });
    expect(decideAccount(verified, { id: 7, role: undefined }, true)).toEqual({ kind: 'refuse', reason: 'ACCOUNT_DISABLED' });
  });

  it('is a new account only when accounts may be created, named as the provider names the person, on one line', () => {
    expect(decideAccount(verified, undefined, false)).toEqual({ kind: 'refuse', reason: 'NO_ACCOUNT' });
    expect(decideAccount(verified, undefined, true)).toEqual({ kind: 'create', email: 'ana@example.org', name: 'Ana' });
    expect(decideAccount({ ...verified, name: ' Ana\nGarcía\u0000 ' }, undefined, true)).toMatchObject({ name: 'Ana García' });
    expect(decideAccount({ ...verified, name: 42 }, undefined, true)).toMatchObject({ name: '' });
  });
});
