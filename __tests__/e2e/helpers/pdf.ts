import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SCREENSHOT_DIR, SCREENSHOTS_WANTED } from './browser.js';

/** A PDF's text (pdftotext; pages end with a form feed), with its pages saved as PNG screenshots (pdftoppm) when SCREENSHOTS_WANTED. */
export function readPdf(pdf: Buffer, name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-pdf-'));
  const file = path.join(dir, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  if (SCREENSHOTS_WANTED) {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    execFileSync('pdftoppm', ['-r', '50', '-png', file, path.join(SCREENSHOT_DIR, name)]);
  }
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
  fs.rmSync(dir, { recursive: true, force: true });
  return text;
}

/** The addresses a PDF's links open (pdfinfo -url: its link annotations, not its text). */
export function pdfLinks(pdf: Buffer): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-pdf-'));
  const file = path.join(dir, 'links.pdf');
  fs.writeFileSync(file, pdf);
  try {
    // Lines of 'Page Type URL' after a header line.
    const lines = execFileSync('pdfinfo', ['-url', file]).toString('utf8').trim().split('\n').slice(1);
    return lines.map((line) => line.trim().split(/\s+/).slice(2).join(' '));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
