import type { StrengthEstimator } from '../../../shared/password/policy.js';

let loading: Promise<StrengthEstimator> | undefined;

/**
 * The password policy's strength estimator (zxcvbn-ts and its dictionaries, some 1 MB compressed), loaded in
 * a chunk of its own the first time the change-password form opens, so that no other page carries it. When the
 * chunk cannot be loaded, the form checks the other rules and leaves strength to the server, which always checks.
 */
export function loadStrengthEstimator(): Promise<StrengthEstimator | null> {
  loading ??= import(/* webpackChunkName: "password-strength" */ '../../../shared/password/strength.js').then((module) => module.createStrengthEstimator());
  return loading.catch(() => {
    loading = undefined;
    return null;
  });
}
