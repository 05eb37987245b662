import { cookieTokenStore } from '../../../src/client/lib/tokenStore.js';

describe('the token cookie', () => {
  afterEach(() => cookieTokenStore.clear());

  it('keeps the access token only, and removes the refresh_token cookie that earlier versions left readable', () => {
    document.cookie = 'refresh_token=left-by-an-earlier-version; Path=/';
    cookieTokenStore.save({ accessToken: 'access-1' });
    expect(document.cookie).toBe('access_token=access-1');
    expect(cookieTokenStore.read()).toEqual({ accessToken: 'access-1' });
    cookieTokenStore.clear();
    expect(document.cookie).toBe('');
    expect(cookieTokenStore.read()).toBeNull();
  });
});
