/**
 * Page numbers of a printed report ('Página 3 de 23'), drawn by the browser in the bottom margin of every page:
 * CSS paged media's margin boxes with counter(page) and counter(pages) (Chromium 131 and later), which both
 * page.pdf() and the reader's own print dialog lay out. The words come from the reader's language.
 */

/** Where the page's number and the number of pages go in the message's text. */
export const PAGE_MARK = '\u0001';
export const PAGES_MARK = '\u0002';

/** Text as a CSS string: quotes and backslashes escaped, line breaks and control characters as CSS escapes. */
const cssString = (text: string) =>
  `"${[...text].map((c) => (c === '\\' || c === '"' ? `\\${c}` : c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? `\\${c.charCodeAt(0).toString(16)} ` : c)).join('')}"`;

/**
 * The CSS content of the page-number margin box, from the message formatted with PAGE_MARK and PAGES_MARK as its
 * values: 'Página \u0001 de \u0002' gives `"Página " counter(page) " de " counter(pages)`.
 */
export function pageNumberContent(formatted: string): string {
  const parts: string[] = [];
  let text = '';
  for (const c of formatted) {
    if (c === PAGE_MARK || c === PAGES_MARK) {
      if (text) parts.push(cssString(text));
      parts.push(c === PAGE_MARK ? 'counter(page)' : 'counter(pages)');
      text = '';
    } else text += c;
  }
  if (text) parts.push(cssString(text));
  return parts.join(' ');
}

/** The print style sheet that numbers the pages, bottom right, in the report's small grey. */
export function pageNumbersCss(formatted: string): string {
  return `@media print { @page { @bottom-right { content: ${pageNumberContent(formatted)}; font-size: 8pt; color: #495057; font-family: system-ui, sans-serif; } } }`;
}
