import { PAGE_MARK, PAGES_MARK, pageNumberContent, pageNumbersCss } from '../../../src/client/lib/pageNumbers.js';

describe("printed reports' page numbers", () => {
  it("turn the message into CSS text around the page counters, in the language's order", () => {
    expect(pageNumberContent(`Página ${PAGE_MARK} de ${PAGES_MARK}`)).toBe('"Página " counter(page) " de " counter(pages)');
    expect(pageNumberContent(`${PAGE_MARK}/${PAGES_MARK}`)).toBe('counter(page) "/" counter(pages)');
    expect(pageNumberContent(`${PAGES_MARK} pages, this is ${PAGE_MARK}`)).toBe('counter(pages) " pages, this is " counter(page)');
  });

  it('escape what would end or break the CSS string', () => {
    expect(pageNumberContent(`"${PAGE_MARK}" \\ ${PAGES_MARK}\n`)).toBe('"\\"" counter(page) "\\" \\\\ " counter(pages) "\\a "');
  });

  it('number the pages bottom right, in print only', () => {
    const css = pageNumbersCss(`Página ${PAGE_MARK} de ${PAGES_MARK}`);
    expect(css).toMatch(/^@media print \{ @page \{ @bottom-right \{ content: "Página " counter\(page\) " de " counter\(pages\);/);
  });
});
