import { createHash, createHmac } from 'node:crypto';
import { jest } from '@jest/globals';
import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { TokenSigner } from '../../../../src/server/services/auth/jwt.js';

const SECRET = 'a-secret-that-is-long-enough-for-hs256-tokens';
const ISSUER = 'http://localhost';
const key = new TextEncoder().encode(SECRET);

/** A token signed with the signer's secret but written by hand: header and claims as given. */
function handMade(header: Record<string, unknown>, claims: Record<string, unknown>): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ iss: ISSUER, iat: now, exp: now + 60, ...claims }).setProtectedHeader({ alg: 'HS256', ...header }).sign(key);
}

describe('token signer', () => {
  const signer = new TokenSigner(SECRET, ISSUER);
  const access = { userId: 7, familyId: 'fam-1', clientId: 'campaigns-web' };
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('verifies its own tokens and refuses tampered, foreign and unsigned ones', async () => {
    const token = await signer.signAccess(access, 60);
    expect(await signer.verify(token)).toEqual({ kind: 'access', claims: access });
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...decodeJwt(token), sub: '1' })).toString('base64url')}.${signature}`;
    expect(await signer.verify(forged)).toEqual({ kind: 'invalid' });
    expect(await signer.verify(`${header}.${payload}.${signature.slice(0, -2)}xx`)).toEqual({ kind: 'invalid' });
    const other = new TokenSigner('another-secret-that-is-long-enough-for-hs256', ISSUER);
    expect(await signer.verify(await other.signAccess(access, 60))).toEqual({ kind: 'invalid' });
  });

  it('issues RFC 9068 access tokens: typ at+jwt, iss, sub, aud, client_id, iat, exp and a unique jti', async () => {
    // Both tokens in the same second (Date only: WebCrypto's promises still settle).
    jest.useFakeTimers({ now: Date.UTC(2026, 0, 5, 9, 0, 0, 200), doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'setTimeout', 'clearTimeout'] });
    const first = await signer.signAccess(access, 900);
    const second = await signer.signAccess(access, 900);
    expect(decodeProtectedHeader(first)).toEqual({ alg: 'HS256', typ: 'at+jwt' });
    const claims = decodeJwt(first);
    expect(claims).toEqual({
      iss: ISSUER,
      sub: '7',
      aud: `${ISSUER}/api`,
      client_id: 'campaigns-web',
      sid: 'fam-1',
      iat: Date.UTC(2026, 0, 5, 9, 0, 0) / 1000,
      exp: Date.UTC(2026, 0, 5, 9, 15, 0) / 1000,
      jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(decodeJwt(second).iat).toBe(claims.iat);
    expect(decodeJwt(second).jti).not.toBe(claims.jti);
    expect(second).not.toBe(first);
  });

  it('reads the clock once per token: exp is iat plus the lifetime even when a second turns while signing', async () => {
    // Date at the last millisecond of a second, and Date.now already in the next: two readings would differ by one.
    jest.useFakeTimers({ now: Date.UTC(2026, 0, 5, 9, 0, 0, 999), doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'setTimeout', 'clearTimeout'] });
    jest.spyOn(Date, 'now').mockReturnValue(Date.UTC(2026, 0, 5, 9, 0, 1, 0));
    for (const token of [await signer.signAccess(access, 900), await signer.signShare({ shareId: 's-1', campaignId: 1 }, 900)]) {
      const { iat, exp } = decodeJwt(token);
      expect(exp).toBe((iat as number) + 900);
    }
  });

  it('refuses an access token of another header type, audience, algorithm or without jti', async () => {
    const claims = { sub: '7', aud: `${ISSUER}/api`, client_id: 'campaigns-web', sid: 'fam-1', jti: 'j-1' };
    expect(await signer.verify(await handMade({ typ: 'at+jwt' }, claims))).toEqual({ kind: 'access', claims: access });
    const refused = [
      await handMade({ typ: 'JWT' }, claims),
      await handMade({}, claims),
      await handMade({ typ: 'at+jwt' }, { ...claims, aud: 'https://other.example/api' }),
      await handMade({ typ: 'at+jwt' }, { ...claims, iss: 'https://other.example' }),
      await handMade({ typ: 'at+jwt' }, { ...claims, jti: undefined }),
      await handMade({ typ: 'at+jwt' }, { ...claims, client_id: undefined }),
      await new SignJWT(claims).setProtectedHeader({ alg: 'HS512', typ: 'at+jwt' }).setIssuer(ISSUER).setIssuedAt().setExpirationTime('1m').sign(key),
      `${Buffer.from('{"alg":"none","typ":"at+jwt"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...claims, iss: ISSUER, exp: 9e9 })).toString('base64url')}.`,
    ];
    for (const token of refused) expect(await signer.verify(token)).toEqual({ kind: 'invalid' });
  });

  it('keeps accepting share links of the form handed out before, and answers an old-form access token as expired', async () => {
    // The exact form signShare produced before RFC 9068: no header typ, payload typ 'share', no jti, no aud.
    const oldShare = await handMade({}, { typ: 'share', cid: 3, sub: 'share-1' });
    expect(await signer.verify(oldShare)).toEqual({ kind: 'share', claims: { shareId: 'share-1', campaignId: 3 } });
    // Nothing else passes for one: with an audience, without an expiry, or with a campaign that is no integer.
    const now = Math.floor(Date.now() / 1000);
    for (const token of [
      await handMade({}, { typ: 'share', cid: 3, sub: 'share-1', aud: `${ISSUER}/api/share` }),
      await handMade({}, { typ: 'share', cid: 3, sub: 'share-1', aud: `${ISSUER}/api` }),
      await new SignJWT({ iss: ISSUER, iat: now, typ: 'share', cid: 3, sub: 'share-1' }).setProtectedHeader({ alg: 'HS256' }).sign(key),
      await handMade({}, { typ: 'share', cid: '3', sub: 'share-1' }),
    ]) {
      expect(await signer.verify(token)).toEqual({ kind: 'invalid' });
    }
    // A well-signed access token of the old form makes the client refresh it (EXPIRED_ACCESS_TOKEN), not sign out.
    expect(await signer.verify(await handMade({}, { typ: 'access', fam: 'fam-1', sub: '7' }))).toEqual({ kind: 'expired' });
  });

  it('issues share links with header typ share+jwt and an audience of their own', async () => {
    const newShare = await signer.signShare({ shareId: 'share-2', campaignId: 4 }, 60);
    expect(decodeProtectedHeader(newShare)).toEqual({ alg: 'HS256', typ: 'share+jwt' });
    expect(decodeJwt(newShare)).toEqual({
      iss: ISSUER,
      aud: `${ISSUER}/api/share`,
      cid: 4,
      sub: 'share-2',
      jti: expect.any(String),
      iat: expect.any(Number),
      exp: expect.any(Number),
    });
    expect(await signer.verify(newShare)).toEqual({ kind: 'share', claims: { shareId: 'share-2', campaignId: 4 } });
  });

  it('accepts each kind of token only under its own header type and audience', async () => {
    const typs = { access: 'at+jwt', share: 'share+jwt', device: 'device+jwt', none: undefined };
    const audiences = { access: `${ISSUER}/api`, share: `${ISSUER}/api/share`, device: `${ISSUER}/api/v1/auth/login`, none: undefined };
    const claims = {
      access: { sub: '7', client_id: 'campaigns-web', sid: 'fam-1', jti: 'j-1' },
      share: { sub: 'share-1', cid: 3, jti: 'j-2' },
      device: { sub: 'h-1', jti: 'dev-1' },
    };
    const kinds = ['access', 'share', 'device', 'none'] as const;
    for (const header of kinds) {
      for (const audience of kinds) {
        for (const payload of ['access', 'share', 'device'] as const) {
          const token = await handMade(typs[header] ? { typ: typs[header] } : {}, { ...claims[payload], aud: audiences[audience] });
          const same = header === audience && audience === payload;
          const expected =
            same && payload === 'access'
              ? { kind: 'access', claims: access }
              : same && payload === 'share'
                ? { kind: 'share', claims: { shareId: 'share-1', campaignId: 3 } }
                : { kind: 'invalid' };
          expect({ header, audience, payload, verified: await signer.verify(token) }).toEqual({ header, audience, payload, verified: expected });
          const device = header === 'device' && audience === 'device';
          expect({ header, audience, payload, device: await signer.verifyDevice(token) }).toEqual({
            header,
            audience,
            payload,
            device: device ? expect.any(Object) : undefined,
          });
        }
      }
    }
  });

  it('keeps device tokens apart from access and share tokens', async () => {
    const device = await signer.signDevice({ deviceId: 'dev-1', accountHash: 'h-1' }, 60);
    expect(await signer.verifyDevice(device)).toEqual({ deviceId: 'dev-1', accountHash: 'h-1' });
    expect(await signer.verify(device)).toEqual({ kind: 'invalid' });
    expect(await signer.verifyDevice(await signer.signAccess(access, 60))).toBeUndefined();
    expect(await signer.verifyDevice(await signer.signShare({ shareId: 's', campaignId: 1 }, 60))).toBeUndefined();
    expect(await signer.verifyDevice('not-a-jwt')).toBeUndefined();
    expect(await new TokenSigner(SECRET, 'https://other.example').verifyDevice(device)).toBeUndefined();
  });

  it('keeps operation tokens apart from every other kind: a minute long, for their operation and server only', async () => {
    const operation = await signer.signOperation('backup');
    expect(await signer.verifyOperation(operation, 'backup')).toBe(true);
    expect(decodeProtectedHeader(operation).typ).toBe('operation+jwt');
    const { exp, iat, aud } = decodeJwt(operation);
    expect([exp! - iat!, aud]).toEqual([60, `${ISSUER}/operations/backup`]);
    expect(await signer.verify(operation)).toEqual({ kind: 'invalid' });
    expect(await signer.verifyDevice(operation)).toBeUndefined();
    for (const other of [await signer.signAccess(access, 60), await signer.signShare({ shareId: 's', campaignId: 1 }, 60), 'not-a-jwt'])
      expect(await signer.verifyOperation(other, 'backup')).toBe(false);
    expect(await new TokenSigner(SECRET, 'https://other.example').verifyOperation(operation, 'backup')).toBe(false);
    expect(await new TokenSigner(`${SECRET}-other`, ISSUER).verifyOperation(operation, 'backup')).toBe(false);
    expect(
      await signer.verifyOperation(await handMade({ typ: 'operation+jwt' }, { aud: `${ISSUER}/operations/backup`, sub: 'backup', jti: 'j', exp: 1 }), 'backup'),
    ).toBe(false);
  });

  it('hashes an account with a key of its own, derived from the secret', () => {
    const hash = signer.accountHash('ana@example.org');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(signer.accountHash('ana@example.org')).toBe(hash);
    expect(signer.accountHash('bea@example.org')).not.toBe(hash);
    expect(new TokenSigner(SECRET, 'https://other.example').accountHash('ana@example.org')).toBe(hash);
    expect(new TokenSigner('another-secret-that-is-long-enough-for-hs256', ISSUER).accountHash('ana@example.org')).not.toBe(hash);
    // Neither a plain hash nor the HMAC under the signing key itself.
    for (const text of ['ana@example.org', 'login-account:ana@example.org']) {
      expect(hash).not.toBe(createHash('sha256').update(text).digest('hex'));
      expect(hash).not.toBe(createHmac('sha256', SECRET).update(text).digest('hex'));
    }
  });

  it('remembers a verified token only until it expires', async () => {
    const token = await signer.signShare({ shareId: 'share-1', campaignId: 3 }, 30);
    expect(await signer.verify(token)).toEqual({ kind: 'share', claims: { shareId: 'share-1', campaignId: 3 } });
    expect(await signer.verify(token)).toEqual({ kind: 'share', claims: { shareId: 'share-1', campaignId: 3 } });
    // The clock moves past the expiry (Date only: WebCrypto's promises still settle).
    jest.useFakeTimers({ now: Date.now() + 31_000, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'setTimeout', 'clearTimeout'] });
    // Said to be a share link's, whether remembered or verified afresh.
    expect(await signer.verify(token)).toEqual({ kind: 'expired', share: true });
    expect(await signer.verify(token)).toEqual({ kind: 'expired', share: true });
    expect(await signer.verify(await signer.signAccess({ userId: 1, familyId: 'f', clientId: 'c' }, -5))).toEqual({ kind: 'expired' });
  });
});
