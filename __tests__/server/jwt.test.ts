import { jest } from '@jest/globals';
import { TokenSigner } from '../../src/server/services/jwt.js';

describe('token signer', () => {
  const signer = new TokenSigner('a-secret-that-is-long-enough-for-hs256-tokens', 'http://localhost');
  afterEach(() => jest.useRealTimers());

  it('verifies its own tokens and refuses tampered, foreign and unsigned ones', async () => {
    const token = await signer.signAccess({ userId: 7, familyId: 'fam-1' }, 60);
    expect(await signer.verify(token)).toEqual({ kind: 'access', claims: { userId: 7, familyId: 'fam-1' } });
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ typ: 'access', fam: 'fam-1', sub: '1', iss: 'http://localhost', exp: 9e9 })).toString('base64url')}.${signature}`;
    expect(await signer.verify(forged)).toEqual({ kind: 'invalid' });
    expect(await signer.verify(`${header}.${payload}.${signature.slice(0, -2)}xx`)).toEqual({ kind: 'invalid' });
    const other = new TokenSigner('another-secret-that-is-long-enough-for-hs256', 'http://localhost');
    expect(await signer.verify(await other.signAccess({ userId: 7, familyId: 'fam-1' }, 60))).toEqual({ kind: 'invalid' });
  });

  it('remembers a verified token only until it expires', async () => {
    const token = await signer.signShare({ shareId: 'share-1', campaignId: 3 }, 30);
    expect(await signer.verify(token)).toEqual({ kind: 'share', claims: { shareId: 'share-1', campaignId: 3 } });
    expect(await signer.verify(token)).toEqual({ kind: 'share', claims: { shareId: 'share-1', campaignId: 3 } });
    // The clock moves past the expiry (Date only: WebCrypto's promises still settle).
    jest.useFakeTimers({ now: Date.now() + 31_000, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'setTimeout', 'clearTimeout'] });
    expect(await signer.verify(token)).toEqual({ kind: 'expired' });
    expect(await signer.verify(token)).toEqual({ kind: 'expired' });
  });
});
