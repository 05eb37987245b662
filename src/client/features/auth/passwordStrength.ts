import type { StrengthEstimator } from '../../../shared/password/policy.js';
import { loadStrengthEstimator as loadEstimator } from '../../../shared/password/loadStrength.js';

/**
 * The password policy's strength estimator, loaded the first time the change-password form opens (some 1 MB
 * compressed). When it cannot be loaded, the form checks the other rules and leaves strength to the server,
 * which always checks.
 */
export function loadStrengthEstimator(): Promise<StrengthEstimator | null> {
  return loadEstimator().catch(() => null);
}
