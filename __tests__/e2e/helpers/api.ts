import { createHash, randomBytes } from 'node:crypto';
import type { CampaignDetail, CampaignStatusRow, Subindicator } from '../../../src/shared/api/campaigns.js';

/**
 * A short mark that differs from one call to the next, for the names and e-mail addresses a test creates on a shared
 * server: a failed test runs again at once on the data its first attempt left (browserTestSetup.ts), and a name
 * that attempt took would be refused as taken.
 */
export function uniqueMark(): string {
  return `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
}

/** A JSON POST to the server, its body parsed: the test's own fetch, or a browser context's (its cookies kept there). */
export type JsonPost = (url: string, body: unknown) => Promise<unknown>;

const fetchPost: JsonPost = async (url, body) => {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return res.json();
};

/** Signs in over HTTP with PKCE, as the web client does, and returns an access token. */
export async function apiToken(url: string, email: string, password = 'demo1234', post: JsonPost = fetchPost): Promise<string> {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const client = { client_id: 'campaigns-web', client_secret: 'campaigns-web-secret', redirect_uri: `${url}/auth/callback` };
  const login = (await post(`${url}/api/v1/auth/login`, {
    email,
    password,
    ...client,
    state: 'e2e-state-1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    response_type: 'code',
  })) as { response?: { code: string } };
  if (!login.response) throw new Error(`Signing in as ${email} was refused: ${JSON.stringify(login)}`);
  const token = (await post(`${url}/api/v1/auth/token`, {
    grant_type: 'authorization_code',
    code: login.response.code,
    code_verifier: verifier,
    ...client,
  })) as {
    access_token?: string;
  };
  if (!token.access_token) throw new Error(`No access token for ${email}: ${JSON.stringify(token)}`);
  return token.access_token;
}

/** An authenticated GET of the API, unwrapped. */
export async function apiGet<T>(url: string, token: string, path: string): Promise<T> {
  const res = await fetch(`${url}/api/secure/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { response: T }).response;
}

/** An authenticated POST of the API, unwrapped. */
export async function apiPost<T>(url: string, token: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${url}/api/secure/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { response: T }).response;
}

/** A campaign's questions in questionnaire order. */
export const questionsOf = (campaign: CampaignDetail): Subindicator[] => campaign.indicators.flatMap((i) => i.subindicators);

/**
 * The current edition's draft campaign at `index` in the status list (each test of a file takes its own, the demo
 * has several) and its questions, read with an administrator's token.
 */
export async function currentDraft(url: string, token: string, index: number): Promise<{ draft: CampaignStatusRow; questions: Subindicator[] }> {
  const drafts = (await apiGet<CampaignStatusRow[]>(url, token, '/campaigns/status')).filter((r) => r.currentEdition && r.status === 'draft');
  const draft = drafts[index];
  return { draft, questions: questionsOf(await apiGet<CampaignDetail>(url, token, `/campaigns/get?id=${draft.campaignId}`)) };
}

/** The responses a question still offers (one the edition withdrew stays only in answers given before). */
export const offered = (sub: Subindicator) => sub.responses.filter((r) => !r.obsolete);

/**
 * Answers through the API, as another session of the entity would, every question of the campaign still without
 * an answer but those named (the first response it offers), and adds a link to every question whose evidence the
 * edition requires and that has none: the campaign can then be sent once the named questions are answered.
 */
export async function answerThroughApi(url: string, token: string, campaignId: number, except: readonly number[] = []): Promise<void> {
  const questions = questionsOf(await apiGet<CampaignDetail>(url, token, `/campaigns/get?id=${campaignId}`));
  for (const sub of questions) {
    if (except.includes(sub.id) || sub.answer?.length || sub.notApplicable) continue;
    await apiPost(url, token, '/campaigns/saveAnswer', { id: campaignId, question: sub.id, answer: [offered(sub)[0].id] });
  }
  for (const sub of questions.filter((s) => s.evidenceRule === 'required' && s.evidence.length === 0)) {
    await apiPost(url, token, '/campaigns/evidence/addLink', { id: campaignId, question: sub.id, url: 'https://transparencia.example.es/acta' });
  }
}
