import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { countryParticipants } from '../../../src/server/cli/benchMix.js';

/** A result body as the server sends one: the country's participants in its global figures, then some 160 KB of others. */
const result = (country: number, { late = false } = {}) => {
  const filler = Array.from({ length: 4000 }, (_, i) => ({ id: i, percentage: (i * 0.618) % 1, name: `Medida ${i}` }));
  const participants = `"participants":{"province":17,"autonomousCommunity":85,"country":${country},"sizeBand":1620}`;
  return Buffer.from(
    late
      ? `{"response":{"policies":${JSON.stringify(filler)},"global":{${participants}}}}`
      : `{"response":{"global":{${participants}},"policies":${JSON.stringify(filler)}}}`,
  );
};
const brotli = (body: Buffer, quality: number) => brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: quality } });

describe("the deadline-day mix's freshness check", () => {
  it('reads the country participants of a result in every encoding the server sends, from its start', () => {
    const body = result(2727);
    expect(body.length).toBeGreaterThan(150_000);
    for (const [encoding, sent] of [
      ['br', brotli(body, 0)],
      ['br', brotli(body, 5)],
      ['gzip', gzipSync(body)],
      [undefined, body],
    ] as const) {
      expect([encoding, countryParticipants(sent, encoding)]).toEqual([encoding, 2727]);
    }
  });

  it('reads the whole body when its start names none, and answers undefined when none does', () => {
    expect(countryParticipants(brotli(result(3001, { late: true }), 5), 'br')).toBe(3001);
    expect(countryParticipants(gzipSync(result(3002, { late: true })), 'gzip')).toBe(3002);
    expect(countryParticipants(brotli(Buffer.from('{"response":{}}'), 5), 'br')).toBeUndefined();
  });
});
