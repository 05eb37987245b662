import { campaignIdParam, isMalformedIdParam, safeReturnPath } from '../../../src/client/app/paths.js';

describe('route paths', () => {
  it('reads a campaign id only from digits naming a database id', () => {
    expect(campaignIdParam('62')).toBe(62);
    expect(campaignIdParam('2147483647')).toBe(2147483647);
    for (const bad of ['abc', '0', '-1', '1.5', '1e3', '0x1F', ' 4', '07', '2147483648', '99999999999', '']) expect(campaignIdParam(bad)).toBeNull();
    expect(isMalformedIdParam(undefined)).toBe(false);
    expect(isMalformedIdParam('abc')).toBe(true);
    expect(isMalformedIdParam('62')).toBe(false);
  });

  it('returns after sign-in only to a path of this app', () => {
    expect(safeReturnPath('/my-campaigns/62')).toBe('/my-campaigns/62');
    expect(safeReturnPath('/status?page=2')).toBe('/status?page=2');
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'status',
      '/auth/login',
      '/logout',
      '/Error',
      '/a\nb',
      42,
      null,
      undefined,
      `/${'a'.repeat(2001)}`,
    ]) {
      expect(safeReturnPath(bad)).toBeNull();
    }
  });
});
