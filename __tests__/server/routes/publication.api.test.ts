import { testBackends } from '../../helpers/db.js';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { call, rawGet, startTestServer, type TestServer } from '../../helpers/server.js';
import { signInDemoAccounts } from '../../helpers/auth.js';
import type { Db } from '../../../src/server/db/client.js';
import type { PublicEdition, PublicEditions, PublicEntity, PublicSeal } from '../../../src/shared/api/publication.js';
import type { ResultResponse } from '../../../src/shared/api/results.js';
import type { OpenData } from '../../../src/server/services/publication/openData.js';
import { csvRows } from '../../helpers/csv.js';
import jsonld from 'jsonld';

/**
 * Publication (docs/api.md, "Publication"): anyone reads the figures of final editions without signing in; an
 * entity's own figures only while it publishes them; means withheld below the edition's MIN_GROUP_SIZE.
 */

const backends = await testBackends();

describe.each(backends)('the public figures of final editions on $name', ({ openDemo }) => {
  let db: Db;
  let server: TestServer;
  const tokens = { admin: '', fec: '', user: '' };
  let finalYear = 0;
  let currentYear = 0;
  /** The demo user's entity, with a campaign counted in the final edition. */
  let own = { entityId: 0, campaignId: 0 };
  /** The demo user's entities. */
  let memberOf: number[] = [];
  /** The final edition's seal thresholds, as set before it became final. */
  let sealThresholds: { maxPopulation: number | null; minPercentage: number }[] = [];

  const anonymous = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}/api/v1/public/${path}`, { headers });
  const publicJson = async <T>(path: string): Promise<T> => {
    const res = await anonymous(path);
    expect([path, res.status]).toEqual([path, 200]);
    return ((await res.json()) as { response: T }).response;
  };
  const secure = (method: 'GET' | 'POST', path: string, token: string, body?: unknown) => call(server, method, `/api/secure/v1/${path}`, { token, body });
  /** A public page, as a browser without a session fetches it. */
  const page = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.url}${path}`, { headers });
    return { status: res.status, headers: res.headers, html: await res.text() };
  };
  const publish = (entityId: number, value: boolean, token = tokens.user) => secure('POST', 'entities/publication', token, { id: entityId, publish: value });

  // A demo database, three sign-ins and a final publication: more than the default minute on a busy machine.
  beforeAll(async () => {
    db = await openDemo();
    // Frozen with the edition: provinces of the demo with fewer participants are withheld.
    server = await startTestServer(db, { MIN_GROUP_SIZE: '3', EMBED_ORIGINS: 'https://diario.example' });
    Object.assign(tokens, await signInDemoAccounts(server));
    [{ finalYear, currentYear }] = await db.query<{ finalYear: number; currentYear: number }>(
      'SELECT min(campaign_number) AS "finalYear", max(campaign_number) AS "currentYear" FROM editions',
    );
    // Seal thresholds before the edition becomes final: any percentage up to 5,000 inhabitants; above, the median's.
    const validated = await db.query<{ percentage: number }>(
      `SELECT cs.percentage FROM campaigns c JOIN editions ed ON ed.id = c.edition_id
         JOIN campaign_scores cs ON cs.campaign_id = c.id AND cs.scope = 'total' AND cs.category_id = 0
        WHERE ed.campaign_number = $1 AND c.status = 'sent' AND c.review_status = 'validated' ORDER BY cs.percentage`,
      [finalYear],
    );
    sealThresholds = [
      { maxPopulation: 5000, minPercentage: 0 },
      // The median's percentage as shown (tenths of a percent, as thresholds are set).
      { maxPopulation: null, minPercentage: Math.floor(Number(validated[Math.floor(validated.length / 2)].percentage) * 1000) / 1000 },
    ];
    const seal = await secure('POST', 'editions/seal', tokens.admin, { campaignNumber: finalYear, thresholds: [...sealThresholds].reverse() });
    expect([seal.status, seal.body.response ?? seal.body.error]).toEqual([
      200,
      {
        campaignNumber: finalYear,
        thresholds: sealThresholds,
      },
    ]);
    expect((await secure('POST', 'editions/publishFinal', tokens.admin, { campaignNumber: finalYear })).status).toBe(200);
    const me = (await secure('GET', 'auth/me', tokens.user)).body.response.user as { entities: { id: number }[] };
    [own] = await db.query<{ entityId: number; campaignId: number }>(
      `SELECT c.entity_id AS "entityId", c.id AS "campaignId" FROM campaigns c JOIN editions ed ON ed.id = c.edition_id
        WHERE ed.campaign_number = $1 AND c.status = 'sent' AND c.entity_id = ANY($2::int[]) ORDER BY c.id LIMIT 1`,
      [finalYear, me.entities.map((e) => e.id)],
    );
    memberOf = me.entities.map((e) => e.id);
    expect(own?.campaignId).toBeGreaterThan(0);
  }, 180_000);
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('publishes final editions only, to anyone, and nothing of an edition not final', async () => {
    const { editions } = await publicJson<PublicEditions>('editions');
    expect(editions.map((e) => e.year)).toEqual([finalYear]);
    const [{ participants, registered }] = await db.query<{ participants: number; registered: number }>(
      `SELECT (SELECT count(*)::int FROM final_places fp JOIN editions ed ON ed.id = fp.edition_id WHERE ed.campaign_number = $1) AS participants,
              (SELECT registered FROM final_territory_entities f JOIN editions ed ON ed.id = f.edition_id
                WHERE ed.campaign_number = $1 AND f.territory = 'country') AS registered`,
      [finalYear],
    );
    expect(editions[0]).toMatchObject({ participants, registered });
    await publish(own.entityId, true);
    for (const path of [`edition?year=${currentYear}`, `entity?year=${currentYear}&id=${own.entityId}`, 'edition?year=1990']) {
      const res = await anonymous(path);
      expect([path, res.status, ((await res.json()) as { error: { type: string } }).error.type]).toEqual([path, 404, 'NOT_FOUND']);
    }
    for (const path of ['edition', 'edition?year=x', `edition?year=${finalYear}&extra=1`, 'entity?year=2024', `entity?year=${finalYear}&id=0`]) {
      expect([path, (await anonymous(path)).status]).toEqual([path, 422]);
    }
    await publish(own.entityId, false);
  });

  it("gives every territory's participation and means as recomputed from the stored scores, withheld below the edition's MIN_GROUP_SIZE", async () => {
    const edition = await publicJson<PublicEdition>(`edition?year=${finalYear}`);
    const [{ min }] = await db.query<{ min: number }>('SELECT final_min_group_size AS min FROM editions WHERE campaign_number = $1', [finalYear]);
    expect([edition.minGroupSize, min]).toEqual([3, 3]);
    const expected = await db.query<{ territory: string; id: string; participants: number; mean: number | null; registered: number }>(
      `SELECT t.territory, t.id, count(*)::int AS participants, avg(cs.percentage)::float8 AS mean,
              (SELECT registered FROM final_territory_entities f WHERE f.edition_id = fp.edition_id AND f.territory = t.territory AND f.territory_id = t.id)::int AS registered
         FROM final_places fp JOIN editions ed ON ed.id = fp.edition_id
         JOIN campaigns c ON c.id = fp.campaign_id
         JOIN campaign_scores cs ON cs.campaign_id = c.id AND cs.scope = 'total' AND cs.category_id = 0
        CROSS JOIN LATERAL (VALUES ('province', fp.province_id), ('autonomousCommunity', fp.community_id), ('country', 'ES')) AS t(territory, id)
        WHERE ed.campaign_number = $1 AND (ed.means_from = 'sent' OR c.review_status = 'validated')
        GROUP BY fp.edition_id, t.territory, t.id`,
      [finalYear],
    );
    const served = [
      ...edition.provinces.map((p) => ({ territory: 'province', ...p })),
      ...edition.communities.map((c) => ({ territory: 'autonomousCommunity', ...c })),
      { territory: 'country', ...edition.country },
    ];
    expect(edition.provinces).toHaveLength(52);
    let withheld = 0;
    let shown = 0;
    for (const territory of served) {
      const row = expected.find((e) => e.territory === territory.territory && e.id === territory.id);
      const participants = row?.participants ?? 0;
      expect([territory.id, territory.participants]).toEqual([territory.id, participants]);
      // Fewer participants than MIN_GROUP_SIZE: always withheld; others may be too, where they would give one away.
      if (participants > 0 && participants < min) expect([territory.id, territory.withheld]).toEqual([territory.id, true]);
      const hidden = territory.withheld;
      if (hidden || !row) {
        expect([territory.mean, territory.meanComparedToAll]).toEqual([null, null]);
        withheld += hidden ? 1 : 0;
      } else {
        expect(territory.mean).toBeCloseTo(row.mean!, 12);
        expect(territory.meanComparedToAll).toBeCloseTo((row.mean! * participants) / Math.max(row.registered, participants), 12);
        shown += 1;
      }
    }
    // The demo has provinces with fewer participants than MIN_GROUP_SIZE: what protects them is exercised.
    expect([withheld > 0, shown > 0]).toEqual([true, true]);
    // No community shown beside a lone withheld province (or withheld ones fewer than MIN_GROUP_SIZE together).
    for (const community of edition.communities.filter((c) => !c.withheld && c.participants > 0)) {
      const hiddenTogether = edition.provinces.filter((p) => p.communityId === community.id && p.withheld).reduce((n, p) => n + p.participants, 0);
      expect([community.id, hiddenTogether === 0 || hiddenTogether >= min]).toEqual([community.id, true]);
    }
    expect(edition.axes.length).toBeGreaterThan(0);
    expect(edition.ranking).toEqual([]);
  });

  it("lists an entity in the ranking and opens its profile only while it publishes, with its report's figures", async () => {
    const result = (await secure('GET', `campaigns/result?id=${own.campaignId}`, tokens.user)).body.response as ResultResponse;
    expect((await anonymous(`entity?year=${finalYear}&id=${own.entityId}`)).status).toBe(404);

    const chosen = await publish(own.entityId, true);
    expect(chosen.status).toBe(200);
    expect(chosen.body.response).toMatchObject({ entityId: own.entityId, publish: true, changedBy: 'usuario@demo.es' });
    const edition = await publicJson<PublicEdition>(`edition?year=${finalYear}`);
    expect(edition.ranking.map((r) => r.entityId)).toEqual([own.entityId]);
    expect(edition.ranking[0]).toMatchObject({ percentage: result.global.percentages.campaign, position: result.global.rank.country?.position ?? null });

    const profile = await publicJson<PublicEntity>(`entity?year=${finalYear}&id=${own.entityId}`);
    expect(profile.percentage).toBe(result.global.percentages.campaign);
    expect(profile.position).toBe(result.global.rank.country?.position ?? null);
    expect(profile.entity.sizeBand).toEqual(result.sizeBand);
    for (const territory of ['province', 'autonomousCommunity', 'country', 'sizeBand'] as const) {
      // As the report, but where public figures must hide more (disclosure.ts): its own figure beside others' would tell.
      const expected = profile.means[territory].withheld ? null : result.global.percentages[territory];
      expect([territory, profile.means[territory].mean]).toEqual([territory, expected]);
      expect([territory, profile.means[territory].participants]).toEqual([territory, result.edition.sizes.participants[territory]]);
    }
    expect(profile.axes.map((a) => a.name)).toEqual(expect.arrayContaining(result.axisDetails.map((a) => a.axisText)));
    for (const axis of result.axisDetails) {
      const served = profile.axes.find((a) => a.name === axis.axisText)!;
      expect(served.percentage).toBe(axis.percentages.campaign);
      expect(served.means.province.mean).toBe(served.means.province.withheld ? null : axis.percentages.province);
    }
    expect(profile.trend).toEqual([{ year: finalYear, percentage: result.global.percentages.campaign }]);

    expect((await publish(own.entityId, false)).body.response.publish).toBe(false);
    expect((await publicJson<PublicEdition>(`edition?year=${finalYear}`)).ranking).toEqual([]);
    expect((await anonymous(`entity?year=${finalYear}&id=${own.entityId}`)).status).toBe(404);
  });

  it("lets only the entity's members, ADMIN and FEC change its choice, strictly validated, and logs each change once", async () => {
    const [{ id: foreign }] = await db.query<{ id: number }>('SELECT id FROM entities WHERE id <> ALL($1::int[]) ORDER BY id LIMIT 1', [memberOf]);
    expect((await publish(foreign, true, tokens.user)).status).toBe(404);
    expect((await secure('GET', `entities/publication/state?id=${foreign}`, tokens.user)).status).toBe(404);
    expect((await secure('GET', `entities/publication/state?id=${own.entityId}`, tokens.user)).body.response).toMatchObject({ publish: false });
    for (const token of [tokens.admin, tokens.fec]) {
      expect((await publish(foreign, true, token)).body.response).toMatchObject({ entityId: foreign, publish: true });
      expect((await publish(foreign, false, token)).body.response).toMatchObject({ publish: false });
    }
    expect((await publish(999_999, true, tokens.admin)).status).toBe(404);
    for (const body of [
      { id: own.entityId, publish: 'true' },
      { id: own.entityId },
      { id: own.entityId, publish: true, extra: 1 },
      { id: -1, publish: true },
    ]) {
      expect([body, (await secure('POST', 'entities/publication', tokens.user, body)).status]).toEqual([body, 422]);
    }
    expect((await call(server, 'POST', '/api/secure/v1/entities/publication', { body: { id: own.entityId, publish: true } })).status).toBe(401);

    const before = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = 'entity.publication' AND entity_id = $1", [
      own.entityId,
    ]);
    await publish(own.entityId, true);
    await publish(own.entityId, true);
    await publish(own.entityId, false);
    const rows = await db.query<{ actor_email: string; details: { publish: boolean } }>(
      "SELECT actor_email, details FROM audit_log WHERE action = 'entity.publication' AND entity_id = $1 ORDER BY id",
      [own.entityId],
    );
    expect(rows.slice(before[0].n).map((r) => [r.actor_email, r.details.publish])).toEqual([
      ['usuario@demo.es', true],
      ['usuario@demo.es', false],
    ]);
  });

  it('tags each answer, answers 304 while nothing it shows changed, and a new answer once an entity publishes', async () => {
    const path = `edition?year=${finalYear}`;
    const first = await anonymous(path);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    const again = await anonymous(path, { 'if-none-match': etag });
    expect([again.status, await again.text()]).toEqual([304, '']);
    // Asked twice, the kept answer is compressed once (in the background) and then sent so to a caller that accepts it.
    let compressed = await rawGet(server, `/api/v1/public/${path}`, { 'accept-encoding': 'gzip' });
    for (let attempt = 0; attempt < 50 && compressed.headers['content-encoding'] !== 'gzip'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      compressed = await rawGet(server, `/api/v1/public/${path}`, { 'accept-encoding': 'gzip' });
    }
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(compressed.body).toString()).response).toEqual(((await first.json()) as { response: PublicEdition }).response);
    // Brotli too, first where both are accepted (the open data files are a fifth smaller so).
    let brotli = await rawGet(server, `/api/v1/public/${path}`, { 'accept-encoding': 'gzip, br' });
    for (let attempt = 0; attempt < 50 && brotli.headers['content-encoding'] !== 'br'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      brotli = await rawGet(server, `/api/v1/public/${path}`, { 'accept-encoding': 'gzip, br' });
    }
    expect(JSON.parse(brotliDecompressSync(brotli.body).toString())).toEqual(JSON.parse(gunzipSync(compressed.body).toString()));

    await publish(own.entityId, true);
    const changed = await anonymous(path, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(((await changed.json()) as { response: PublicEdition }).response.ranking.map((r) => r.entityId)).toEqual([own.entityId]);
    await publish(own.entityId, false);
  });

  it('writes the public pages on the server, without signing in: titles, descriptions and figures in the HTML, nothing of an edition not final', async () => {
    const edition = await publicJson<PublicEdition>(`edition?year=${finalYear}`);
    const list = await page('/publico');
    expect([list.status, list.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    expect(list.html).toContain(`<a href="/publico/${finalYear}">Edición ${finalYear}</a>`);
    expect(list.html).not.toContain(`/publico/${currentYear}"`);

    const shown = await page(`/publico/${finalYear}`);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain(`<title>Resultados de la edición ${finalYear} · Campañas de indicadores</title>`);
    const { participants, registered } = edition.country;
    expect(shown.html).toContain(`Participaron ${participants} de ${registered} entidades.`);
    expect(shown.html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"/]+/publico/${finalYear}">`));
    expect(shown.html).toContain(`<meta property="og:title" content="Resultados de la edición ${finalYear}">`);
    expect(shown.html).not.toContain('<script');
    // Every community's row, its mean a dash where the API withholds it.
    for (const community of edition.communities) {
      const mean = community.mean === null ? '—' : `${(community.mean * 100).toFixed(1).replace('.', ',')}%`;
      expect(shown.html).toContain(
        `<th scope="row">${community.name}</th><td class="num">${community.participants} / ${community.registered}</td><td class="num">${mean}</td>`,
      );
    }
    expect((await page(`/publico/${finalYear}?lang=en`)).html).toContain(`<title>Results of the ${finalYear} edition · Indicator campaigns</title>`);

    for (const path of [
      `/publico/${currentYear}`,
      '/publico/1990',
      '/publico/abc',
      `/publico/${currentYear}/entidad/${own.entityId}`,
      `/sello/${'0'.repeat(32)}`,
      '/sello/xyz',
      // Addresses under the pages that name no page: the public page not found, not the app's shell.
      `/publico/${finalYear}/`,
      '/sello/',
      `/publico/${finalYear}/entidad/1/x`,
    ]) {
      const missing = await page(path);
      expect([path, missing.status, missing.headers.get('content-type')]).toEqual([path, 404, 'text/html; charset=utf-8']);
      expect([path, missing.html]).toEqual([
        path,
        expect.stringMatching(path.startsWith('/sello') ? 'No existe ningún sello con este código.' : 'Página no encontrada'),
      ]);
    }
    for (const path of [
      `/publico/${finalYear}?comunidad=x`,
      `/publico/${finalYear}?lang=fr`,
      `/publico/${finalYear}?pagina=0`,
      `/publico/${finalYear}?lang=en&lang=ca`,
    ]) {
      expect([path, (await page(path)).status]).toEqual([path, 400]);
    }
    // A tag a social network adds is no filter and no error.
    expect((await page(`/publico/${finalYear}?fbclid=abc`)).status).toBe(200);
    // The 400 page in the language asked; a filtered view is not for search engines.
    expect((await page(`/publico/${finalYear}?lang=en&comunidad=x`)).html).toContain('Invalid address');
    expect(shown.html).not.toContain('noindex');
    expect((await page(`/publico/${finalYear}?q=ayuntamiento`)).html).toContain('<meta name="robots" content="noindex">');
  });

  it('names on the pages only the entities that publish, at once after a change of choice, and opens a profile only while it publishes', async () => {
    const names = await db.query<{ id: number; name: string }>('SELECT id, name FROM entities ORDER BY id');
    const escaped = (name: string) => name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
    const named = (html: string) => names.filter((e) => html.includes(`>${escaped(e.name)}</a>`)).map((e) => e.id);
    const before = await page(`/publico/${finalYear}`);
    expect(named(before.html)).toEqual([]);
    expect((await page(`/publico/${finalYear}/entidad/${own.entityId}`)).status).toBe(404);
    await publish(own.entityId, true);
    try {
      const after = await page(`/publico/${finalYear}`, { 'if-none-match': before.headers.get('etag')! });
      expect(after.status).toBe(200);
      expect(named(after.html)).toEqual([own.entityId]);
      const profile = await publicJson<PublicEntity>(`entity?year=${finalYear}&id=${own.entityId}`);
      const shown = await page(`/publico/${finalYear}/entidad/${own.entityId}`);
      expect(shown.status).toBe(200);
      expect(shown.html).toContain(`<h1>${escaped(profile.entity.name)}</h1>`);
      expect(shown.html).toContain(`${(profile.percentage * 100).toFixed(1).replace('.', ',')}%`);
      expect(shown.html.includes('<h2 id="seal">')).toBe(profile.seal !== null);
      // Filtered to another community, it is not listed.
      const { communities } = await publicJson<PublicEdition>(`edition?year=${finalYear}`);
      const elsewhere = communities.find((c) => c.id !== profile.entity.communityId)!.id;
      expect(named((await page(`/publico/${finalYear}?comunidad=${elsewhere}`)).html)).toEqual([]);
      expect(named((await page(`/publico/${finalYear}?comunidad=${profile.entity.communityId}`)).html)).toEqual([own.entityId]);
    } finally {
      await publish(own.entityId, false);
    }
    expect(named((await page(`/publico/${finalYear}`)).html)).toEqual([]);
    expect((await page(`/publico/${finalYear}/entidad/${own.entityId}`)).status).toBe(404);
  });

  it('lets only the sites of EMBED_ORIGINS frame the embed page, and no site any other page; a seal verifies on its page', async () => {
    const embed = await page(`/publico/${finalYear}/embed?vista=ranking`);
    expect(embed.status).toBe(200);
    expect(embed.headers.get('content-security-policy')).toContain('frame-ancestors https://diario.example');
    expect(embed.headers.get('x-frame-options')).toBeNull();
    const revalidated = await page(`/publico/${finalYear}/embed?vista=ranking`, { 'if-none-match': embed.headers.get('etag')! });
    expect([revalidated.status, revalidated.headers.get('content-security-policy')]).toEqual([304, embed.headers.get('content-security-policy')]);
    for (const path of ['/publico', `/publico/${finalYear}`, '/auth/login']) {
      const other = await page(path);
      expect([path, other.headers.get('x-frame-options'), other.headers.get('content-security-policy')]).toEqual([
        path,
        'SAMEORIGIN',
        expect.stringContaining("frame-ancestors 'self'"),
      ]);
    }
    const [seal] = await db.query<{ code: string; name: string }>(
      'SELECT s.code, e.name FROM seals s JOIN campaigns c ON c.id = s.campaign_id JOIN entities e ON e.id = c.entity_id ORDER BY s.campaign_id LIMIT 1',
    );
    const verified = await page(`/sello/${seal.code}?lang=ca`);
    expect(verified.status).toBe(200);
    expect(verified.html).toContain(`Segell autèntic: ${seal.name.replace(/&/g, '&amp;').replace(/'/g, '&#39;')} va obtenir`);
    expect((await page(`/sello/${seal.code.replace(/.$/, (c) => (c === '0' ? '1' : '0'))}`)).status).toBe(404);
  });

  it('holds a client address to PUBLIC_RATE_LIMIT requests a minute across the public pages and calls, with 429 and Retry-After', async () => {
    const limited = await startTestServer(db, { PUBLIC_RATE_LIMIT: '3' });
    try {
      const get = (path: string) => fetch(`${limited.url}${path}`);
      // One budget for every public address: pages and calls alike.
      for (const path of ['/publico', '/api/v1/public/editions', `/publico/${finalYear}`]) expect([path, (await get(path)).status]).toEqual([path, 200]);
      const refused = await get(`/publico/${finalYear}/embed?vista=mapa`);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await refused.json()).error.type).toBe('RATE_LIMITED');
      expect((await get('/api/v1/public/catalog')).status).toBe(429);
      // The rest of the server is not held back by it.
      expect((await get('/api/v1/health')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("tells an entity's members its campaign's seal or how far it is from its threshold, and ADMIN an edition's thresholds", async () => {
    const [held] = await db.query<{ code: string }>('SELECT code FROM seals WHERE campaign_id = $1', [own.campaignId]);
    const [{ population, percentage }] = await db.query<{ population: number; percentage: number }>(
      `SELECT en.population, cs.percentage::float8 AS percentage FROM campaigns c JOIN entities en ON en.id = c.entity_id
         JOIN campaign_scores cs ON cs.campaign_id = c.id AND cs.scope = 'total' AND cs.category_id = 0 WHERE c.id = $1`,
      [own.campaignId],
    );
    const band = sealThresholds.find((t) => t.maxPopulation === null || t.maxPopulation >= population)!;
    // As the seal is granted: both shown to one decimal (shown_percentage).
    const [{ lacking }] = await db.query<{ lacking: number }>('SELECT (greatest(0, shown_percentage($1) - shown_percentage($2)) / 10.0)::float8 AS lacking', [
      band.minPercentage,
      percentage,
    ]);
    for (const token of [tokens.user, tokens.admin, tokens.fec]) {
      const res = await secure('GET', `campaigns/seal?id=${own.campaignId}`, token);
      expect([res.status, res.body.response]).toEqual([
        200,
        {
          year: finalYear,
          final: true,
          threshold: band,
          percentage,
          lackingPoints: lacking,
          seal: held
            ? {
                code: held.code,
                pageUrl: `${server.ctx.config.publicUrl}/sello/${held.code}`,
                badgeUrl: `${server.ctx.config.publicUrl}/api/v1/public/sealBadge?code=${held.code}`,
              }
            : null,
        },
      ]);
    }
    const [{ id: foreign }] = await db.query<{ id: number }>('SELECT id FROM campaigns WHERE entity_id <> ALL($1::int[]) ORDER BY id LIMIT 1', [memberOf]);
    expect((await secure('GET', `campaigns/seal?id=${foreign}`, tokens.user)).status).toBe(404);
    expect((await secure('GET', 'campaigns/seal?id=999999', tokens.admin)).status).toBe(404);
    expect((await secure('GET', 'campaigns/seal?id=abc', tokens.admin)).status).toBe(422);

    const state = await secure('GET', `editions/seal/state?campaignNumber=${finalYear}`, tokens.admin);
    expect(state.body.response).toEqual({ campaignNumber: finalYear, thresholds: sealThresholds });
    expect((await secure('GET', `editions/seal/state?campaignNumber=${finalYear}`, tokens.user)).status).toBe(403);
    expect((await secure('GET', 'editions/seal/state?campaignNumber=1990', tokens.admin)).status).toBe(422);
  });

  it('publishes the open data under CC BY 4.0, as JSON and CSV: the publishing entities and every territory, withheld where the reports withhold', async () => {
    for (const path of [`opendata?year=${currentYear}&format=csv`, 'opendata?year=1990&format=json'])
      expect([path, (await anonymous(path)).status]).toEqual([path, 404]);
    for (const path of [`opendata?year=${finalYear}`, `opendata?year=${finalYear}&format=xml`])
      expect([path, (await anonymous(path)).status]).toEqual([path, 422]);
    await publish(own.entityId, true);
    try {
      const res = await anonymous(`opendata?year=${finalYear}&format=json`);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="indice-${finalYear}.json"`);
      expect(res.headers.get('link')).toBe('<https://creativecommons.org/licenses/by/4.0/>; rel="license"');
      expect(res.headers.get('x-license')).toBe('CC BY 4.0');
      const data = (await res.json()) as OpenData;
      expect(data.licence).toEqual({ name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' });
      expect(data.attribution).toContain('Campañas de indicadores');
      expect(data.edition).toMatchObject({ year: finalYear, minGroupSize: 3 });
      // Only the publishing entity, with every group's stored percentage.
      expect(data.entities.map((e) => e.entityId)).toEqual([own.entityId]);
      const stored = await db.query<{ scope: string; code: string | null; percentage: number }>(
        `SELECT cs.scope, cat.code, cs.percentage FROM campaign_scores cs LEFT JOIN categories cat ON cat.id = cs.category_id
          WHERE cs.campaign_id = $1 AND cs.scope IN ('total', 'axis', 'policy')`,
        [own.campaignId],
      );
      expect(Object.keys(data.entities[0].percentages).sort()).toEqual(stored.map((r) => (r.scope === 'total' ? 'total' : `${r.scope}:${r.code}`)).sort());
      for (const r of stored) expect(data.entities[0].percentages[r.scope === 'total' ? 'total' : `${r.scope}:${r.code}`]).toBe(r.percentage);
      // The territories' global means are the public edition's, withheld alike; no entity of another territory leaks.
      const edition = await publicJson<PublicEdition>(`edition?year=${finalYear}`);
      for (const p of edition.provinces.filter((p) => p.participants > 0)) {
        const served = data.territories.find((t) => t.territory === 'province' && t.id === p.id)!;
        expect([p.id, served.participants, served.withheld, served.means.total ?? null]).toEqual([p.id, p.participants, p.withheld, p.mean]);
        if (served.withheld) expect(Object.values(served.means).every((m) => m === null)).toBe(true);
      }
      expect(data.territories.filter((t) => t.territory === 'sizeBand').length).toBeGreaterThan(0);

      const csv = await anonymous(`opendata?year=${finalYear}&format=csv`);
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const rows = csvRows(await csv.text());
      const header = rows[0];
      expect(header.slice(0, 7)).toEqual(['ambito', 'id', 'nombre', 'provincia', 'comunidad', 'tamano', 'retenida']);
      expect(header.slice(7, 9)).toEqual(['Global (%)', 'Global (n)']);
      expect(header).toHaveLength(7 + 2 * data.groups.length + 1);
      expect(header.at(-1)).toBe('licencia');
      const column = (name: string) => header.indexOf(name);
      // One row per publishing entity, its figures those of the JSON.
      const entityRows = rows.filter((r) => r[0] === 'entidad');
      expect(entityRows.map((r) => r[1])).toEqual([String(own.entityId)]);
      for (const g of data.groups) {
        const label = g.scope === 'total' ? 'Global' : `${g.code} ${g.name}`;
        const cell = entityRows[0][column(`${label} (%)`)];
        expect([g.key, Number(cell.replace(',', '.'))]).toEqual([g.key, Math.round(data.entities[0].percentages[g.key] * 100 * 1000) / 1000]);
      }
      expect(rows[1].at(-1)).toMatch(/^CC BY 4\.0 https:\/\/creativecommons\.org\/licenses\/by\/4\.0\/ · Campañas de indicadores/);
      expect(rows.slice(2).every((r) => r.at(-1) === 'CC BY 4.0')).toBe(true);
      // A withheld territory: every percentage blank, its n given.
      const withheldRows = rows.filter((r) => r[column('retenida')] === 'sí');
      expect(withheldRows.length).toBeGreaterThan(0);
      expect(withheldRows.every((r) => r[column('Global (%)')] === '' && Number(r[column('Global (n)')]) > 0)).toBe(true);
      expect(rows.slice(1).filter((r) => r[0] !== 'entidad')).toHaveLength(data.territories.length);
    } finally {
      await publish(own.entityId, false);
    }
    expect(((await (await anonymous(`opendata?year=${finalYear}&format=json`)).json()) as OpenData).entities).toEqual([]);
  });

  it('describes the final editions in a DCAT-AP catalogue, valid JSON-LD, every URL absolute and each distribution downloadable', async () => {
    const res = await anonymous('catalog');
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/ld+json; charset=utf-8']);
    const expanded = (await jsonld.expand((await res.json()) as jsonld.JsonLdDocument)) as Record<string, any>[];
    const DCAT = 'http://www.w3.org/ns/dcat#';
    const DCT = 'http://purl.org/dc/terms/';
    const [catalog] = expanded.filter((node) => node['@type']?.includes(`${DCAT}Catalog`));
    for (const property of [`${DCT}title`, `${DCT}description`, `${DCT}publisher`, `${DCAT}dataset`])
      expect([property, catalog[property]?.length > 0]).toEqual([property, true]);
    const datasets = catalog[`${DCAT}dataset`] as Record<string, any>[];
    expect(datasets.map((d) => d[`${DCT}identifier`][0]['@value'])).toEqual([`indice-${finalYear}`]);
    const [dataset] = datasets;
    for (const property of [`${DCT}title`, `${DCT}description`, `${DCT}issued`, `${DCAT}distribution`])
      expect([property, dataset[property]?.length > 0]).toEqual([property, true]);
    const publicUrl = server.ctx.config.publicUrl.replace(/\/+$/, '');
    const ids: string[] = [];
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          if (key === '@id') ids.push(inner as string);
          else collect(inner);
        }
      }
    };
    collect(expanded);
    expect(ids.length).toBeGreaterThan(10);
    for (const id of ids) expect([id, /^https?:\/\/[^/]/.test(id)]).toEqual([id, true]);
    for (const distribution of dataset[`${DCAT}distribution`] as Record<string, any>[]) {
      expect(distribution[`${DCT}license`][0]['@id']).toBe('https://creativecommons.org/licenses/by/4.0/');
      const url = distribution[`${DCAT}accessURL`][0]['@id'] as string;
      expect(url.startsWith(`${publicUrl}/api/v1/public/opendata?year=${finalYear}&format=`)).toBe(true);
      expect((await fetch(server.url + url.slice(publicUrl.length))).status).toBe(200);
    }
  });

  it("grants a seal to every validated campaign reaching its population band's threshold, under a random code anyone verifies", async () => {
    const expected = await db.query<{ campaign_id: number; entity_id: number; name: string; publishes: boolean; percentage: number }>(
      `SELECT c.id AS campaign_id, en.id AS entity_id, en.name, en.publishes_results AS publishes, cs.percentage FROM campaigns c JOIN editions ed ON ed.id = c.edition_id
         JOIN entities en ON en.id = c.entity_id
         JOIN campaign_scores cs ON cs.campaign_id = c.id AND cs.scope = 'total' AND cs.category_id = 0
        WHERE ed.campaign_number = $1 AND c.status = 'sent' AND c.review_status = 'validated'
          AND (en.population <= 5000 OR round((cs.percentage * 100)::numeric, 1) >= round(($2::float8 * 100)::numeric, 1))
        ORDER BY c.id`,
      [finalYear, sealThresholds[1].minPercentage],
    );
    const seals = await db.query<{ code: string; campaign_id: number }>('SELECT code, campaign_id FROM seals ORDER BY campaign_id');
    expect(seals.map((s) => s.campaign_id)).toEqual(expected.map((e) => e.campaign_id));
    expect(seals.length).toBeGreaterThan(1);
    expect(new Set(seals.map((s) => s.code)).size).toBe(seals.length);
    for (const { code } of seals) expect(code).toMatch(/^[0-9a-f]{32}$/);
    const [audit] = await db.query<{ details: { seals: number } }>("SELECT details FROM audit_log WHERE action = 'edition.publishFinal'");
    expect(audit.details.seals).toBe(seals.length);

    const [first] = seals;
    const granted = expected.find((e) => e.campaign_id === first.campaign_id)!;
    expect(await publicJson<PublicSeal>(`seal?code=${first.code}`)).toMatchObject({
      code: first.code,
      entity: { id: granted.entity_id, name: granted.name, publishes: granted.publishes },
      year: finalYear,
      percentage: granted.percentage,
    });
    const badge = await anonymous(`sealBadge?code=${first.code}`);
    expect([badge.status, badge.headers.get('content-type')]).toEqual([200, 'image/svg+xml; charset=utf-8']);
    expect(badge.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    const svg = await badge.text();
    expect(svg).toContain(`Sello ${finalYear}`);
    expect(svg).not.toMatch(/<script|href=/i);
    expect((await anonymous(`seal?code=${'0'.repeat(32)}`)).status).toBe(404);
    expect((await anonymous(`sealBadge?code=${'0'.repeat(32)}`)).status).toBe(404);
    for (const code of ['', 'ABC', `${first.code}0`, first.code.toUpperCase()])
      expect([code, (await anonymous(`seal?code=${code}`)).status]).toEqual([code, 422]);

    // The public profile names its seal; thresholds change no more once final; only ADMIN sets them.
    await publish(own.entityId, true);
    try {
      const profile = await publicJson<PublicEntity>(`entity?year=${finalYear}&id=${own.entityId}`);
      expect(profile.seal).toEqual(
        seals.find((s) => s.campaign_id === own.campaignId) ? { code: seals.find((s) => s.campaign_id === own.campaignId)!.code } : null,
      );
    } finally {
      await publish(own.entityId, false);
    }
    const body = { campaignNumber: finalYear, thresholds: [{ maxPopulation: null, minPercentage: 0.1 }] };
    expect((await secure('POST', 'editions/seal', tokens.admin, body)).body.error.data).toMatchObject({ code: 'EDITION_FINAL' });
    for (const token of [tokens.fec, tokens.user])
      expect((await secure('POST', 'editions/seal', token, { ...body, campaignNumber: currentYear })).status).toBe(403);
    for (const thresholds of [
      [
        { maxPopulation: 5000, minPercentage: 0.5 },
        { maxPopulation: 5000, minPercentage: 0.6 },
      ],
      [{ maxPopulation: null, minPercentage: 1.5 }],
      [{ maxPopulation: 0, minPercentage: 0.5 }],
      [{ maxPopulation: null }],
      // A percentage is a number: as text it is refused, never read as one.
      [{ maxPopulation: null, minPercentage: '0.5' }],
      // In tenths of a percent, as shown: 85.55 % would show as one figure and count as another.
      [{ maxPopulation: null, minPercentage: 0.8555 }],
    ]) {
      expect([thresholds, (await secure('POST', 'editions/seal', tokens.admin, { campaignNumber: currentYear, thresholds })).status]).toEqual([
        thresholds,
        422,
      ]);
    }
    expect((await secure('POST', 'editions/seal', tokens.admin, { campaignNumber: 1990, thresholds: [] })).status).toBe(422);
    expect((await secure('POST', 'editions/seal', tokens.admin, { campaignNumber: currentYear, thresholds: [] })).body.response).toEqual({
      campaignNumber: currentYear,
      thresholds: [],
    });
  });
});
