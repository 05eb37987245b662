import { jest } from '@jest/globals';

/**
 * A browser test that fails is run once more, its first failure printed in full (with what its pages showed,
 * browserTestEnvironment.mjs). Why: Chromium, the app's server and the other test files share two cores, and a
 * rare race between the test's aim and a page still settling (seen: a click that opened nothing, a tap that
 * closed a menu) failed whole CI runs with nothing to say why. A test that fails twice fails the run; one that
 * passes the second time is still in the log as 'errors thrown in the first attempt', to be looked into.
 * The retry runs at once, not after the file's other tests: those change the shared server's data (a later test
 * sends the campaign an earlier one answers), and a retry that finds it sent fails for a reason of its own. For the
 * same reason a retried first test of a block with a server of its own gets a new server (serverAndBrowser), and a
 * later test names what it creates with `uniqueMark()` (e2e/helpers/api.ts): a name its first attempt took is refused.
 */
jest.retryTimes(1, { logErrorsBeforeRetry: true, retryImmediately: true });
