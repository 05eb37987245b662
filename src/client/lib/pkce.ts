/** The random values of one PKCE login (RFC 7636): verifier, its S256 challenge, and the state. */
export interface PkceValues {
  verifier: string;
  challenge: string;
  state: string;
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  bytes.forEach((b) => (binary += String.fromCharCode(b)));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function randomString(byteLength: number, cryptoApi: Crypto): string {
  return base64url(cryptoApi.getRandomValues(new Uint8Array(byteLength)));
}

/** Fresh verifier, challenge and state from WebCrypto. */
export async function createPkce(cryptoApi: Crypto = globalThis.crypto): Promise<PkceValues> {
  const verifier = randomString(32, cryptoApi);
  const digest = await cryptoApi.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return { verifier, challenge: base64url(new Uint8Array(digest)), state: randomString(16, cryptoApi) };
}
