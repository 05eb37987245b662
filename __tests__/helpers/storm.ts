import type { Db } from '../../src/server/db/client.js';
import { loadEditionSubindicators, plausibleAnswer } from '../../src/server/db/seed/answers.js';
import { call, type TestServer } from './server.js';
import { answerEverything, removeForGood, submittableCampaign } from './concurrency.js';

/**
 * A randomized storm of mixed write and read calls through real HTTP against one or more app instances over
 * one database, for checking invariants afterwards. Every call must answer one of its expected statuses: a
 * refusal (404, 409, 422) is a normal outcome of a race, a 5xx never is.
 */
export interface StormSetup {
  db: Db;
  servers: TestServer[];
  /** An ADMIN access token (it may do every call). */
  token: string;
  random: () => number;
}

export interface Pools {
  entities: number[];
  campaigns: number[];
  sent: number[];
  municipalities: string[];
  questions: Awaited<ReturnType<typeof loadEditionSubindicators>>;
  /** Campaigns whose result was read (bodies the report caches may keep). */
  read: Set<number>;
  /** Answered campaigns of new entities of one province, and those entities: picked half the time, for contention. */
  hot: { entityId: number; campaignId: number }[];
  /** More of those, kept for the paired submission and removal, so that each pair finds its campaign still open. */
  pairs: { entityId: number; campaignId: number }[];
}

type Operation = {
  kind: string;
  weight: number;
  expected: number[];
  run: (s: StormSetup, p: Pools, server: TestServer) => Promise<{ status: number; body: any }>;
};

const post = (server: TestServer, s: StormSetup, path: string, body: unknown) => call(server, 'POST', `/api/secure/v1/${path}`, { token: s.token, body });
const any = <T>(s: StormSetup, items: readonly T[]): T => items[Math.floor(s.random() * items.length)];
const campaign = (s: StormSetup, p: Pools) => (s.random() < 0.5 ? any(s, p.hot).campaignId : any(s, p.campaigns));
const entity = (s: StormSetup, p: Pools) => (s.random() < 0.5 ? any(s, p.hot).entityId : any(s, p.entities));
let created = 0;

const OPERATIONS: Operation[] = [
  {
    kind: 'saveAnswer',
    weight: 25,
    expected: [200, 404, 409],
    run: (s, p, server) => {
      const question = any(s, p.questions);
      return post(server, s, 'campaigns/saveAnswer', { id: campaign(s, p), question: question.id, answer: plausibleAnswer(question, s.random(), s.random) });
    },
  },
  {
    kind: 'submit',
    weight: 20,
    expected: [200, 404, 409, 422],
    run: async (s, p, server) => {
      const id = campaign(s, p);
      const res = await post(server, s, 'campaigns/submit', { id });
      if (res.status === 200) p.sent.push(id);
      return res;
    },
  },
  {
    kind: 'removeEntity',
    weight: 7,
    expected: [200, 404],
    run: async (s, p, server) => post(server, s, 'entities/remove', await removeForGood(s.db, entity(s, p))),
  },
  { kind: 'deleteCampaign', weight: 7, expected: [200, 404, 409], run: (s, p, server) => post(server, s, 'campaigns/delete', { id: campaign(s, p) }) },
  {
    kind: 'createEntity',
    weight: 7,
    expected: [200],
    run: async (s, p, server) => {
      const name = `Entidad de la tormenta ${process.pid}-${++created}-${Math.floor(s.random() * 1e9)}`;
      const res = await post(server, s, 'entities/create', { entity: { name, population: 500 }, municipalities: [any(s, p.municipalities)] });
      if (res.status === 200) p.entities.push(res.body.response.entity.id);
      return res;
    },
  },
  {
    kind: 'createCampaign',
    weight: 7,
    expected: [200, 404, 409],
    run: async (s, p, server) => {
      const res = await post(server, s, 'campaigns/create', { entityId: entity(s, p) });
      if (res.status === 200) p.campaigns.push(res.body.response.campaign.id);
      return res;
    },
  },
  {
    // A campaign submitted at the moment its entity is removed, each call on a random instance.
    kind: 'submit+removeEntity',
    weight: 4,
    expected: [200, 404],
    run: async (s, p) => {
      const target = p.pairs.pop() ?? any(s, p.hot);
      const removal = await removeForGood(s.db, target.entityId);
      const [submit, remove] = await Promise.all([
        post(any(s, s.servers), s, 'campaigns/submit', { id: target.campaignId }),
        post(any(s, s.servers), s, 'entities/remove', removal),
      ]);
      return submit.status >= 500 || remove.status >= 500 ? { status: Math.max(submit.status, remove.status), body: [submit.body, remove.body] } : remove;
    },
  },
  {
    kind: 'result',
    weight: 20,
    expected: [200, 404, 409],
    run: async (s, p, server) => {
      const id = any(s, s.random() < 0.7 ? p.sent : p.campaigns);
      const res = await call(server, 'GET', `/api/secure/v1/campaigns/result?id=${id}`, { token: s.token });
      if (res.status === 200) p.read.add(id);
      return res;
    },
  },
  { kind: 'share', weight: 3, expected: [200, 404, 409], run: (s, p, server) => post(server, s, 'campaigns/share', { id: any(s, p.sent) }) },
];

/**
 * Gets the data ready: every open campaign of the current edition fully answered (so submissions succeed),
 * and twice `crowd` new entities in province 46 with answered campaigns (many submissions in one province):
 * half for every kind of call, half for the paired submission and removal.
 */
export async function prepareStorm(s: StormSetup, crowd: number): Promise<Pools> {
  const [{ id: editionId }] = await s.db.query<{ id: number }>('SELECT id FROM editions ORDER BY campaign_number DESC LIMIT 1');
  // Two provinces of one community (46, 03) and one elsewhere (28): shared community and country rows.
  const municipalities = (
    await s.db.query<{ id: string }>("SELECT min(id) AS id FROM municipalities WHERE province_id IN ('46', '03', '28') GROUP BY province_id")
  ).map((m) => m.id);
  const hot = [];
  for (let i = 0; i < 2 * crowd; i++) hot.push(await submittableCampaign(s.db, s.servers[0], s.token, municipalities[0], s.random));
  const open = await s.db.query<{ id: number }>("SELECT id FROM campaigns WHERE edition_id = $1 AND status <> 'sent' ORDER BY id", [editionId]);
  for (const { id } of open) await answerEverything(s.db, id, s.random);
  const campaigns = await s.db.query<{ id: number; status: string }>('SELECT id, status FROM campaigns ORDER BY id');
  return {
    entities: (await s.db.query<{ id: number }>('SELECT id FROM entities ORDER BY id')).map((e) => e.id),
    campaigns: campaigns.filter((c) => c.status !== 'sent').map((c) => c.id),
    sent: campaigns.filter((c) => c.status === 'sent').map((c) => c.id),
    municipalities,
    questions: await loadEditionSubindicators(s.db, editionId),
    read: new Set(),
    hot: hot.slice(0, crowd),
    pairs: hot.slice(crowd),
  };
}

export interface StormReport {
  /** Calls per kind and status, e.g. "submit 200": 14. */
  counts: Record<string, number>;
  /** Calls that answered a status not expected of them, with their body. */
  unexpected: string[];
}

/** Runs `operations` random calls, `parallel` at a time, each on a random instance. */
export async function runStorm(s: StormSetup, pools: Pools, operations: number, parallel: number): Promise<StormReport> {
  const report: StormReport = { counts: {}, unexpected: [] };
  const total = OPERATIONS.reduce((sum, op) => sum + op.weight, 0);
  let left = operations;
  const worker = async () => {
    while (left-- > 0) {
      let roll = s.random() * total;
      const op = OPERATIONS.find((o) => (roll -= o.weight) < 0) ?? OPERATIONS[0];
      const res = await op.run(s, pools, any(s, s.servers));
      const key = `${op.kind} ${res.status}`;
      report.counts[key] = (report.counts[key] ?? 0) + 1;
      if (!op.expected.includes(res.status)) report.unexpected.push(`${key}: ${JSON.stringify(res.body)}`);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return report;
}
