import { readFileSync } from 'node:fs';

/**
 * The interface languages as src/shared/constants.ts lists them (LANGUAGES), read from that file so that the list
 * stays the only one: webpack compiles the catalogue of each (webpack.config.js). A file this cannot read stops the
 * build.
 */
export function interfaceLanguages(constantsFile) {
  const source = readFileSync(constantsFile, 'utf8');
  const list = /export const LANGUAGES = \[([^\]]*)\] as const;/.exec(source);
  if (!list) throw new Error(`${constantsFile}: no 'export const LANGUAGES = [...] as const;' line`);
  const languages = [...list[1].matchAll(/'([a-z]{2,3})'/g)].map((match) => match[1]);
  if (languages.length === 0) throw new Error(`${constantsFile}: LANGUAGES names no language`);
  return languages;
}
