/**
 * A real OpenID provider for the single sign-on tests (the `oidc-provider` package, certified by the OpenID
 * Foundation), run as its own process by oidcProvider.ts. Its accounts and its one client come from the
 * environment; its sign-in page is this file's own small form instead of the package's development pages:
 *
 * - `login_hint=<account>` in the authorization request signs that account in at once (the API tests); without it
 *   the page asks for the account ('Usuario', 'Continuar', 'Cancelar'), as a browser test needs;
 * - the account `cancel`, or the 'Cancelar' button, ends the sign-in with access_denied, as a user who gives up;
 * - consent is given for whatever the client asked.
 *
 * Environment: PORT, CLIENT_ID, CLIENT_SECRET, REDIRECT_URI, ACCOUNTS (JSON: { id: { email, email_verified, name } }),
 * CONFORM ('true': the e-mail only at the user-info endpoint, as OpenID Connect's strict profile has it),
 * USERINFO_FAILS ('true': that endpoint answers 500).
 */
import http from 'node:http';
import Provider from 'oidc-provider';

const { PORT, CLIENT_ID, CLIENT_SECRET, REDIRECT_URI, ACCOUNTS, CONFORM, USERINFO_FAILS } = process.env;
const accounts = JSON.parse(ACCOUNTS ?? '{}');
const issuer = `http://127.0.0.1:${PORT}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      redirect_uris: [REDIRECT_URI],
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
  ],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  conformIdTokenClaims: CONFORM === 'true',
  features: { devInteractions: { enabled: false } },
  pkce: { required: () => true },
  cookies: { keys: ['a-cookie-key-for-the-test-provider'] },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  findAccount: (_ctx, id) => (Object.hasOwn(accounts, id) ? { accountId: id, claims: () => ({ sub: id, ...accounts[id] }) } : undefined),
});

const readBody = (req) =>
  new Promise((resolve, reject) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => resolve(new URLSearchParams(text)));
    req.on('error', reject);
  });

const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function loginForm(res, uid, problem) {
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.end(`<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Proveedor de identidad de prueba</title></head><body>
<h1>Proveedor de identidad de prueba</h1>${problem ? `<p role="alert">${escape(problem)}</p>` : ''}
<form method="post" action="/interaction/${escape(uid)}/login">
<label>Usuario <input name="login" autocomplete="username"></label>
<button type="submit">Continuar</button> <button type="submit" name="cancel" value="1">Cancelar</button>
</form></body></html>`);
}

async function interaction(req, res, uid, posted) {
  const details = await provider.interactionDetails(req, res);
  if (details.prompt.name === 'login') {
    const form = posted ? await readBody(req) : undefined;
    const login = details.params.login_hint ?? form?.get('login');
    if (login === 'cancel' || form?.get('cancel')) {
      return provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user cancelled' }, { mergeWithLastSubmission: false });
    }
    if (!login) return loginForm(res, uid);
    if (!Object.hasOwn(accounts, login)) return loginForm(res, uid, `No existe el usuario ${login}`);
    return provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
  }
  const grant = details.grantId
    ? await provider.Grant.find(details.grantId)
    : new provider.Grant({ accountId: details.session.accountId, clientId: details.params.client_id });
  const missing = details.prompt.details;
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
  return provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
}

const handle = provider.callback();
const server = http.createServer((req, res) => {
  if (USERINFO_FAILS === 'true' && new URL(req.url, issuer).pathname === '/me') {
    res.statusCode = 500;
    return res.end('user-info is down');
  }
  const match = new URL(req.url, issuer).pathname.match(/^\/interaction\/([A-Za-z0-9_-]+)(\/login)?$/);
  if (!match) return handle(req, res);
  interaction(req, res, match[1], req.method === 'POST').catch((err) => {
    res.statusCode = 500;
    res.end(String(err));
  });
});
server.listen(Number(PORT), '127.0.0.1', () => process.stdout.write(`listening ${issuer}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
