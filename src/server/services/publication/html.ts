/**
 * HTML written on the server (the public pages), escaped by construction: `html` escapes every value put in it
 * except another `html` fragment, so that no name or text of the database or the address can add markup.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe inside an element or a quoted attribute, of HTML, SVG or XML. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** A fragment of markup already safe. */
export class Html {
  constructor(readonly markup: string) {}
  toString(): string {
    return this.markup;
  }
}

/** What a fragment may hold: text (escaped), numbers, other fragments, lists of them; null, undefined and false write nothing. */
export type HtmlValue = Html | string | number | null | undefined | false | readonly HtmlValue[];

function write(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.markup;
  if (Array.isArray(value)) return value.map(write).join('');
  return escapeHtml(String(value));
}

/** A fragment of markup, its values escaped. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let markup = strings[0];
  values.forEach((value, i) => {
    markup += write(value) + strings[i + 1];
  });
  return new Html(markup);
}
