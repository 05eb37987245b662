import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as spanishDictionary } from '@zxcvbn-ts/language-es-es';
import type { StrengthEstimator } from './policy.js';

/**
 * The strength estimator of the password policy: zxcvbn-ts (a maintained port of Dropbox's zxcvbn) with its
 * common dictionaries (the most used passwords, diceware words, keyboard layouts) and the Spanish ones (common
 * words, first names, surnames, Wikipedia). No translations are loaded: the feedback comes as keys, which the
 * client's messages translate in every language. Some 4 MB of word lists: the client imports this module only
 * dynamically, in a chunk of its own; the server once, at the first password change.
 */
export function createStrengthEstimator(): StrengthEstimator {
  const zxcvbn = new ZxcvbnFactory({ graphs: adjacencyGraphs, dictionary: { ...commonDictionary, ...spanishDictionary } });
  return (password, userInputs) => {
    const { score, feedback } = zxcvbn.check(password, [...userInputs]);
    return { score, warning: feedback.warning };
  };
}
