import JSZip from 'jszip';
import {
  ContentSniffer,
  defaultEvidenceFileName,
  evidenceFileName,
  isEvidenceFileType,
  sizeText,
} from '../../../../src/server/services/campaigns/evidenceFiles.js';
import { attachmentDisposition } from '../../../../src/server/routes/campaigns/evidence.js';
import { EVIDENCE_FILE_TYPES } from '../../../../src/shared/constants.js';

/** Detects a file's type writing it in pieces of `piece` bytes, as an upload arrives. */
async function sniff(bytes: Buffer, piece = 1000): Promise<string | null> {
  const sniffer = new ContentSniffer();
  for (let at = 0; at < bytes.length; at += piece) await sniffer.write(bytes.subarray(at, at + piece));
  return sniffer.end();
}

const zip = async (entries: [string, string | Buffer][], options: JSZip.JSZipGeneratorOptions<'nodebuffer'> = {}) => {
  const z = new JSZip();
  entries.forEach(([name, content], i) => z.file(name, content, i === 0 && name === 'mimetype' ? { compression: 'STORE' } : {}));
  return z.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', ...options });
};
const WORD_TYPES = `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
/** Noise that compresses badly: a large entry to walk past. */
const noise = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7919 + (i >> 8)) % 251));

describe('evidence files: what a file is', () => {
  it('reads the type from the bytes, whatever pieces they come in', async () => {
    expect(await sniff(Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1'), 1)).toBe(EVIDENCE_FILE_TYPES.pdf);
    expect(await sniff(Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex'), 3)).toBe(EVIDENCE_FILE_TYPES.jpg);
    const odt = await zip([
      ['mimetype', EVIDENCE_FILE_TYPES.odt],
      ['content.xml', '<x/>'],
    ]);
    expect(await sniff(odt, 7)).toBe(EVIDENCE_FILE_TYPES.odt);
  });

  it('finds an Office document whose [Content_Types].xml comes last, after large entries, and written with data descriptors', async () => {
    const entries: [string, string | Buffer][] = [
      ['_rels/.rels', '<Relationships/>'],
      ['word/document.xml', '<w:document/>'],
      ['word/media/image1.bin', noise(3 * 1024 * 1024)],
      ['[Content_Types].xml', WORD_TYPES],
    ];
    expect(await sniff(await zip(entries), 64 * 1024)).toBe(EVIDENCE_FILE_TYPES.docx);
    expect(await sniff(await zip(entries, { streamFiles: true }), 64 * 1024)).toBe(EVIDENCE_FILE_TYPES.docx);
  });

  it('recognises executables, plain zips and OpenDocument presentations as kinds not taken, and text as none', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03', 'latin1'), Buffer.alloc(300)]);
    const types = [
      await sniff(exe),
      await sniff(await zip([['a.txt', 'hola']])),
      await sniff(await zip([['mimetype', 'application/vnd.oasis.opendocument.presentation']])),
      await sniff(Buffer.from('<html><script>alert(1)</script></html>')),
      await sniff(Buffer.alloc(0)),
    ];
    expect(types).toEqual(['application/x-msdownload', 'application/zip', 'application/vnd.oasis.opendocument.presentation', null, null]);
    expect(types.map(isEvidenceFileType)).toEqual([false, false, false, false, false]);
    expect(Object.values(EVIDENCE_FILE_TYPES).every(isEvidenceFileType)).toBe(true);
  });

  it('settles as soon as the first bytes say, and then takes the rest without waiting', async () => {
    const sniffer = new ContentSniffer();
    await sniffer.write(Buffer.from('%PDF-1.7\n'));
    await sniffer.write(Buffer.alloc(10_000));
    for (let i = 0; i < 100 && !sniffer.settled; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(sniffer.settled).toBe(true);
    // Written after it settled: not looked at, not buffered.
    for (let i = 0; i < 100; i++) await sniffer.write(Buffer.alloc(64 * 1024));
    expect(await sniffer.end()).toBe(EVIDENCE_FILE_TYPES.pdf);
  });
});

describe('evidence files: names and sizes', () => {
  it('keeps the last path segment, without control, bidirectional or invisible characters, in NFC', () => {
    expect(evidenceFileName('C:\\fakepath\\acta.pdf')).toBe('acta.pdf');
    expect(evidenceFileName('/etc/../home/acta final.pdf')).toBe('acta final.pdf');
    expect(evidenceFileName('acta\u0000\u0007\u001b[31m.pdf')).toBe('acta[31m.pdf');
    expect(evidenceFileName('fdp.\u202eexe.pdf')).toBe('fdp.exe.pdf');
    expect(evidenceFileName('a\u200bb\u00adc\ufeff.pdf')).toBe('abc.pdf');
    expect(evidenceFileName('x\ud800y.pdf')).toBe('xy.pdf');
    expect(evidenceFileName('  muchos    espacios\t.pdf  ')).toBe('muchos espacios.pdf');
    expect(evidenceFileName('Año 2025 – 🌱 compostaje €.pdf')).toBe('Año 2025 – 🌱 compostaje €.pdf');
    expect(evidenceFileName('acción.pdf'.normalize('NFD'))).toBe('acción.pdf');
    for (const nothing of [undefined, '', '   ', '..', '.', 'a/', '\u0001\u200b']) expect(evidenceFileName(nothing)).toBeNull();
  });

  it('shortens a name to 255 characters (not UTF-16 units), keeping a short extension', () => {
    const long = evidenceFileName(`${'🌱'.repeat(300)}.docx`)!;
    expect([Array.from(long).length, long.endsWith('🌱.docx')]).toEqual([255, true]);
    const noExtension = evidenceFileName('a'.repeat(400))!;
    expect(noExtension).toBe('a'.repeat(255));
    expect(evidenceFileName(`${'b'.repeat(254)}.pdf`)).toBe(`${'b'.repeat(251)}.pdf`);
    expect(evidenceFileName(`${'b'.repeat(251)}.pdf`)).toBe(`${'b'.repeat(251)}.pdf`);
  });

  it('names a file sent without a name by its type, and writes sizes as people read them', () => {
    expect(defaultEvidenceFileName(EVIDENCE_FILE_TYPES.xlsx)).toBe('evidencia.xlsx');
    expect(defaultEvidenceFileName(EVIDENCE_FILE_TYPES.jpg)).toBe('evidencia.jpg');
    expect([sizeText(10 * 2 ** 20), sizeText(200 * 2 ** 20), sizeText(1.5 * 2 ** 20), sizeText(64 * 1024), sizeText(1000)]).toEqual([
      '10 MB',
      '200 MB',
      '1.5 MB',
      '64 KB',
      '1 KB',
    ]);
  });

  it('sends a name as an attachment: plain ASCII for old clients and the exact name in filename*', () => {
    expect(attachmentDisposition('acta.pdf')).toBe(`attachment; filename="acta.pdf"; filename*=UTF-8''acta.pdf`);
    expect(attachmentDisposition('Plan de acción €.pdf')).toBe(
      `attachment; filename="Plan de accion _.pdf"; filename*=UTF-8''Plan%20de%20acci%C3%B3n%20%E2%82%AC.pdf`,
    );
    expect(attachmentDisposition('dice "hola" \\ 100%.pdf')).toBe(
      `attachment; filename="dice _hola_ _ 100_.pdf"; filename*=UTF-8''dice%20%22hola%22%20%5C%20100%25.pdf`,
    );
    expect(attachmentDisposition("l'acta (v2)*.pdf")).toBe(`attachment; filename="l'acta (v2)*.pdf"; filename*=UTF-8''l%27acta%20%28v2%29%2A.pdf`);
    expect(attachmentDisposition('🌱.png')).toBe(`attachment; filename="__.png"; filename*=UTF-8''%F0%9F%8C%B1.png`);
  });
});
