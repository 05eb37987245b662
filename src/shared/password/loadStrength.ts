import type { StrengthEstimator } from './policy.js';

let loading: Promise<StrengthEstimator> | undefined;

/**
 * The policy's strength estimator (strength.ts: zxcvbn-ts with some 4 MB of word lists), imported and built the
 * first time it is asked for: in the browser in a chunk of its own that no other page carries, on the server at
 * the first password change rather than at every start. A failed load is forgotten, to be tried again by the
 * next caller.
 */
export function loadStrengthEstimator(): Promise<StrengthEstimator> {
  if (!loading) {
    const attempt = import(/* webpackChunkName: "password-strength" */ './strength.js').then((module) => module.createStrengthEstimator());
    attempt.catch(() => loading === attempt && (loading = undefined));
    loading = attempt;
  }
  return loading;
}
