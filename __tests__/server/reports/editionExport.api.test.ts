import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { jest } from '@jest/globals';
import { recordingResults, testBackends } from '../../helpers/db.js';
import { call, rawGet, startTestServer, type TestServer } from '../../helpers/server.js';
import { signInDemoAccounts } from '../../helpers/auth.js';
import type { Db } from '../../../src/server/db/client.js';
import {
  answerPages,
  campaignPages,
  campaignsPerPage,
  editionQuestions,
  EXPORT_PAGE_ROWS,
  findEditionByNumber,
  scorePages,
} from '../../../src/server/db/repositories/editionExport.js';
import { answerRow, editionCsv, exportWords, writeEditionXlsx } from '../../../src/server/reports/editionExport.js';
import { CSV_CHUNK_CHARS } from '../../../src/shared/csv.js';
import es from '../../../i18n/es.json' with { type: 'json' };
import { csvRows } from '../../helpers/csv.js';

const backends = await testBackends();

describe.each(backends)('edition export on $name', ({ openDemo }) => {
  let db: Db;
  let server: TestServer;
  let tokens: Record<string, string>;
  let sent: { id: number; entity: string; value: number; percentage: number; answers: number };

  const download = (query: string, token: string) => rawGet(server, `/api/secure/v1/campaigns/export?${query}`, { authorization: `Bearer ${token}` });

  beforeAll(async () => {
    db = await openDemo();
    server = await startTestServer(db);
    tokens = await signInDemoAccounts(server);
    const [row] = await db.query<{ id: number; entity: string; value: number; percentage: number; answers: string }>(
      `SELECT c.id, en.name AS entity, cs.value, cs.percentage, (SELECT count(*) FROM answers a WHERE a.campaign_id = c.id) AS answers
         FROM campaigns c JOIN editions ed ON ed.id = c.edition_id JOIN entities en ON en.id = c.entity_id
         JOIN campaign_scores cs ON cs.campaign_id = c.id AND cs.scope = 'total'
        WHERE ed.campaign_number = 2026 AND c.status = 'sent' ORDER BY c.id LIMIT 1`,
    );
    sent = { ...row, answers: Number(row.answers) };
    // Instants whose Madrid date and hour differ from UTC's: 01:30 CET, and 00:15 CEST of the next day.
    await db.query("UPDATE campaigns SET start_date = '2026-03-29T00:30:00Z', end_date = '2026-07-15T22:15:00Z' WHERE id = $1", [sent.id]);
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it.each(['admin', 'fec'])('gives %s the CSV of an edition: every campaign, its scores and its answers', async (who) => {
    const res = await download('edition=2026&format=csv', tokens[who]);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="edicion-2026.csv"');
    const rows = csvRows(res.body.toString('utf8'));
    expect(rows[0].slice(0, 3)).toEqual(['Campaña', 'Edición', 'Entidad']);
    const [{ count: campaigns }] = await db.query<{ count: string }>(
      'SELECT count(*) FROM campaigns c JOIN editions ed ON ed.id = c.edition_id WHERE ed.campaign_number = 2026',
    );
    expect(rows.filter((r) => r[8] === 'Campaña')).toHaveLength(Number(campaigns));
    const campaign = rows.find((r) => r[8] === 'Campaña' && r[0] === String(sent.id))!;
    expect(campaign[2]).toBe(sent.entity);
    // The screens' words and a clock in Madrid, not UTC's ISO 8601.
    expect(campaign.slice(5, 8)).toEqual(['Completa', '2026-03-29 01:30', '2026-07-16 00:15']);
    const statuses = new Set(rows.filter((r) => r[8] === 'Campaña').map((r) => r[5]));
    for (const status of statuses) expect([es['CAMPAIGNS.STATUS.created'], es['CAMPAIGNS.STATUS.draft'], es['CAMPAIGNS.STATUS.sent']]).toContain(status);
    // Where each campaign's review stands, in the screens' words; none for a campaign not sent.
    for (const row of rows.filter((r) => r[8] === 'Campaña'))
      expect([row[5], row[18]]).toEqual(row[5] === 'Completa' ? [row[5], expect.stringMatching(/^(Pendiente|Correcciones pedidas|Validada)$/)] : [row[5], '']);
    expect(Number(campaign[13].replace(',', '.'))).toBeCloseTo(sent.percentage * 100, 1);
    expect(rows.filter((r) => r[8] === 'Respuesta' && r[0] === String(sent.id))).toHaveLength(sent.answers);
    expect(rows.some((r) => r[8] === 'Eje' && r[0] === String(sent.id))).toBe(true);
  });

  it.each(['admin', 'fec'])('gives %s the Excel file of an edition: a sheet per section, numbers with their formats', async (who) => {
    const res = await download('edition=2026&format=xlsx', tokens[who]);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Uint8Array.from(res.body).buffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Campañas', 'Puntuaciones', 'Respuestas']);
    const campaigns = workbook.getWorksheet('Campañas')!;
    let found: ExcelJS.Row | undefined;
    campaigns.eachRow((row) => {
      if (row.getCell(1).value === sent.id) found = row;
    });
    expect(found!.getCell(3).value).toBe(sent.entity);
    expect(found!.getCell(6).value).toBe('Completa');
    // Excel has no time zones: the cell holds Madrid's wall clock.
    expect([found!.getCell(7).value, found!.getCell(8).value]).toEqual([new Date('2026-03-29T01:30:00Z'), new Date('2026-07-16T00:15:00Z')]);
    expect(found!.getCell(12).value).toBeCloseTo(sent.value, 6);
    expect(found!.getCell(14).value).toBeCloseTo(sent.percentage, 6);
    expect(found!.getCell(14).numFmt).toBe('0.0%');
    let answers = 0;
    workbook.getWorksheet('Respuestas')!.eachRow((row) => {
      if (row.getCell(1).value === sent.id) answers++;
    });
    expect(answers).toBe(sent.answers);
  });

  it('names every response an answer chose, in the order chosen, and adds up their points', async () => {
    const [question] = await db.query<{ subindicator_id: number; response_ids: number[] }>(
      `SELECT a.subindicator_id, a.response_ids FROM answers a
        WHERE a.campaign_id = $1 AND (SELECT count(*) FROM responses r WHERE r.subindicator_id = a.subindicator_id) >= 2
        ORDER BY a.subindicator_id LIMIT 1`,
      [sent.id],
    );
    const offered = await db.query<{ id: number; code: string; text: string; value: number }>(
      'SELECT id, code, text, value FROM responses WHERE subindicator_id = $1 ORDER BY id DESC LIMIT 2',
      [question.subindicator_id],
    );
    await db.query('UPDATE answers SET response_ids = $3 WHERE campaign_id = $1 AND subindicator_id = $2', [
      sent.id,
      question.subindicator_id,
      offered.map((r) => r.id),
    ]);
    try {
      const [{ code }] = await db.query<{ code: string }>('SELECT code FROM subindicators WHERE id = $1', [question.subindicator_id]);
      const rows = csvRows((await download('edition=2026&format=csv', tokens.admin)).body.toString('utf8'));
      const row = rows.find((r) => r[8] === 'Respuesta' && r[0] === String(sent.id) && r[9] === code)!;
      expect(row[14]).toBe(offered.map((r) => `${r.code}: ${r.text}`).join(' | '));
      expect(Number(row[11].replace(',', '.'))).toBeCloseTo(Number(offered[0].value) + Number(offered[1].value), 6);
    } finally {
      await db.query('UPDATE answers SET response_ids = $3 WHERE campaign_id = $1 AND subindicator_id = $2', [
        sent.id,
        question.subindicator_id,
        question.response_ids,
      ]);
    }
  });

  it('lists comments, "No aplica" reasons and evidence byte for byte, in the CSV and the Excel file', async () => {
    const comment = 'Aprobado en pleno: 1.200 € para compostaje 🌱\r\n«ñ» y "comillas"; punto y coma _x0041_';
    const reason = 'No hay playas en el término municipal';
    const [first, second] = await db.query<{ subindicator_id: number }>(
      'SELECT subindicator_id FROM answers WHERE campaign_id = $1 ORDER BY subindicator_id LIMIT 2',
      [sent.id],
    );
    await db.query('INSERT INTO answer_notes (campaign_id, subindicator_id, comment) VALUES ($1, $2, $3)', [sent.id, first.subindicator_id, comment]);
    await db.query("INSERT INTO evidence (campaign_id, subindicator_id, kind, url) VALUES ($1, $2, 'link', 'https://ayto.example/plan-ñ')", [
      sent.id,
      first.subindicator_id,
    ]);
    // A question answered "No aplica" has no answer: its row still says so.
    await db.query('DELETE FROM answers WHERE campaign_id = $1 AND subindicator_id = $2', [sent.id, second.subindicator_id]);
    await db.query('INSERT INTO answer_notes (campaign_id, subindicator_id, not_applicable_reason) VALUES ($1, $2, $3)', [
      sent.id,
      second.subindicator_id,
      reason,
    ]);
    const rows = csvRows((await download('edition=2026&format=csv', tokens.admin)).body.toString('utf8'));
    expect(rows[0].slice(14)).toEqual(['Respuesta', 'No aplica', 'Comentario', 'Evidencias', 'Revisión', 'Validación']);
    const answerRows = rows.filter((r) => r[8] === 'Respuesta' && r[0] === String(sent.id));
    expect(answerRows).toHaveLength(sent.answers);
    // The demo's own evidence first, then the link added here.
    expect(answerRows[0].slice(15, 17)).toEqual(['', comment]);
    expect(answerRows[0][17]).toMatch(/(^| \| )https:\/\/ayto\.example\/plan-ñ$/);
    expect(answerRows[1].slice(14)).toEqual(['', reason, '', '', '', '']);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Uint8Array.from((await download('edition=2026&format=xlsx', tokens.admin)).body).buffer);
    const cells: unknown[][] = [];
    workbook.getWorksheet('Respuestas')!.eachRow((row) => {
      if (row.getCell(1).value === sent.id) cells.push([16, 17, 18].map((i) => row.getCell(i).value));
    });
    // The streamed sheet holds inline strings, which exceljs reads back without decoding OOXML's _xHHHH_ escapes;
    // Excel decodes them: a carriage return kept, a text that looks like an escape shown as written.
    const asExcelShows = (text: unknown) => String(text).replace(/_x([0-9A-F]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    expect(cells[0][0]).toBeNull();
    expect(asExcelShows(cells[0][1])).toBe(comment);
    expect(cells[0][2]).toBe(answerRows[0][17]);
    expect(cells[1]).toEqual([reason, null, null]);
  });

  it('refuses a USER (403) and a share link (403), and a bad query (422)', async () => {
    expect((await download('edition=2026&format=csv', tokens.user)).status).toBe(403);
    const [{ id: campaignId }] = await db.query<{ id: number }>("SELECT id FROM campaigns WHERE status = 'sent' LIMIT 1");
    const shareId = randomUUID();
    await db.query("INSERT INTO share_links (id, campaign_id, expires_at) VALUES ($1, $2, now() + interval '1 day')", [shareId, campaignId]);
    const share = await server.ctx.signer.signShare({ shareId, campaignId }, 3600);
    const shared = await download('edition=2026&format=csv', share);
    expect(shared.status).toBe(403);
    expect(JSON.parse(shared.body.toString()).error.type).toBeDefined();
    for (const query of [
      'edition=2026&format=pdf',
      'format=csv',
      'edition=abc&format=csv',
      'edition=2026&format=csv&extra=1',
      'edition=2026&format=csv&language=fr',
    ]) {
      const res = await call(server, 'GET', `/api/secure/v1/campaigns/export?${query}`, { token: tokens.admin });
      expect([query, res.status]).toEqual([query, 422]);
      expect(res.body.error).toBeDefined();
    }
    expect((await download('edition=1999&format=csv', tokens.admin)).status).toBe(404);
  });

  it("says where each sent campaign's review stands and when it was validated, on Madrid's clock", async () => {
    await db.query("UPDATE campaigns SET review_status = 'validated', validated_at = '2026-09-30T22:45:00Z' WHERE id = $1", [sent.id]);
    try {
      const rows = csvRows((await download('edition=2026&format=csv', tokens.admin)).body.toString('utf8'));
      const campaign = rows.find((r) => r[8] === 'Campaña' && r[0] === String(sent.id))!;
      expect(campaign.slice(18)).toEqual(['Validada', '2026-10-01 00:45']);
    } finally {
      await db.query("UPDATE campaigns SET review_status = 'pending', validated_at = NULL WHERE id = $1", [sent.id]);
    }
  });

  it('keeps its Spanish columns and sheets as they were first written (outside readers rely on them)', () => {
    const spanish = exportWords('es');
    expect(spanish.headers).toEqual([
      'Campaña',
      'Edición',
      'Entidad',
      'Provincia',
      'Comunidad autónoma',
      'Estado',
      'Primera respuesta',
      'Envío',
      'Tipo',
      'Código',
      'Texto',
      'Puntos',
      'Máximo',
      'Porcentaje',
      'Respuesta',
      'No aplica',
      'Comentario',
      'Evidencias',
      'Revisión',
      'Validación',
    ]);
    expect(spanish.sheets).toEqual(['Campañas', 'Puntuaciones', 'Respuestas']);
    expect([spanish.status('sent'), spanish.review('changesRequested')]).toEqual(['Completa', 'Correcciones pedidas']);
  });

  it("writes the export in the language asked: its words, and the questionnaire's texts where the edition translates them", async () => {
    const [axis] = await db.query<{ id: number; text: string }>(
      `SELECT c.id, c.text FROM categories c JOIN campaign_scores cs ON cs.category_id = c.id AND cs.scope = 'axis'
        WHERE cs.campaign_id = $1 ORDER BY c.id LIMIT 1`,
      [sent.id],
    );
    const [question] = await db.query<{ id: number; text: string }>(
      'SELECT s.id, s.text FROM answers a JOIN subindicators s ON s.id = a.subindicator_id WHERE a.campaign_id = $1 ORDER BY s.id LIMIT 1',
      [sent.id],
    );
    await db.query(`UPDATE categories SET translations = '{"ca": {"text": "Eix traduït"}}' WHERE id = $1`, [axis.id]);
    await db.query(`UPDATE subindicators SET translations = '{"ca": {"text": "Pregunta traduïda?"}}' WHERE id = $1`, [question.id]);
    try {
      for (const [language, axisText, questionText] of [
        ['ca', 'Eix traduït', 'Pregunta traduïda?'],
        // Valencian reads the Catalan translation; English has none: the Spanish text.
        ['va', 'Eix traduït', 'Pregunta traduïda?'],
        ['en', axis.text, question.text],
      ] as const) {
        const rows = csvRows((await download(`edition=2026&format=csv&language=${language}`, tokens.fec)).body.toString('utf8'));
        const words = exportWords(language);
        expect(rows[0]).toEqual(words.headers);
        const own = rows.filter((r) => r[0] === String(sent.id));
        expect(own.find((r) => r[8] === words.kinds.campaign)![5]).toBe(words.status('sent'));
        expect(own.find((r) => r[8] === words.kinds.axis && r[10] === axisText)).toBeDefined();
        expect(own.filter((r) => r[8] === words.kinds.answer).map((r) => r[10])).toContain(questionText);
      }
      expect(exportWords('ca').headers.slice(0, 3)).toEqual(['Campanya', 'Edició', 'Entitat']);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Uint8Array.from((await download('edition=2026&format=xlsx&language=ca', tokens.admin)).body).buffer);
      expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Campanyes', 'Puntuacions', 'Respostes']);
    } finally {
      await db.query("UPDATE categories SET translations = '{}' WHERE id = $1", [axis.id]);
      await db.query("UPDATE subindicators SET translations = '{}' WHERE id = $1", [question.id]);
    }
  });

  it('streams the CSV in chunks of whole lines that each stay small (large strings are freed only by a full collection)', async () => {
    const edition = (await findEditionByNumber(db, 2026))!;
    const chunks: string[] = [];
    for await (const chunk of editionCsv(db, edition, exportWords('es'))) chunks.push(chunk);
    expect(chunks.join('').length).toBeGreaterThan(3 * CSV_CHUNK_CHARS);
    // Cut at the first line that takes a chunk to the limit: no line is that long.
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThan(2 * CSV_CHUNK_CHARS);
    // Whole lines: each chunk reads as rows of its own, the same rows as the whole file.
    expect(chunks.flatMap((chunk) => csvRows(chunk))).toEqual(csvRows(chunks.join('')));
    const res = await download('edition=2026&format=csv', tokens.admin);
    expect(res.body.toString('utf8')).toBe(chunks.join(''));
  });

  it("hands exceljs one style per column for all the column's cells: each number still shows in its column's format", async () => {
    const edition = (await findEditionByNumber(db, 2026))!;
    // exceljs works out a style it has not been given before by building its XML: once per cell, had each cell a style of its own.
    const { default: StylesXform } = (await import('exceljs/lib/xlsx/xform/style/styles-xform.js' as string)) as {
      default: { prototype: { addStyleModel(model: object, cellType?: number): number } };
    };
    const styles = new Set<object>();
    let calls = 0;
    const addStyleModel = StylesXform.prototype.addStyleModel;
    const spy = jest.spyOn(StylesXform.prototype, 'addStyleModel').mockImplementation(function (this: unknown, model, cellType) {
      styles.add(model);
      calls++;
      return addStyleModel.call(this, model, cellType);
    });
    const parts: Buffer[] = [];
    try {
      await writeEditionXlsx(db, edition, exportWords('es'), new Writable({ write: (part: Buffer, _, done) => (parts.push(part), done()) }));
    } finally {
      spy.mockRestore();
    }
    expect(calls).toBeGreaterThan(1000);
    // The columns' styles and the rows' one, and each header row's and its cells' own: about as many as the header has.
    expect(styles.size).toBeLessThanOrEqual(3 * 2 * exportWords('es').headers.length);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Uint8Array.from(Buffer.concat(parts)).buffer);
    const found = (sheet: string, test: (row: ExcelJS.Row) => boolean) => {
      let match: ExcelJS.Row | undefined;
      workbook.getWorksheet(sheet)!.eachRow((row) => (match ??= test(row) ? row : undefined));
      return match!;
    };
    const campaign = found('Campañas', (row) => row.getCell(1).value === sent.id);
    expect([campaign.getCell(7).numFmt, campaign.getCell(12).numFmt, campaign.getCell(14).numFmt]).toEqual(['yyyy-mm-dd hh:mm', '0.0', '0.0%']);
    const answer = found('Respuestas', (row) => row.getCell(1).value === sent.id && typeof row.getCell(12).value === 'number');
    expect(answer.getCell(12).numFmt).toBe('0.0');
  });

  it('reads every row once across pages, whatever the number of campaigns a page holds', async () => {
    const edition = (await findEditionByNumber(db, 2026))!;
    const all = async <T>(pages: AsyncGenerator<T[]>) => {
      const rows: T[] = [];
      for await (const page of pages) rows.push(...page);
      return rows;
    };
    for (const read of [campaignPages, scorePages, answerPages] as const) {
      const whole = await all<unknown>(read(db, edition.id, 1_000_000));
      expect(whole.length).toBeGreaterThan(7);
      for (const perPage of [1, 2]) expect(await all<unknown>(read(db, edition.id, perPage))).toEqual(whole);
    }
  });

  it("leaves nothing of a page in the database client's results once the page is read (an old result would keep it from dying young)", async () => {
    const edition = (await findEditionByNumber(db, 2026))!;
    // Every result the pages' statements answered, as the database client returned it.
    const { queryable: watched, results } = recordingResults(db);
    for (const read of [campaignPages, scorePages, answerPages] as const) {
      for await (const page of read(watched, edition.id, 2)) {
        expect(page.length).toBeGreaterThan(0);
        const pageResult = results.at(-1)!;
        // Neither the result array nor its row still holds the page's text.
        expect(pageResult).toEqual([]);
      }
    }
    // The campaign ids of each section's pages came in a result of their own, kept as read.
    expect(results.filter((r) => r.length > 0)).toHaveLength(3);
  });

  it("sizes its pages by the edition's questionnaire: a sent campaign has a score row per axis, policy and measure", async () => {
    const edition = (await findEditionByNumber(db, 2026))!;
    const questions = await editionQuestions(db, edition.id);
    const [{ scores }] = await db.query<{ scores: number }>("SELECT count(*)::int AS scores FROM campaign_scores WHERE campaign_id = $1 AND scope <> 'total'", [
      sent.id,
    ]);
    expect(questions.scoredCategories).toBe(scores);
    expect(sent.answers).toBeLessThanOrEqual(questions.questions.size);
    // The campaign's rows of each section fit in a page of that section's size.
    for (const [rows, perPage] of [
      [1, campaignsPerPage(1)],
      [scores, campaignsPerPage(questions.scoredCategories)],
      [questions.questions.size, campaignsPerPage(questions.questions.size)],
    ])
      expect(rows * perPage).toBeLessThanOrEqual(EXPORT_PAGE_ROWS);
  });
});

describe('campaigns per page', () => {
  it('fits as many campaigns as their rows allow in a page, and at least one', () => {
    expect(campaignsPerPage(1)).toBe(EXPORT_PAGE_ROWS);
    expect(campaignsPerPage(132)).toBe(Math.floor(EXPORT_PAGE_ROWS / 132));
    expect(campaignsPerPage(EXPORT_PAGE_ROWS)).toBe(1);
    expect(campaignsPerPage(EXPORT_PAGE_ROWS * 3)).toBe(1);
    // An edition without questions yet still pages.
    expect(campaignsPerPage(0)).toBe(EXPORT_PAGE_ROWS);
  });
});

describe('an answer row', () => {
  it('names the question and the chosen responses, and adds up their points', () => {
    const names = {
      questions: new Map([[5, { code: 'P1.1', text: '¿Hay plan?' }]]),
      responses: new Map([
        [50, { code: 'A', text: 'Sí', value: 2 }],
        [51, { code: 'B', text: 'Parcial', value: 1.5 }],
      ]),
      categories: new Map(),
    };
    const row = answerRow(
      2026,
      {
        campaignId: 9,
        entity: 'Ayuntamiento de Prueba',
        subindicatorId: 5,
        responseIds: [50, 51],
        comment: 'Aprobado en pleno: 1.200 € 🌱',
        notApplicableReason: null,
        evidence: ['https://ayto.example/plan', 'acta.pdf'],
      },
      names,
      exportWords('es'),
    );
    expect(row).toEqual([
      9,
      2026,
      'Ayuntamiento de Prueba',
      null,
      null,
      null,
      null,
      null,
      'Respuesta',
      'P1.1',
      '¿Hay plan?',
      3.5,
      null,
      null,
      'A: Sí | B: Parcial',
      null,
      'Aprobado en pleno: 1.200 € 🌱',
      'https://ayto.example/plan | acta.pdf',
      null,
      null,
    ]);
  });
});
