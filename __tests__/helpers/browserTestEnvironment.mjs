import NodeEnvironment from 'jest-environment-node';

/**
 * The browser tests' environment: Node's, plus a failed test's message ends with what the pages it opened showed
 * last (address, text on the screen, last API calls, console errors; recorded by e2e/helpers/browser.ts). A browser
 * test fails mostly by a timeout ("waiting for getByText(...)"), which says what was missing but not what was there.
 */
export default class BrowserTestEnvironment extends NodeEnvironment {
  async handleTestEvent(event) {
    // Each attempt (browserTestSetup.ts runs a failed test once more) records its own pages.
    if (event.name === 'test_start' || event.name === 'test_retry') this.global.__pageRecords = { open: new Set(), closed: [] };
    // The error is of the test's realm: not an instanceof this module's Error.
    if (event.name === 'test_fn_failure' && typeof event.error?.message === 'string') {
      const records = this.global.__pageRecords;
      if (!records) return;
      const pages = [...records.closed, ...(await Promise.all([...records.open].map((describe) => describe().catch(() => 'a page that could not be read'))))];
      if (pages.length === 0) return;
      const shown = `\n\nWhat the test's pages showed last:\n\n${pages.join('\n\n')}`;
      // Jest reports the stack (made with the message as it was), so both get it.
      event.error.message += shown;
      if (event.error.stack) event.error.stack += shown;
    }
  }
}
