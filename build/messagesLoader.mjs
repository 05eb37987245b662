/**
 * Webpack loader for the catalogues in /i18n: each message compiled to its ICU syntax tree at build time, as
 * formatjs advises ("message distribution"), so that the browser formats without parsing (and the client gets
 * the parser-free build of @formatjs/icu-messageformat-parser: see webpack.config.js). Parsed as
 * intl-messageformat would parse it in the browser: tags recognised, number skeletons parsed.
 * Jest imports the catalogues as plain JSON: react-intl takes either form and formats them alike (a test checks it).
 */
import { parse } from '@formatjs/icu-messageformat-parser';

/** A catalogue's JSON text to the JSON text of its messages' syntax trees; a malformed message stops the build. */
export function compileCatalogue(source, resourcePath) {
  const compiled = {};
  for (const [id, message] of Object.entries(JSON.parse(source))) {
    try {
      compiled[id] = parse(message);
    } catch (err) {
      throw new Error(`${resourcePath}: message ${id} is not valid ICU syntax (${err.message})`);
    }
  }
  return JSON.stringify(compiled);
}

export default function messagesLoader(source) {
  return compileCatalogue(source, this.resourcePath);
}
