import type { FileProblem } from '../../shared/api/editions.js';
import { fileProblem } from './problems.js';

/** The deepest nesting a catalogue needs is 13 levels; anything far deeper is refused before parsing. */
const MAX_DEPTH = 40;

/** Line and column (from 1) of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** Where a JSON syntax error is: the position V8 names, or the first character no JSON value can start with. */
function syntaxErrorOffset(text: string, message: string): number {
  const named = /at position (\d+)/.exec(message);
  if (named) return Number(named[1]);
  if (/Unexpected end/.test(message)) return text.length;
  // "Unexpected token 'x', ... is not valid JSON": a bracket out of place (its first one), or a bare word or quote.
  const token = /^Unexpected token '(.)'/.exec(message)?.[1];
  if (token && '{}[]:,'.includes(token)) {
    const at = stripStrings(text).indexOf(token);
    if (at >= 0) return at;
  }
  const word = /(?:^|[\s,:[{])((?!true\b|false\b|null\b)[A-Za-z_'][^\s,:\]}]*)/.exec(stripStrings(text));
  return word ? word.index + word[0].indexOf(word[1]) : 0;
}

/** The text with the contents of its strings blanked, so that offsets stay and words inside strings do not count. */
function stripStrings(text: string): string {
  return text.replace(/"(?:[^"\\\n]|\\.)*"/g, (s) => '"' + ' '.repeat(s.length - 2) + '"');
}

/** The deepest bracket nesting outside strings. */
function depthOf(text: string): number {
  let depth = 0,
    max = 0,
    inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) max = Math.max(max, ++depth);
    else if (c === 93 || c === 125) depth--;
  }
  return max;
}

/** Keys that could reach an object's prototype: dropped while parsing. */
const POLLUTING = new Set(['__proto__', 'constructor', 'prototype']);

/** An uploaded file's bytes as a JSON value, or the problem that stops it: not UTF-8, too deep, a syntax error with its line and column. */
export function parseJsonFile(bytes: Uint8Array): { value: unknown } | { problem: FileProblem } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { problem: fileProblem('', 'NOT_UTF8') };
  }
  if (text.trim() === '') return { problem: fileProblem('', 'EMPTY_FILE') };
  if (depthOf(text) > MAX_DEPTH) return { problem: fileProblem('', 'TOO_DEEP', { depth: MAX_DEPTH }) };
  try {
    return { value: JSON.parse(text, (key, value: unknown) => (POLLUTING.has(key) ? undefined : value)) };
  } catch (err) {
    const at = lineColumn(text, syntaxErrorOffset(text, (err as Error).message));
    return { problem: fileProblem('', 'JSON_SYNTAX', at, undefined, at) };
  }
}
