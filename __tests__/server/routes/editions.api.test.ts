import fs from 'node:fs/promises';
import path from 'node:path';
import { testBackends } from '../../helpers/db.js';
import { startDemoServer, type DemoServer } from '../../helpers/demoServer.js';
import { call } from '../../helpers/server.js';
import type { ComparisonResponse } from '../../../src/shared/api/results.js';
import type { EditionPreview, EditionRow } from '../../../src/shared/api/editions.js';

const backends = await testBackends();
const demoFile = (year: number) => fs.readFile(path.resolve(`src/server/db/seed/catalogues/demo-${year}.json`), 'utf8');

describe.each(backends)('editions API on $name', ({ openDemo }) => {
  let demo: DemoServer;
  const count = async (table: string) => (await demo.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n;

  /** Posts a file as the page does: multipart/form-data, one part named file. */
  async function upload(call_: 'preview' | 'import', content: string | Uint8Array, token = demo.tokens.admin, field = 'file') {
    const form = new FormData();
    form.append(field, new Blob([content as BlobPart], { type: 'application/json' }), 'edicion.json');
    const res = await fetch(`${demo.server.url}/api/secure/v1/editions/${call_}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const text = await res.text();
    return { status: res.status, body: JSON.parse(text) };
  }
  const edition2027 = async () => (await demoFile(2026)).replace('"edition": 2026', '"edition": 2027');

  beforeAll(async () => {
    demo = await startDemoServer(openDemo);
  });
  afterAll(() => demo?.close());

  it('lists the editions to ADMIN and FEC with their sizes and campaigns per status, and to nobody else', async () => {
    const res = await call(demo.server, 'GET', '/api/secure/v1/editions/list', { token: demo.tokens.fec });
    expect(res.status).toBe(200);
    const rows = res.body.response as EditionRow[];
    expect(rows.map((r) => r.year)).toEqual([2026, 2025, 2024]);
    const [sent2025] = await demo.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM campaigns c JOIN editions e ON e.id = c.edition_id WHERE e.campaign_number = 2025 AND c.status = 'sent'",
    );
    expect(rows[1].campaigns.sent).toBe(sent2025.n);
    expect(rows[0].questions).toBe(rows[1].questions + 3);
    expect(rows[0]).toMatchObject({ axes: expect.any(Number), policies: expect.any(Number), measures: expect.any(Number) });
    expect((await call(demo.server, 'GET', '/api/secure/v1/editions/list', { token: demo.tokens.user })).status).toBe(403);
  });

  it('lets only ADMIN preview or import (FEC and USER 403), importing nothing', async () => {
    const file = await edition2027();
    for (const token of [demo.tokens.fec, demo.tokens.user]) {
      expect((await upload('preview', file, token)).status).toBe(403);
      expect((await upload('import', file, token)).status).toBe(403);
    }
    expect(await count('editions')).toBe(3);
  });

  it('lists every problem of a broken file with its path and its place named by codes, rules beside shape problems, and imports nothing', async () => {
    const broken = JSON.parse(await edition2027());
    broken.axes[2].policies[0].measures[1].code = '';
    broken.axes[0].policies[0].measures[0].indicators[0].subindicators[0].responses[0].value = -2;
    // Rules the shape cannot check, reported with the shape problems above: an unknown competence, one response alone.
    broken.axes[1].policies[0].measures[0].indicators[0].competence = 'C9';
    broken.axes[1].policies[0].measures[0].indicators[0].subindicators[0].responses.splice(1);
    for (const step of ['preview', 'import'] as const) {
      const res = await upload(step, JSON.stringify(broken));
      expect([res.status, res.body.error.type]).toEqual([422, 'VALIDATION']);
      expect(res.body.error.data.problems).toEqual([
        {
          path: 'axes[0].policies[0].measures[0].indicators[0].subindicators[0].responses[0].value',
          where: [{ level: 'subindicator', code: 'E1.P1.M1.I1.S1' }, { level: 'response', code: 'R1' }, { field: 'value' }],
          place: 'subindicador E1.P1.M1.I1.S1 › respuesta R1 › value',
          code: 'TOO_SMALL',
          params: { field: 'value', min: 0 },
          message: 'value debe ser 0 o más',
        },
        expect.objectContaining({
          path: 'axes[2].policies[0].measures[1].code',
          place: 'política E3.P1 › medida n.º 2 › code',
          code: 'REQUIRED',
          message: 'falta el campo code',
        }),
        expect.objectContaining({
          path: 'axes[1].policies[0].measures[0].indicators[0]',
          place: 'indicador E2.P1.M1.I1',
          code: 'COMPETENCE_UNKNOWN',
          params: { item: 'C9' },
          message: 'la competencia "C9" no está en competences',
        }),
        expect.objectContaining({
          path: 'axes[1].policies[0].measures[0].indicators[0].subindicators[0]',
          place: 'subindicador E2.P1.M1.I1.S1',
          code: 'TOO_FEW_RESPONSES',
          message: 'necesita al menos 2 respuestas no obsoletas',
        }),
      ]);
    }
    const syntax = await upload('preview', '{\n  "edition": 2027,\n  "axes": [\n}');
    expect(syntax.body.error.data.problems).toEqual([expect.objectContaining({ line: 4, column: 1 })]);
    expect(await count('editions')).toBe(3);
  });

  it('refuses control characters in every text of an edition (a title with CR/LF is not stored)', async () => {
    const texts: [string, (c: Record<string, any>) => void, string][] = [
      [
        'title',
        (c) => {
          c.title = 'Campaña\r\nBcc: todos@example.com';
        },
        'title',
      ],
      [
        'a competence',
        (c) => {
          c.competences[0].text = 'Competencia\u0000propia';
        },
        'competencia C1 › text',
      ],
      [
        'an axis code',
        (c) => {
          c.axes[0].code = 'E1\tX';
        },
        'eje n.º 1 › code',
      ],
      [
        'a question',
        (c) => {
          c.axes[0].policies[0].measures[0].indicators[0].subindicators[0].text = '¿Sí\u202e?';
        },
        'subindicador E1.P1.M1.I1.S1 › text',
      ],
      [
        'a response',
        (c) => {
          c.axes[0].policies[0].measures[0].indicators[0].subindicators[0].responses[1].text = 'No\u001b[31m';
        },
        'subindicador E1.P1.M1.I1.S1 › respuesta R2 › text',
      ],
      [
        'a competence reference',
        (c) => {
          c.axes[0].policies[0].measures[0].indicators[0].competence = 'C1\n';
        },
        'indicador E1.P1.M1.I1 › competence',
      ],
    ];
    for (const [what, change, place] of texts) {
      const file = JSON.parse(await edition2027());
      change(file);
      const res = await upload('import', JSON.stringify(file));
      expect([what, res.status, res.body.error.type]).toEqual([what, 422, 'VALIDATION']);
      expect(res.body.error.data.problems.map((p: { path: string; place?: string; message: string }) => [p.place ?? p.path, p.message])).toEqual([
        [place, 'no puede tener saltos de línea, tabuladores ni otros caracteres de control'],
      ]);
    }
    expect(await count('editions')).toBe(3);
  });

  it('previews a good file with the differences from the previous edition, then imports it once, audited', async () => {
    const file = await edition2027();
    const preview = await upload('preview', file);
    expect(preview.status).toBe(200);
    const body = preview.body.response as EditionPreview;
    expect([body.year, body.previousYear, body.indicators.length > 40]).toEqual([2027, 2026, true]);
    expect(body.diff).toMatchObject({
      measures: { added: [], removed: [], renamed: [] },
      questions: { added: [], removed: [], renamed: [], pointsChanged: [] },
      changedPolicies: [],
    });
    expect(await count('editions')).toBe(3);

    const imported = await upload('import', file);
    expect([imported.status, imported.body.response.year]).toEqual([200, 2027]);
    expect(await count('editions')).toBe(4);
    const [audit] = await demo.db.query<{ actor_email: string; target_id: string }>(
      "SELECT actor_email, target_id FROM audit_log WHERE action = 'edition.import'",
    );
    expect(audit).toEqual({ actor_email: 'admin@demo.es', target_id: String(imported.body.response.id) });

    const again = await upload('import', file);
    expect([again.status, again.body.error.type, again.body.error.data]).toEqual([409, 'CONFLICT', { year: 2027 }]);
    const previewAgain = await upload('preview', file);
    expect(previewAgain.body.error.data.problems).toEqual([
      { path: 'edition', code: 'EDITION_EXISTS', params: { year: '2027' }, message: 'la edición 2027 ya está importada' },
    ]);
    expect(await count('editions')).toBe(4);
  });

  it('previews the differences from the previous edition: the demo 2025 questionnaire after 2027 (a copy of 2026)', async () => {
    const file = (await demoFile(2025)).replace('"edition": 2025', '"edition": 2028');
    const preview = (await upload('preview', file)).body.response as EditionPreview;
    expect(preview.previousYear).toBe(2027);
    const diff = preview.diff!;
    expect(diff.questions.removed.map((q) => q.code).sort()).toEqual(['E1.P2.M2.I1.S3', 'E2.P1.M2.I2.S3', 'E4.P2.M2.I1.S3']);
    expect(diff.questions.renamed).toEqual(
      expect.arrayContaining([
        {
          code: 'E2.P2.M1.I1.S1',
          before: '¿Dispone la entidad de una ordenanza de recogida separada de biorresiduos?',
          after: '¿Ha aprobado la entidad una ordenanza que regule la recogida separada de biorresiduos?',
        },
      ]),
    );
    expect(diff.questions.pointsChanged.map((q) => q.code)).toEqual(['E3.P2.M1.I1.S2']);
    expect([...diff.changedPolicies].sort()).toEqual(['E1.P2', 'E2.P1', 'E2.P2', 'E3.P1', 'E3.P2', 'E4.P2']);
  });

  it('imports one of two simultaneous imports of a year and refuses the other with 409', async () => {
    const file = (await demoFile(2026)).replace('"edition": 2026', '"edition": 2029');
    const answers = await Promise.all([upload('import', file), upload('import', file)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await demo.db.query<{ n: number }>('SELECT count(*)::int AS n FROM editions WHERE campaign_number = 2029'))[0].n).toBe(1);
  });

  it('never answers 5xx to hostile uploads', async () => {
    const hostile: (string | Uint8Array)[] = [
      new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      '['.repeat(50000) + ']'.repeat(50000),
      JSON.stringify(Array(300000).fill(0)),
      '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
      '',
      'null',
      'x'.repeat(100),
    ];
    for (const content of hostile) {
      const res = await upload('preview', content);
      expect([res.status, res.body.error.type]).toEqual([422, 'VALIDATION']);
    }
    const big = await upload('preview', 'x'.repeat(3 * 1024 * 1024));
    expect([big.status, big.body.error.type]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect((await upload('preview', '{}', demo.tokens.admin, 'other')).status).toBe(422);
    const json = await call(demo.server, 'POST', '/api/secure/v1/editions/preview', { body: { file: '{}' }, token: demo.tokens.admin });
    expect([json.status, json.body.error.type]).toEqual([422, 'VALIDATION']);
    expect(await count('editions')).toBe(5);
  });

  it("marks the comparison policies whose questions or points changed since the previous campaign's edition", async () => {
    const [campaign] = await demo.db.query<{ id: number }>(
      `SELECT c.id FROM campaigns c JOIN editions e ON e.id = c.edition_id
        WHERE e.campaign_number = 2026 AND c.status = 'sent'
          AND EXISTS (SELECT 1 FROM campaigns p JOIN editions pe ON pe.id = p.edition_id WHERE p.entity_id = c.entity_id AND pe.campaign_number = 2025 AND p.status = 'sent')
        ORDER BY c.id LIMIT 1`,
    );
    const res = await call(demo.server, 'GET', `/api/secure/v1/campaigns/comparison?id=${campaign.id}`, { token: demo.tokens.admin });
    const body = res.body.response as ComparisonResponse;
    const texts = new Map(
      (await demo.db.query<{ code: string; text: string }>("SELECT code, text FROM categories WHERE type = 'policy'")).map((r) => [r.text, r.code]),
    );
    const marked = body.current.flatMap((a) => a.valuesByPolicy.filter((p) => p.contentChanged).map((p) => texts.get(p.policyText)));
    // FORMAT.md's table: three new questions (E1.P2, E2.P1, E4.P2), two reworded (E2.P2, E3.P1), one response made obsolete (E3.P2).
    expect(marked.sort()).toEqual(['E1.P2', 'E2.P1', 'E2.P2', 'E3.P1', 'E3.P2', 'E4.P2']);
    expect(body.current.flatMap((a) => a.valuesByPolicy).every((p) => typeof p.contentChanged === 'boolean')).toBe(true);
    expect(body.previous?.flatMap((a) => a.valuesByPolicy).some((p) => 'contentChanged' in p)).toBe(false);
  });
});
