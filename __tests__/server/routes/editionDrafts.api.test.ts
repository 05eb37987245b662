import ExcelJS from 'exceljs';
import { testBackends } from '../../helpers/db.js';
import { startDemoServer, type DemoServer } from '../../helpers/demoServer.js';
import { call } from '../../helpers/server.js';
import type { Catalogue } from '../../../src/server/catalogue/parse.js';
import type { EditionDraft } from '../../../src/shared/api/editions.js';
import type { IndicatorGroup } from '../../../src/shared/api/campaigns.js';
import { localize } from '../../../src/shared/editionTexts.js';

const backends = await testBackends();

describe.each(backends)('editions written in the app on $name', ({ openDemo }) => {
  let demo: DemoServer;
  const post = (url: string, body: unknown, token = demo.tokens.fec) => call(demo.server, 'POST', `/api/secure/v1/editions/${url}`, { token, body });
  const get = (url: string, token = demo.tokens.fec) => call(demo.server, 'GET', `/api/secure/v1/editions/${url}`, { token });
  const draftOf = (res: { body: { response: unknown } }) => res.body.response as EditionDraft;
  const firstQuestion = (document: unknown) => (document as Catalogue).axes[0].policies[0].measures[0].indicators[0].subindicators[0];

  /** Sends a spreadsheet as the page does: the year, then the file. */
  async function uploadSheet(bytes: Uint8Array, year: string, token = demo.tokens.fec) {
    const form = new FormData();
    form.append('campaignNumber', year);
    form.append('file', new Blob([bytes as BlobPart]), 'edicion.xlsx');
    const res = await fetch(`${demo.server.url}/api/secure/v1/editions/spreadsheet`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: res.status, body: JSON.parse(await res.text()) };
  }
  async function download(year: number, token = demo.tokens.fec) {
    const res = await fetch(`${demo.server.url}/api/secure/v1/editions/spreadsheet?campaignNumber=${year}`, { headers: { authorization: `Bearer ${token}` } });
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      disposition: res.headers.get('content-disposition'),
      bytes: new Uint8Array(await res.arrayBuffer()),
    };
  }

  beforeAll(async () => {
    demo = await startDemoServer(openDemo);
  });
  afterAll(() => demo?.close());

  it('copies an edition into a draft of a new year, once, for ADMIN and FEC only', async () => {
    for (const token of [demo.tokens.user]) {
      expect((await post('draft/create', { from: 2026, campaignNumber: 2027 }, token)).status).toBe(403);
      expect((await get('draft?campaignNumber=2027', token)).status).toBe(403);
      expect((await download(2026, token)).status).toBe(403);
    }
    const created = await post('draft/create', { from: 2026, campaignNumber: 2027 });
    expect(created.status).toBe(200);
    const draft = draftOf(created);
    expect(draft).toMatchObject({ campaignNumber: 2027, version: 1, basedOn: 2026, problems: [], previousYear: 2026, updatedBy: 'fec@demo.es' });
    // Nothing changed yet: no differences with 2026.
    expect(draft.diff).toMatchObject({ questions: { added: [], removed: [], renamed: [], pointsChanged: [] } });
    expect((draft.document as Catalogue).edition).toBe(2027);
    expect((await get('draft?campaignNumber=2027')).body.response).toEqual(draft);
    expect((await get('drafts')).body.response).toEqual([{ campaignNumber: 2027, version: 1, updatedAt: draft.updatedAt }]);

    expect((await post('draft/create', { from: 2026, campaignNumber: 2027 }, demo.tokens.admin)).body.error).toMatchObject({
      type: 'CONFLICT',
      data: { exists: 'draft' },
    });
    expect((await post('draft/create', { from: 2025, campaignNumber: 2026 })).body.error).toMatchObject({ type: 'CONFLICT', data: { exists: 'edition' } });
    expect((await post('draft/create', { from: 2019, campaignNumber: 2030 })).status).toBe(422);
    for (const body of [
      { from: '2026', campaignNumber: 2030 },
      { from: 2026, campaignNumber: 1999 },
      { from: 2026 },
      { from: 2026, campaignNumber: 2030, extra: 1 },
    ]) {
      expect([body, (await post('draft/create', body)).status]).toEqual([body, 422]);
    }
  });

  it('changes a draft by operations on the version it was read at, shows what the checks find and refuses a stale version', async () => {
    const before = draftOf(await get('draft?campaignNumber=2027'));
    const question = firstQuestion(before.document);
    const changed = await post('draft/update', {
      campaignNumber: 2027,
      version: before.version,
      operations: [
        { op: 'update', level: 'subindicator', code: question.code, changes: { text: '¿Tiene la entidad una ordenanza aprobada?' } },
        { op: 'add', level: 'response', parent: question.code, node: { code: 'R9', text: 'Sí, y la revisa cada año', value: 5 } },
      ],
    });
    expect(changed.status).toBe(200);
    const after = draftOf(changed);
    expect(after.version).toBe(before.version + 1);
    expect(firstQuestion(after.document)).toMatchObject({
      text: '¿Tiene la entidad una ordenanza aprobada?',
      responses: expect.arrayContaining([{ code: 'R9', text: 'Sí, y la revisa cada año', value: 5 }]),
    });
    // What the comparisons will mark as changed.
    expect(after.diff!.questions.renamed).toEqual([expect.objectContaining({ code: question.code, after: '¿Tiene la entidad una ordenanza aprobada?' })]);
    expect(after.diff!.questions.pointsChanged.map((p) => p.code)).toEqual([question.code]);

    // Someone else's change came first: 409 with the draft as it is now, and nothing written.
    const stale = await post(
      'draft/update',
      { campaignNumber: 2027, version: before.version, operations: [{ op: 'setTitle', title: 'Otra' }] },
      demo.tokens.admin,
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error.data.draft).toMatchObject({ version: after.version });
    // A node the draft does not have: 422 naming the operation, and the earlier operations not kept either.
    const missing = await post('draft/update', {
      campaignNumber: 2027,
      version: after.version,
      operations: [
        { op: 'setTitle', title: 'No se guarda' },
        { op: 'remove', level: 'measure', code: 'NO-EXISTE' },
      ],
    });
    expect([missing.status, missing.body.error.data]).toEqual([422, { operation: 1, reason: 'NODE_NOT_FOUND' }]);
    expect(draftOf(await get('draft?campaignNumber=2027'))).toMatchObject({
      version: after.version,
      document: expect.objectContaining({ title: (before.document as Catalogue).title }),
    });
    for (const operation of [
      { op: 'update', level: 'response', code: 'R1', subindicator: question.code, changes: { value: '5' } },
      { op: 'update', level: 'response', code: 'R1', subindicator: question.code, changes: { value: 101 } },
      { op: 'update', level: 'axis', code: 'E1', changes: { text: 'a\nb' } },
      { op: 'rename', level: 'axis', code: 'E1' },
      { op: 'remove', level: 'axis', code: 'E1', extra: true },
      { op: 'add', level: 'competence', parent: null, node: {} },
    ]) {
      expect([operation, (await post('draft/update', { campaignNumber: 2027, version: after.version, operations: [operation] })).status]).toEqual([
        operation,
        422,
      ]);
    }
    expect((await post('draft/update', { campaignNumber: 2031, version: 1, operations: [{ op: 'setTitle', title: 'x' }] })).status).toBe(404);
  });

  it('keeps a half-written draft with its problems placed by codes, and publishes it only once they are gone', async () => {
    const draft = draftOf(await get('draft?campaignNumber=2027'));
    const indicator = (draft.document as Catalogue).axes[0].policies[0].measures[0].indicators[0];
    const half = draftOf(
      await post('draft/update', {
        campaignNumber: 2027,
        version: draft.version,
        operations: [
          {
            op: 'add',
            level: 'subindicator',
            parent: indicator.code,
            index: 0,
            node: { code: 'NUEVA', text: '¿Nueva?', type: 'single', responses: [{ code: 'R1', text: 'Sí', value: 2 }] },
          },
        ],
      }),
    );
    expect(half.problems).toEqual([
      expect.objectContaining({
        code: 'TOO_FEW_RESPONSES',
        where: [
          { level: 'indicator', code: indicator.code },
          { level: 'subindicator', code: 'NUEVA' },
        ],
        place: `indicador ${indicator.code} › subindicador NUEVA`,
        message: 'necesita al menos 2 respuestas no obsoletas',
      }),
    ]);
    expect(half.diff).toBeNull();
    expect((await post('publish', { campaignNumber: 2027 })).body.error).toMatchObject({
      type: 'VALIDATION',
      data: { problems: [expect.objectContaining({ code: 'TOO_FEW_RESPONSES' })] },
    });
    const fixed = draftOf(
      await post('draft/update', {
        campaignNumber: 2027,
        version: half.version,
        operations: [
          { op: 'add', level: 'response', parent: 'NUEVA', node: { code: 'R2', text: 'No', value: 0 } },
          { op: 'move', level: 'subindicator', code: 'NUEVA', parent: indicator.code, index: 1 },
          { op: 'update', level: 'subindicator', code: 'NUEVA', changes: { translations: { ca: { text: 'Nova?' }, en: { text: 'New?' } } } },
          { op: 'update', level: 'response', subindicator: 'NUEVA', code: 'R1', changes: { translations: { ca: { text: 'Sí' } } } },
        ],
      }),
    );
    expect(fixed.problems).toEqual([]);
    expect((fixed.document as Catalogue).axes[0].policies[0].measures[0].indicators[0].subindicators.map((s) => s.code).slice(0, 2)).toEqual([
      indicator.subindicators[0].code,
      'NUEVA',
    ]);
    expect(fixed.diff!.questions.added).toEqual([{ code: 'NUEVA', text: '¿Nueva?' }]);

    expect((await post('publish', { campaignNumber: 2027 }, demo.tokens.user)).status).toBe(403);
    const published = await post('publish', { campaignNumber: 2027 });
    expect(published.status).toBe(200);
    expect(published.body.response).toMatchObject({ year: 2027 });
    expect((await get('draft?campaignNumber=2027')).status).toBe(404);
    expect((await post('publish', { campaignNumber: 2027 })).status).toBe(404);
    // The edition as written: the new question and the new response's points.
    const [points] = await demo.db.query<{ value: number }>(
      `SELECT r.value FROM responses r JOIN subindicators s ON s.id = r.subindicator_id JOIN indicators i ON i.id = s.indicator_id
         JOIN editions e ON e.id = i.edition_id WHERE e.campaign_number = 2027 AND r.code = 'R9'`,
    );
    expect(Number(points.value)).toBe(5);
    const [audit] = await demo.db.query<{ actor_email: string }>("SELECT actor_email FROM audit_log WHERE action = 'edition.import' ORDER BY id DESC LIMIT 1");
    expect(audit.actor_email).toBe('fec@demo.es');
    // Its translations are served with the questionnaire of a campaign of the edition, for the reader's language.
    const [entity] = await demo.db.query<{ id: number }>('SELECT id FROM entities ORDER BY id LIMIT 1');
    const created = await call(demo.server, 'POST', '/api/secure/v1/campaigns/create', { token: demo.tokens.admin, body: { entityId: entity.id } });
    const id = (created.body.response as { campaign: { id: number } }).campaign.id;
    const questionnaire = await call(demo.server, 'GET', `/api/secure/v1/campaigns/get?id=${id}`, { token: demo.tokens.admin });
    const { indicators } = questionnaire.body.response as { indicators: IndicatorGroup[] };
    const nueva = indicators[0].subindicators[1];
    expect(nueva).toMatchObject({ text: '¿Nueva?', translations: { ca: { text: 'Nova?' }, en: { text: 'New?' } } });
    expect(nueva.responses[0]).toMatchObject({ text: 'Sí', translations: { ca: { text: 'Sí' } } });
    expect(nueva.responses[1]).not.toHaveProperty('translations');
    expect(localize(nueva, 'va').text).toBe('Nova?');
    expect(localize(nueva, 'gl').text).toBe('¿Nueva?');
  });

  it('gives an edition as a spreadsheet and makes a draft from one: unchanged, the same questionnaire; broken, every problem at its cell', async () => {
    const sheet = await download(2026);
    expect([sheet.status, sheet.type, sheet.disposition]).toEqual([
      200,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'attachment; filename="edicion-2026.xlsx"',
    ]);
    expect((await download(2099)).status).toBe(404);

    const made = await uploadSheet(sheet.bytes, '2028');
    expect(made.status).toBe(200);
    const draft = draftOf(made);
    expect(draft).toMatchObject({ campaignNumber: 2028, basedOn: null, problems: [] });
    const copied = draftOf(await post('draft/create', { from: 2026, campaignNumber: 2029 }));
    expect({ ...(draft.document as Catalogue), edition: 0 }).toEqual({ ...(copied.document as Catalogue), edition: 0 });

    expect((await uploadSheet(sheet.bytes, '2026')).body.error).toMatchObject({ type: 'CONFLICT', data: { exists: 'edition' } });
    for (const year of ['abc', '20280', ' 2030', '1999']) expect([year, (await uploadSheet(sheet.bytes, year)).status]).toEqual([year, 422]);
    expect((await uploadSheet(sheet.bytes, '2030', demo.tokens.user)).status).toBe(403);
    const notASheet = await uploadSheet(new TextEncoder().encode('{"edition": 2030}'), '2030');
    expect(notASheet.body.error.data.problems).toEqual([expect.objectContaining({ code: 'NOT_A_SPREADSHEET' })]);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(sheet.bytes.buffer as ArrayBuffer);
    workbook.getWorksheet('Cuestionario')!.getCell('R3').value = 'muchos';
    const broken = await uploadSheet(new Uint8Array(await workbook.xlsx.writeBuffer()), '2030');
    expect(broken.status).toBe(422);
    expect(broken.body.error.data.problems).toEqual([
      { sheet: 'Cuestionario', row: 3, column: 'R', header: 'Puntos', code: 'NOT_A_NUMBER', params: { field: 'value' }, message: 'value debe ser un número' },
    ]);
    expect((await get('draft?campaignNumber=2030')).status).toBe(404);
  });

  it('refuses changes that would make a draft larger or deeper than a questionnaire, keeping it as it was', async () => {
    const draft = draftOf(await post('draft/create', { from: 2025, campaignNumber: 2040 }));
    const wide = { code: 'E9', text: 'Ancho', policies: Array.from({ length: 1001 }, () => ({})) };
    let deep: Record<string, unknown> = { code: 'X' };
    for (let i = 0; i < 60; i++) deep = { code: `N${i}`, text: 'x', policies: [deep] };
    for (const node of [wide, deep]) {
      const res = await post('draft/update', { campaignNumber: 2040, version: draft.version, operations: [{ op: 'add', level: 'axis', parent: null, node }] });
      expect([res.status, res.body.error.data]).toEqual([422, { operation: 0, problems: [expect.objectContaining({ code: 'TOO_MANY_VALUES' })] }]);
    }
    expect(draftOf(await get('draft?campaignNumber=2040')).version).toBe(draft.version);
  });

  it('never loses a change made while the draft is being published: the change or the publication is refused', async () => {
    for (let round = 0; round < 4; round++) {
      const year = 2050 + round;
      const draft = draftOf(await post('draft/create', { from: 2026, campaignNumber: year }));
      const [published, changed] = await Promise.all([
        post('publish', { campaignNumber: year }),
        post('draft/update', { campaignNumber: year, version: draft.version, operations: [{ op: 'setTitle', title: `Cambiado ${year}` }] }),
      ]);
      const [edition] = await demo.db.query<{ title: string }>('SELECT title FROM editions WHERE campaign_number = $1', [year]);
      if (published.status === 200 && changed.status === 200) expect(edition.title).toBe(`Cambiado ${year}`);
      else expect([published.status, changed.status].sort()).toEqual(published.status === 200 ? [200, 404] : [200, 409]);
    }
  });

  it('throws a draft away as it was read, audited, and only for ADMIN and FEC; a draft changed since is kept', async () => {
    const draft = draftOf(await post('draft/create', { from: 2026, campaignNumber: 2060 }));
    expect((await post('draft/delete', { campaignNumber: 2060, version: draft.version }, demo.tokens.user)).status).toBe(403);
    for (const body of [
      { campaignNumber: 2060 },
      { campaignNumber: 2060, version: '1' },
      { campaignNumber: 2060, version: 0 },
      { campaignNumber: 2060, version: 1, x: 1 },
    ]) {
      expect([body, (await post('draft/delete', body)).status]).toEqual([body, 422]);
    }
    const changed = draftOf(
      await post(
        'draft/update',
        { campaignNumber: 2060, version: draft.version, operations: [{ op: 'setTitle', title: 'Cambiado por ADMIN' }] },
        demo.tokens.admin,
      ),
    );
    // Read before ADMIN's change: 409 with the draft as it is now, and the draft kept.
    const stale = await post('draft/delete', { campaignNumber: 2060, version: draft.version });
    expect([stale.status, stale.body.error.data.draft.version]).toEqual([409, changed.version]);
    expect((await get('draft?campaignNumber=2060')).status).toBe(200);

    const deleted = await post('draft/delete', { campaignNumber: 2060, version: changed.version });
    expect([deleted.status, deleted.body.response]).toEqual([200, { campaignNumber: 2060 }]);
    expect((await get('draft?campaignNumber=2060')).status).toBe(404);
    expect((await post('draft/delete', { campaignNumber: 2060, version: changed.version })).status).toBe(404);
    const [audit] = await demo.db.query<{ action: string; details: unknown }>(
      "SELECT action, details FROM audit_log WHERE action = 'edition.draftDelete' ORDER BY id DESC LIMIT 1",
    );
    expect(audit).toEqual({ action: 'edition.draftDelete', details: { year: 2060, version: changed.version } });
    // The year is free again, and no edition changed.
    expect((await post('draft/create', { from: 2026, campaignNumber: 2060 })).status).toBe(200);
  });
});
