import http from 'node:http';
import { randomBytes } from 'node:crypto';
import JSZip from 'jszip';
import ExcelJS from 'exceljs';
import { testBackends } from '../../helpers/db.js';
import { call, startTestServer, type TestServer } from '../../helpers/server.js';
import { createTestUser, signIn, signInDemoAccounts } from '../../helpers/auth.js';
import { campaignOfNewEntity, removeForGood } from '../../helpers/concurrency.js';
import type { Db } from '../../../src/server/db/client.js';
import type { CampaignDetail, EvidenceItem, Subindicator } from '../../../src/shared/api/campaigns.js';
import { EVIDENCE_FILE_TYPES } from '../../../src/shared/constants.js';

const backends = await testBackends();

/** Files made here: only their first bytes (and, for the zip-based ones, their entries) say what they are. */
const pdf = (size = 2000) => {
  const head = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1');
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]);
};
/** A whole PNG of one pixel (file-type walks a PNG's chunks, so a header followed by noise is not one). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), randomBytes(64), Buffer.from('ffd9', 'hex')]);
const EXE = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000b800000000000000400000000000000000', 'hex'), Buffer.alloc(200)]);
const HTML = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');

/** A zip with the given entries (the first stored, as OpenDocument wants its mimetype). */
async function zip(entries: [string, string | Buffer][], storeFirst = false): Promise<Buffer> {
  const z = new JSZip();
  entries.forEach(([name, content], i) => z.file(name, content, i === 0 && storeFirst ? { compression: 'STORE' } : {}));
  return z.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
const contentTypes = (part: string, type: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
  `<Override PartName="/${part}" ContentType="${type}"/></Types>`;
const docx = () =>
  zip([
    ['[Content_Types].xml', contentTypes('word/document.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml')],
    ['_rels/.rels', '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>'],
    ['word/document.xml', '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>'],
  ]);
async function xlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Compostaje').addRow(['Año', 'Toneladas', '€']);
  return Buffer.from(await book.xlsx.writeBuffer());
}
const odf = (type: string) =>
  zip(
    [
      ['mimetype', type],
      ['content.xml', '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"/>'],
    ],
    true,
  );

/** One part of a multipart body: a text field, or a file with its name. */
type Part = [name: string, value: string | { data: Buffer; filename: string; type?: string }];

describe.each(backends)('evidence files on $name', ({ openDemo }) => {
  let db: Db;
  let server: TestServer;
  /** The same database behind an instance with small limits: 64 KB a file, 160 KB a campaign. */
  let small: TestServer;
  const tokens: Record<'admin' | 'fec' | 'member' | 'other', string> = { admin: '', fec: '', member: '', other: '' };

  const post = (path: string, body: unknown, token: string) => call(server, 'POST', `/api/secure/v1/campaigns/${path}`, { token, body });

  /** Posts a multipart body as a browser's FormData does, in the parts' order. */
  async function upload(parts: Part[], token: string | undefined = tokens.member, on = server) {
    const form = new FormData();
    for (const [name, value] of parts) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, new Blob([new Uint8Array(value.data)], { type: value.type ?? 'application/octet-stream' }), value.filename);
    }
    const res = await fetch(`${on.url}/api/secure/v1/campaigns/evidence/upload`, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
    });
    return { status: res.status, body: JSON.parse(await res.text()) };
  }
  const uploadFile = (id: number, question: number, data: Buffer, filename: string, token?: string, on?: TestServer) =>
    upload(
      [
        ['id', String(id)],
        ['question', String(question)],
        ['file', { data, filename }],
      ],
      token,
      on,
    );
  /** Posts a body exactly as given, with the content type given. */
  async function uploadRaw(body: string | Buffer, contentType: string, token = tokens.member) {
    const res = await fetch(`${server.url}/api/secure/v1/campaigns/evidence/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });
    return { status: res.status, body: JSON.parse(await res.text()) };
  }
  async function download(id: number, evidenceId: number, token: string | undefined) {
    const res = await fetch(`${server.url}/api/secure/v1/campaigns/evidence/file?id=${id}&evidenceId=${evidenceId}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  }
  const counts = async (id: number) =>
    (
      await db.query<{ evidence: number; chunks: number }>(
        `SELECT (SELECT count(*)::int FROM evidence WHERE campaign_id = $1) AS evidence,
                (SELECT count(*)::int FROM evidence_chunks k JOIN evidence e ON e.id = k.evidence_id WHERE e.campaign_id = $1) AS chunks`,
        [id],
      )
    )[0];

  /** A fresh campaign of the current edition for a new entity, the member being one of its users. */
  async function freshCampaign(): Promise<number> {
    const { id, memberToken } = await campaignOfNewEntity(server, db, tokens.admin, { email: 'tecnica@ficheros.es', password: 'clave-ficheros-1' }, 'Ficheros');
    tokens.member = memberToken;
    return id;
  }
  const questionsOf = async (id: number) =>
    ((await call(server, 'GET', `/api/secure/v1/campaigns/get?id=${id}`, { token: tokens.admin })).body.response as CampaignDetail).indicators.flatMap(
      (i) => i.subindicators,
    );
  const best = (s: Subindicator) => s.responses.filter((r) => !r.obsolete).reduce((a, r) => (r.value > a.value ? r : a));

  /** Answers every question (with a link where evidence is required) and sends the campaign. */
  async function send(id: number): Promise<void> {
    for (const sub of await questionsOf(id)) {
      expect((await post('saveAnswer', { id, question: sub.id, answer: [best(sub).id] }, tokens.member)).status).toBe(200);
      if (sub.evidenceRule === 'required') await post('evidence/addLink', { id, question: sub.id, url: 'https://ayto.example/acta' }, tokens.member);
    }
    expect((await post('submit', { id }, tokens.member)).status).toBe(200);
  }

  beforeAll(async () => {
    db = await openDemo();
    server = await startTestServer(db);
    small = await startTestServer(db, { EVIDENCE_MAX_BYTES: String(64 * 1024), EVIDENCE_MAX_TOTAL_BYTES: String(160 * 1024) });
    const demo = await signInDemoAccounts(server);
    tokens.admin = demo.admin;
    tokens.fec = demo.fec;
    await createTestUser(db, 'tecnica@ficheros.es', 'clave-ficheros-1', 'USER', []);
    const [{ id: otherEntity }] = await db.query<{ id: number }>('SELECT id FROM entities ORDER BY id DESC LIMIT 1');
    await createTestUser(db, 'ajena@ficheros.es', 'clave-ajena-1', 'USER', [otherEntity]);
    tokens.other = (await signIn(server, 'ajena@ficheros.es', 'clave-ajena-1')).access_token;
  });
  afterAll(async () => {
    await small?.close();
    await server?.close();
    await db?.close();
  });

  it('takes PDF, PNG, JPEG, DOCX, XLSX, ODT and ODS, each typed from its content whatever its name, and lists them with the answer', async () => {
    const id = await freshCampaign();
    const [sub] = await questionsOf(id);
    const files: [Buffer, string, string][] = [
      [pdf(), 'Plan de acción €.pdf', EVIDENCE_FILE_TYPES.pdf],
      // A PNG named as a PDF is stored as what it is.
      [PNG, 'foto.pdf', EVIDENCE_FILE_TYPES.png],
      [JPEG, 'foto.jpg', EVIDENCE_FILE_TYPES.jpg],
      [await docx(), 'acta.docx', EVIDENCE_FILE_TYPES.docx],
      [await xlsx(), 'datos sin extensión', EVIDENCE_FILE_TYPES.xlsx],
      [await odf(EVIDENCE_FILE_TYPES.odt), 'memoria.odt', EVIDENCE_FILE_TYPES.odt],
      [await odf(EVIDENCE_FILE_TYPES.ods), 'cuentas.ods', EVIDENCE_FILE_TYPES.ods],
    ];
    const items: EvidenceItem[] = [];
    for (const [data, name, type] of files) {
      const res = await uploadFile(id, sub.id, data, name);
      expect([name, res.status, res.body.error]).toEqual([name, 200, undefined]);
      expect(res.body.response).toEqual({
        id: expect.any(Number),
        kind: 'file',
        fileName: name,
        contentType: type,
        size: data.length,
        addedBy: 'tecnica@ficheros.es',
        addedAt: expect.any(String),
      });
      items.push(res.body.response);
    }
    const listed = (await questionsOf(id)).find((s) => s.id === sub.id)!.evidence;
    expect(listed).toEqual(items);
    const audit = await db.query<{ action: string; details: Record<string, unknown> }>(
      "SELECT action, details FROM audit_log WHERE target_type = 'campaign' AND target_id = $1 AND action = 'campaign.evidence.add' ORDER BY id",
      [String(id)],
    );
    expect(audit.map((a) => [a.details.kind, a.details.fileName, a.details.contentType])).toEqual(files.map(([, name, type]) => ['file', name, type]));
  });

  it('refuses an executable named .pdf, HTML, a plain zip, text and an empty file, storing nothing', async () => {
    const id = await freshCampaign();
    const [sub] = await questionsOf(id);
    const refused: [Buffer, string, string | null][] = [
      [EXE, 'factura.pdf', 'application/x-msdownload'],
      [HTML, 'acta.pdf', null],
      [
        await zip([
          ['leeme.txt', 'hola'],
          ['programa.exe', EXE],
        ]),
        'acta.docx',
        'application/zip',
      ],
      // A zip that only names Word's folder, without [Content_Types].xml, is no Word document.
      [await zip([['word/document.xml', '<w/>']]), 'acta.docx', 'application/zip'],
      [Buffer.from('Acta del pleno, texto plano.\n'), 'acta.pdf', null],
      [Buffer.alloc(0), 'vacío.pdf', null],
    ];
    for (const [data, name, detected] of refused) {
      const res = await uploadFile(id, sub.id, data, name);
      expect([name, res.status, res.body.error.type]).toEqual([name, 422, 'VALIDATION']);
      expect(res.body.error.data).toEqual({ code: 'EVIDENCE_TYPE_NOT_ALLOWED', detected, allowed: Object.values(EVIDENCE_FILE_TYPES) });
    }
    // Refused early for a type it knows at once, even in a file larger than one piece.
    const bigExe = Buffer.concat([EXE, randomBytes(600 * 1024)]);
    expect((await uploadFile(id, sub.id, bigExe, 'grande.pdf')).body.error.data.code).toBe('EVIDENCE_TYPE_NOT_ALLOWED');
    expect(await counts(id)).toEqual({ evidence: 0, chunks: 0 });
  });

  it('stops at EVIDENCE_MAX_BYTES with 413 and at the campaign total EVIDENCE_MAX_TOTAL_BYTES with 422, storing nothing of the refused file', async () => {
    const id = await freshCampaign();
    const [sub] = await questionsOf(id);
    const tooLarge = await uploadFile(id, sub.id, pdf(64 * 1024 + 1), 'grande.pdf', tokens.member, small);
    expect([tooLarge.status, tooLarge.body.error.type, tooLarge.body.error.data]).toEqual([
      413,
      'PAYLOAD_TOO_LARGE',
      { code: 'EVIDENCE_FILE_TOO_LARGE', maxBytes: 65536 },
    ]);
    expect(tooLarge.body.error.message).toBe('The file is larger than the 64 KB a file of evidence may have');
    const muchLarger = await uploadFile(id, sub.id, pdf(3 * 1024 * 1024), 'enorme.pdf', tokens.member, small);
    expect(muchLarger.status).toBe(413);
    expect(await counts(id)).toEqual({ evidence: 0, chunks: 0 });
    // Exactly the limit is taken; two such files fit in 160 KB, a third does not.
    for (const n of [1, 2]) expect((await uploadFile(id, sub.id, pdf(64 * 1024), `acta-${n}.pdf`, tokens.member, small)).status).toBe(200);
    const third = await uploadFile(id, sub.id, pdf(64 * 1024), 'acta-3.pdf', tokens.member, small);
    expect([third.status, third.body.error.data]).toEqual([422, { code: 'EVIDENCE_TOTAL_TOO_LARGE', maxTotalBytes: 160 * 1024, usedBytes: 128 * 1024 }]);
    // What is left still fits; links take no room.
    expect((await uploadFile(id, sub.id, pdf(32 * 1024), 'resto.pdf', tokens.member, small)).status).toBe(200);
    expect((await uploadFile(id, sub.id, pdf(1), 'uno-más.pdf', tokens.member, small)).status).toBe(422);
    expect((await post('evidence/addLink', { id, question: sub.id, url: 'https://ayto.example/a' }, tokens.member)).status).toBe(200);
    expect(await counts(id)).toEqual({ evidence: 4, chunks: 3 });
  });

  it('refuses ids that are not plain digits, repeated or missing fields, fields after the file, two files, no file and bodies that are not multipart', async () => {
    const id = await freshCampaign();
    const [sub] = await questionsOf(id);
    const file: Part = ['file', { data: pdf(), filename: 'acta.pdf' }];
    for (const bad of [' 12', '12 ', '1e1', '12.0', '012', '0', '-3', '0x1F', '', 'doce', '2147483648', '99999999999', '١٢']) {
      const res = await upload([['id', bad], ['question', String(sub.id)], file]);
      expect([bad, res.status, res.body.error.data]).toEqual([bad, 422, { id: 'must be integer' }]);
      const question = await upload([['id', String(id)], ['question', bad], file]);
      expect([bad, question.status, question.body.error.data]).toEqual([bad, 422, { question: 'must be integer' }]);
    }
    const cases: [string, Part[], Record<string, string>][] = [
      ['id twice', [['id', String(id)], ['id', String(id)], file], { id: 'must be sent only once' }],
      ['no question', [['id', String(id)], file], { question: 'is required before the file' }],
      ['file first', [file, ['id', String(id)], ['question', String(sub.id)]], { id: 'is required before the file' }],
      ['unknown field', [['id', String(id)], ['nombre', 'x'], file], { nombre: 'is not allowed' }],
      [
        'no file',
        [
          ['id', String(id)],
          ['question', String(sub.id)],
        ],
        { file: 'is required' },
      ],
      [
        'file as text',
        [
          ['id', String(id)],
          ['question', String(sub.id)],
          ['file', 'no soy un fichero'],
        ],
        { file: 'must be a file, not a text field' },
      ],
      ['id as a file', [['id', { data: Buffer.from('12'), filename: 'id.txt' }], file], { id: 'must be a text field, not a file' }],
      [
        'two files',
        [['id', String(id)], ['question', String(sub.id)], file, ['file', { data: PNG, filename: 'b.png' }]],
        { file: 'only one file may be sent' },
      ],
      ['a field after the file', [['id', String(id)], ['question', String(sub.id)], file, ['id', String(id)]], { id: 'must come before the file' }],
      ['four fields', [['id', String(id)], ['question', String(sub.id)], ['x', '1'], ['y', '2'], file], { x: 'is not allowed' }],
    ];
    for (const [why, parts, data] of cases) {
      const res = await upload(parts);
      expect([why, res.status, res.body.error.data]).toEqual([why, 422, data]);
    }
    const question = (await questionsOf(id))[0].id;
    const boundary = 'zzz';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${id}\r\n--${boundary}\r\nContent-Disposition: form-data; name="question"\r\n\r\n${question}\r\n`;
    const filePart = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`;
    for (const [why, body, type] of [
      ['JSON', JSON.stringify({ id, question, file: 'x' }), 'application/json'],
      ['no boundary', head, 'multipart/form-data'],
      ['cut short in the file', head + filePart + 'más bytes', `multipart/form-data; boundary=${boundary}`],
      ['cut short in the headers', head + `--${boundary}\r\nContent-Disposition: form-da`, `multipart/form-data; boundary=${boundary}`],
      ['empty', '', `multipart/form-data; boundary=${boundary}`],
      [
        'a JSON-typed id',
        head.replace('name="id"\r\n', 'name="id"\r\nContent-Type: application/json\r\n') + filePart + `\r\n--${boundary}--`,
        `multipart/form-data; boundary=${boundary}`,
      ],
      [
        'a prototype name',
        `--${boundary}\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\n1\r\n` + head + filePart + `\r\n--${boundary}--`,
        `multipart/form-data; boundary=${boundary}`,
      ],
    ] as const) {
      const res = await uploadRaw(body, type);
      expect([why, res.status, res.body.error.type]).toEqual([why, 422, 'VALIDATION']);
    }
    // The well-formed body of the same parts is taken.
    expect((await uploadRaw(head + filePart + `\r\n--${boundary}--\r\n`, `multipart/form-data; boundary=${boundary}`)).status).toBe(200);
    expect(await counts(id)).toEqual({ evidence: 1, chunks: 1 });
    // A query string is not taken either.
    const withQuery = await fetch(`${server.url}/api/secure/v1/campaigns/evidence/upload?id=${id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.member}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: head + filePart + `\r\n--${boundary}--\r\n`,
    });
    expect(withQuery.status).toBe(422);
  });

  it('reads and drops the rest of a body refused before its end, so that the next request on the connection is answered at once', async () => {
    const id = await freshCampaign();
    const [sub] = await questionsOf(id);
    // One connection, kept alive: each request goes on it after the one before.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (path: string, body: Buffer, contentType: string, token = tokens.member) =>
      new Promise<{ status: number; ms: number }>((resolve, reject) => {
        const started = Date.now();
        const req = http.request(
          `${server.url}${path}`,
          { method: 'POST', agent, headers: { authorization: `Bearer ${token}`, 'content-type': contentType } },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: Date.now() - started }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    const multipartBody = (parts: [string, string, Buffer][]) =>
      Buffer.concat([
        ...parts.map(([name, filename, data]) =>
          Buffer.concat([
            Buffer.from(`--b\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n\r\n`),
            data,
            Buffer.from('\r\n'),
          ]),
        ),
        Buffer.from('--b--\r\n'),
      ]);
    const large = pdf(3 * 1024 * 1024);
    try {
      for (const [path, body, token, status] of [
        // A bad id, then a 3 MB file after it.
        [
          '/api/secure/v1/campaigns/evidence/upload',
          multipartBody([
            ['id', '', Buffer.from('1e1')],
            ['question', '', Buffer.from(String(sub.id))],
            ['file', 'a.pdf', large],
          ]),
          tokens.member,
          422,
        ],
        // A file of a kind not taken, refused from its first bytes.
        [
          '/api/secure/v1/campaigns/evidence/upload',
          multipartBody([
            ['id', '', Buffer.from(String(id))],
            ['question', '', Buffer.from(String(sub.id))],
            ['file', 'a.pdf', Buffer.concat([EXE, large])],
          ]),
          tokens.member,
          422,
        ],
        // The edition calls: a text part where the file should be, then a file over their 2 MB (413).
        [
          '/api/secure/v1/editions/preview',
          multipartBody([
            ['nota', '', Buffer.from('x')],
            ['file', 'e.json', large],
          ]),
          tokens.admin,
          413,
        ],
      ] as const) {
        expect([path, (await send(path, body, 'multipart/form-data; boundary=b', token)).status]).toEqual([path, status]);
        const next = await send(
          '/api/secure/v1/campaigns/evidence/addLink',
          Buffer.from(JSON.stringify({ id, question: sub.id, url: 'https://ayto.example/x' })),
          'application/json',
        );
        expect([path, next.status, next.ms < 5000]).toEqual([path, 200, true]);
      }
    } finally {
      agent.destroy();
    }
    expect(await counts(id)).toEqual({ evidence: 3, chunks: 0 });
  });

  it('keeps a clean name: no path, no control or invisible characters, at most 255 characters with its extension', async () => {
    const id = await freshCampaign();
    const [sub] = await questionsOf(id);
    const named = async (filename: string) => (await uploadFile(id, sub.id, pdf(), filename)).body.response.fileName;
    expect(await named('C:\\Users\\tecnica\\Escritorio\\acta\u0007 del\u202e pleno.pdf')).toBe('acta del pleno.pdf');
    expect(await named('../../etc/passwd')).toBe('passwd');
    expect(await named('Resolución de alcaldía.pdf'.normalize('NFD'))).toBe('Resolución de alcaldía.pdf');
    const long = await named(`${'ñ'.repeat(300)}.pdf`);
    expect([Array.from(long).length, long.endsWith('ñ.pdf')]).toEqual([255, true]);
    expect(await named('\u200b\u0001')).toBe('evidencia.pdf');
  });

  it('lets neither FEC, another entity, a share link nor nobody upload, and refuses answers beyond the items allowed', async () => {
    const id = await freshCampaign();
    const [sub] = await questionsOf(id);
    expect((await uploadFile(id, sub.id, pdf(), 'a.pdf', tokens.fec)).status).toBe(403);
    expect((await uploadFile(id, sub.id, pdf(), 'a.pdf', tokens.other)).status).toBe(404);
    expect((await uploadFile(id, sub.id, pdf(), 'a.pdf', '')).status).toBe(401);
    expect((await uploadFile(2147483647, sub.id, pdf(), 'a.pdf')).status).toBe(404);
    const [{ id: oldQuestion }] = await db.query<{ id: number }>(
      'SELECT s.id FROM subindicators s JOIN indicators i ON i.id = s.indicator_id JOIN editions e ON e.id = i.edition_id WHERE e.campaign_number = 2025 LIMIT 1',
    );
    expect((await uploadFile(id, oldQuestion, pdf(), 'a.pdf')).status).toBe(422);
    const [{ id: sent }] = await db.query<{ id: number }>("SELECT id FROM campaigns WHERE status = 'sent' ORDER BY id LIMIT 1");
    const share = (await post('share', { id: sent }, tokens.admin)).body.response.urlResults.split('/').pop();
    expect((await uploadFile(sent, sub.id, pdf(), 'a.pdf', share)).status).toBe(403);
    // ADMIN may, as it may answer.
    expect((await uploadFile(id, sub.id, pdf(), 'a.pdf', tokens.admin)).status).toBe(200);
    await db.query(
      `INSERT INTO evidence (campaign_id, subindicator_id, kind, url) SELECT $1, $2, 'link', 'https://ayto.example/' || n FROM generate_series(1, 19) n`,
      [id, sub.id],
    );
    const full = await uploadFile(id, sub.id, pdf(), 'uno-más.pdf');
    expect([full.status, full.body.error.data]).toEqual([422, { question: 'too many items of evidence' }]);
    expect(await counts(id)).toEqual({ evidence: 20, chunks: 1 });
  });

  it('sends the stored bytes with their type, an attachment name, nosniff, a sandbox policy and the length, to those who may read the campaign', async () => {
    const id = await freshCampaign();
    const [sub] = await questionsOf(id);
    // Over 1 MB: several pieces, read back a few at a time.
    const big = pdf(1024 * 1024 + 300 * 1024 + 7);
    const item = (await uploadFile(id, sub.id, big, 'Plan de acción €.pdf')).body.response as EvidenceItem;
    expect(await counts(id)).toEqual({ evidence: 1, chunks: 6 });
    for (const token of [tokens.member, tokens.admin, tokens.fec]) {
      const res = await download(id, item.id, token);
      expect(res.status).toBe(200);
      expect(res.bytes.equals(big)).toBe(true);
      expect(
        Object.fromEntries(
          ['content-type', 'content-length', 'content-disposition', 'x-content-type-options', 'content-security-policy'].map((h) => [h, res.headers.get(h)]),
        ),
      ).toEqual({
        'content-type': 'application/pdf',
        'content-length': String(big.length),
        'content-disposition': `attachment; filename="Plan de accion _.pdf"; filename*=UTF-8''Plan%20de%20acci%C3%B3n%20%E2%82%AC.pdf`,
        'x-content-type-options': 'nosniff',
        'content-security-policy': 'sandbox',
      });
      expect(res.headers.get('content-encoding')).toBeNull();
    }
    const png = (await uploadFile(id, sub.id, PNG, "o'tro (1).png")).body.response as EvidenceItem;
    const image = await download(id, png.id, tokens.member);
    expect([image.headers.get('content-type'), image.bytes.equals(PNG)]).toEqual(['image/png', true]);
    expect(image.headers.get('content-disposition')).toBe(`attachment; filename="o'tro (1).png"; filename*=UTF-8''o%27tro%20%281%29.png`);

    expect((await download(id, item.id, tokens.other)).status).toBe(404);
    expect((await download(id, item.id, undefined)).status).toBe(401);
    // Another campaign's id, a link's id, an unknown id: as if there were no such file.
    const [{ id: otherCampaign }] = await db.query<{ id: number }>('SELECT id FROM campaigns WHERE id <> $1 ORDER BY id LIMIT 1', [id]);
    expect((await download(otherCampaign, item.id, tokens.admin)).status).toBe(404);
    const link = (await post('evidence/addLink', { id, question: sub.id, url: 'https://ayto.example/a' }, tokens.member)).body.response;
    expect((await download(id, link.id, tokens.admin)).status).toBe(404);
    expect((await download(id, 2147483647, tokens.admin)).status).toBe(404);
    for (const query of [`id=${id}`, `id=${id}&evidenceId=${item.id}&evidenceId=${item.id}`, `id=${id}&evidenceId=1.0`, `id=${id}&evidenceId=${item.id}&x=1`]) {
      const res = await call(server, 'GET', `/api/secure/v1/campaigns/evidence/file?${query}`, { token: tokens.admin });
      expect([query, res.status]).toEqual([query, 422]);
    }
  });

  it('ends a download with an error, short of its length, when a piece of the file is missing (never the pieces after it as if whole)', async () => {
    const id = await freshCampaign();
    const [sub] = await questionsOf(id);
    // Six pieces: the first read takes four (0-3), the second two (4-5).
    const big = pdf(5 * 256 * 1024 + 1000);
    // Piece 2 in the middle of the first read, or piece 4, the first of the second read.
    for (const missing of [2, 4]) {
      const item = (await uploadFile(id, sub.id, big, `acta ${missing}.pdf`)).body.response as EvidenceItem;
      await db.query('DELETE FROM evidence_chunks WHERE evidence_id = $1 AND position = $2', [item.id, missing]);
      const res = await fetch(`${server.url}/api/secure/v1/campaigns/evidence/file?id=${id}&evidenceId=${item.id}`, {
        headers: { authorization: `Bearer ${tokens.member}` },
      });
      expect([res.status, res.headers.get('content-length')]).toEqual([200, String(big.length)]);
      // What arrives before the connection is cut is the file's beginning, never what follows the gap.
      const received: Buffer[] = [];
      const reader = res.body!.getReader();
      const reading = (async () => {
        for (let part = await reader.read(); !part.done; part = await reader.read()) received.push(Buffer.from(part.value));
      })();
      await expect(reading).rejects.toThrow();
      const got = Buffer.concat(received);
      expect(got.length).toBeLessThanOrEqual(missing * 256 * 1024);
      expect(got.equals(big.subarray(0, got.length))).toBe(true);
    }
  });

  it("lets a share link of the campaign download its files while it is sent, and no other campaign's", async () => {
    const id = await freshCampaign();
    const [sub] = await questionsOf(id);
    const data = await docx();
    const item = (await uploadFile(id, sub.id, data, 'acta.docx')).body.response as EvidenceItem;
    await send(id);
    // Sent: uploading is refused like every change.
    expect((await uploadFile(id, sub.id, pdf(), 'tarde.pdf')).status).toBe(409);
    const share = (await post('share', { id }, tokens.member)).body.response.urlResults.split('/').pop();
    const res = await download(id, item.id, share);
    expect([res.status, res.headers.get('content-type'), res.bytes.equals(data)]).toEqual([200, EVIDENCE_FILE_TYPES.docx, true]);
    const [{ id: otherSent }] = await db.query<{ id: number }>("SELECT id FROM campaigns WHERE status = 'sent' AND id <> $1 ORDER BY id LIMIT 1", [id]);
    const [other] = await db.query<{ id: number }>('SELECT e.id FROM evidence e WHERE e.campaign_id = $1 LIMIT 1', [otherSent]);
    expect((await download(otherSent, other?.id ?? item.id, share)).status).toBe(404);
    // Reopened, the campaign is a draft again, which a share link does not show.
    await db.query("UPDATE campaigns SET status = 'draft' WHERE id = $1", [id]);
    const reopened = await download(id, item.id, share);
    expect([reopened.status, JSON.parse(reopened.bytes.toString()).error.data]).toEqual([409, 'CAMPAIGN_NOT_SENT']);
  });

  it('removes a file with its pieces through evidence/remove, and every file with its campaign', async () => {
    const id = await freshCampaign();
    const [sub, second] = await questionsOf(id);
    const first = (await uploadFile(id, sub.id, pdf(600 * 1024), 'a.pdf')).body.response as EvidenceItem;
    await uploadFile(id, second.id, PNG, 'b.png');
    expect(await counts(id)).toEqual({ evidence: 2, chunks: 4 });
    expect((await post('evidence/remove', { id, evidenceId: first.id }, tokens.member)).status).toBe(200);
    expect(await counts(id)).toEqual({ evidence: 1, chunks: 1 });
    expect((await download(id, first.id, tokens.member)).status).toBe(404);
    const [removal] = await db.query<{ details: Record<string, unknown> }>(
      "SELECT details FROM audit_log WHERE action = 'campaign.evidence.remove' AND target_id = $1",
      [String(id)],
    );
    expect(removal.details).toMatchObject({ kind: 'file', fileName: 'a.pdf' });
    expect((await post('delete', { id }, tokens.admin)).status).toBe(200);
    expect(await counts(id)).toEqual({ evidence: 0, chunks: 0 });
    const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM evidence_chunks WHERE evidence_id NOT IN (SELECT id FROM evidence)');
    expect(n).toBe(0);

    // Removing an entity removes its campaigns' files too, sent ones included.
    const sent = await freshCampaign();
    const [question] = await questionsOf(sent);
    await uploadFile(sent, question.id, pdf(), 'acta.pdf');
    await send(sent);
    expect((await counts(sent)).chunks).toBeGreaterThan(0);
    const [{ entity_id: entityId }] = await db.query<{ entity_id: number }>('SELECT entity_id FROM campaigns WHERE id = $1', [sent]);
    const removed = await call(server, 'POST', '/api/secure/v1/entities/remove', { token: tokens.admin, body: await removeForGood(db, entityId) });
    expect(removed.status).toBe(200);
    expect(await counts(sent)).toEqual({ evidence: 0, chunks: 0 });
  });
});
