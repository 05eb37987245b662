import fs from 'node:fs/promises';
import path from 'node:path';
import { testBackends } from '../../helpers/db.js';
import { startDemoServer, type DemoServer } from '../../helpers/demoServer.js';

const backends = await testBackends();
const FIRST_VALUE = 'axes[0].policies[0].measures[0].indicators[0].subindicators[0].responses[0].value';

/** Malformed catalogue values and multipart bodies on the editions calls: 422 in the envelope, never 413 or 5xx, nothing imported. */
describe.each(backends)('edition uploads that cannot be read, on $name', ({ openDemo }) => {
  let demo: DemoServer;
  const editions = async () => (await demo.db.query<{ n: number }>('SELECT count(*)::int AS n FROM editions'))[0].n;

  /** The demo 2026 catalogue as 2029, its first response's value written as `literal` (JSON text, so 1e400 stays as sent). */
  async function catalogueWithValue(literal: string): Promise<string> {
    const catalogue = JSON.parse(await fs.readFile(path.resolve('src/server/db/seed/catalogues/demo-2026.json'), 'utf8'));
    catalogue.edition = 2029;
    catalogue.axes[0].policies[0].measures[0].indicators[0].subindicators[0].responses[0].value = '@VALUE@';
    return JSON.stringify(catalogue).replace('"@VALUE@"', literal);
  }
  /** Posts a raw body as it is, with its content type. */
  async function post(call: 'preview' | 'import', contentType: string, body: string | FormData) {
    const headers: Record<string, string> = { authorization: `Bearer ${demo.tokens.admin}` };
    if (contentType) headers['content-type'] = contentType;
    const res = await fetch(`${demo.server.url}/api/secure/v1/editions/${call}`, { method: 'POST', headers, body });
    return { status: res.status, body: JSON.parse(await res.text()) };
  }
  /** Posts a file as the page does: one part named file. */
  function upload(call: 'preview' | 'import', content: string) {
    const form = new FormData();
    form.append('file', new Blob([content], { type: 'application/json' }), 'edicion.json');
    return post(call, '', form);
  }

  beforeAll(async () => {
    demo = await startDemoServer(openDemo);
  });
  afterAll(() => demo?.close());

  it('refuses a value that is not a finite number of at most 100 points, naming the response, on preview and import', async () => {
    const cases: [string, string][] = [
      ['1e400', 'value debe ser 100 o menos'],
      ['1.7e308', 'value debe ser 100 o menos'],
      ['101', 'value debe ser 100 o menos'],
      ['"Infinity"', 'value debe ser un número'],
      ['"5"', 'value debe ser un número'],
      ['true', 'value debe ser un número'],
    ];
    for (const [literal, message] of cases) {
      const file = await catalogueWithValue(literal);
      for (const call of ['preview', 'import'] as const) {
        const res = await upload(call, file);
        expect([literal, call, res.status, res.body.error.type]).toEqual([literal, call, 422, 'VALIDATION']);
        expect(res.body.error.data.problems).toEqual([
          expect.objectContaining({ path: FIRST_VALUE, place: 'subindicador E1.P1.M1.I1.S1 › respuesta R1 › value', message }),
        ]);
        expect(res.body.request).toMatchObject({ method: 'POST', path: `/api/secure/v1/editions/${call}` });
      }
    }
    expect(await editions()).toBe(3);
    const bound = await upload('preview', await catalogueWithValue('100'));
    expect([bound.status, bound.body.response.indicators[0].subindicators[0].responses[0].value]).toEqual([200, 100]);
  });

  it('answers 422 to a multipart body it cannot read', async () => {
    const truncated = '--zzz\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc';
    const bodies: [string, string][] = [
      ['multipart/form-data', 'abc'],
      ['multipart/form-data; boundary=zzz', truncated],
      ['multipart/form-data; boundary=zzz', '--zzz\r\nContent-Disposition: form-data; name="file"; filename="a"'],
      ['multipart/form-data; boundary=zzz', 'abc'],
      [`multipart/form-data; boundary=${'z'.repeat(300)}`, 'abc'],
    ];
    for (const [contentType, body] of bodies) {
      for (const call of ['preview', 'import'] as const) {
        const res = await post(call, contentType, body);
        expect([contentType, body, call, res.status, res.body.error.type]).toEqual([contentType, body, call, 422, 'VALIDATION']);
        expect(res.body.error.data).toEqual({ file: 'is required' });
      }
    }
    expect(await editions()).toBe(3);
  });

  it('answers 422 "file is required" to a text field, even one named file, not 413', async () => {
    const note = new FormData();
    note.append('note', 'hello');
    const asField = new FormData();
    asField.append('file', await catalogueWithValue('1'));
    for (const form of [note, asField]) {
      for (const call of ['preview', 'import'] as const) {
        const res = await post(call, '', form);
        expect([call, res.status, res.body.error.type, res.body.error.data]).toEqual([call, 422, 'VALIDATION', { file: 'is required' }]);
      }
    }
    expect(await editions()).toBe(3);
  });
});
