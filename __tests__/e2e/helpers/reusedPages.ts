import type { Browser, BrowserContext, Page } from 'playwright-core';

/**
 * A test's page, once its test closes its context, is kept for the next test of the same browser that asks for a
 * page of the same kind (viewport, locale, time zone...), wiped as a new context would be: no cookies, no local or
 * session storage, no permissions, routes or listeners, its viewport and media as created, shown an empty document
 * of the app's origin. Why: the browser keeps the page's renderer process and the app's compiled scripts, and the
 * login page costs 0.3 CPU-s there against 1.2 in a new context (measured on 2026-12-05; docs/benchmarks.md, "The
 * test suite's own time"). A page whose test did what cannot be undone (an init script, a second page, another
 * origin) is closed as before. reusedPages.test.ts checks the wipe.
 */

/** What a test did to its page or context (or their clock) that no reset takes back: the page is closed, not kept. */
const TAINTING: readonly string[] = [
  'addInitScript',
  'exposeBinding',
  'exposeFunction',
  'setExtraHTTPHeaders',
  'setOffline',
  'setGeolocation',
  'setHTTPCredentials',
  'setDefaultTimeout',
  'setDefaultNavigationTimeout',
  'install',
  'setFixedTime',
  'setSystemTime',
  'pauseAt',
];

export interface KeptPage {
  context: BrowserContext;
  page: Page;
  /** The viewport the context was created with, given back to the page on reuse. */
  viewport: { width: number; height: number };
  /** Run when the test using the page closes its context, before the page is wiped or closed. */
  onClose: () => Promise<void>;
  /** The page's and the context's listeners as Playwright left them (its own), to take the tests' away. */
  listenersAtStart: Map<Listened, Listeners>;
  /** The origins the page's documents came from since it was made or last wiped: storage is wiped for one only. */
  readonly origins: Set<string>;
  /** Context.close as Playwright has it (the test's close releases the page instead). */
  closeForGood: BrowserContext['close'];
  tainted: boolean;
}

/** Node's EventEmitter, as Playwright's objects are (its types leave these out). */
interface Listened {
  eventNames(): (string | symbol)[];
  rawListeners(event: string | symbol): unknown[];
  removeListener(event: string | symbol, listener: unknown): unknown;
}
type Listeners = Map<string | symbol, Set<unknown>>;

const listenersOf = (target: Listened): Listeners => new Map(target.eventNames().map((event) => [event, new Set(target.rawListeners(event))]));

/**
 * Removes the listeners added since `before` was read: the tests' and this module's. Playwright's own stay: its
 * objects wait on their own events (a context's close waits for its 'close' event), so removeAllListeners()
 * would leave a later close waiting for ever.
 */
function removeListenersAddedSince(target: Listened, before: Listeners): void {
  for (const event of target.eventNames()) {
    for (const listener of addedSince(target, before, event)) target.removeListener(event, listener);
  }
}

const addedSince = (target: Listened, before: Listeners, event: string | symbol) =>
  target.rawListeners(event).filter((listener) => !before.get(event)?.has(listener));

/** Released pages waiting for a test, per browser and kind of page. */
const idle = new WeakMap<Browser, Map<string, KeptPage>>();

/** The page of that kind a previous test released on this browser, taken off the shelf; undefined when there is none. */
export function takeKeptPage(browser: Browser, kind: string): KeptPage | undefined {
  const shelf = idle.get(browser);
  const kept = shelf?.get(kind);
  shelf?.delete(kind);
  return kept;
}

/**
 * Makes the context's page one that its test's `context.close()` puts back on the shelf (wiped) rather than closing;
 * the entry's `onClose` runs first either way. Marks it tainted when the test calls one of TAINTING on the page, its
 * context or their clock.
 */
export function keepOnClose(browser: Browser, kind: string, context: BrowserContext, page: Page, viewport: KeptPage['viewport']): KeptPage {
  const origins = new Set<string>();
  // Before the listeners are read: this one stays from test to test.
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url() !== 'about:blank') origins.add(new URL(frame.url()).origin);
  });
  const entry: KeptPage = {
    context,
    page,
    viewport,
    tainted: false,
    listenersAtStart: new Map(([context, page] as unknown as Listened[]).map((target) => [target, listenersOf(target)])),
    origins,
    onClose: () => Promise.resolve(),
    closeForGood: context.close.bind(context),
  };
  for (const target of [context, page, context.clock, page.clock] as unknown as Record<string, unknown>[]) {
    for (const method of TAINTING.filter((name) => typeof target[name] === 'function')) {
      const original = target[method] as (...args: unknown[]) => unknown;
      target[method] = (...args: unknown[]) => {
        entry.tainted = true;
        return original.apply(target, args);
      };
    }
  }
  context.close = async (options) => {
    await entry.onClose();
    if (options?.reason === undefined && (await wiped(entry))) {
      const shelf = idle.get(browser) ?? new Map<string, KeptPage>();
      idle.set(browser, shelf);
      const previous = shelf.get(kind);
      shelf.set(kind, entry);
      // (A test that closes its context twice puts the same page back.)
      if (previous && previous !== entry) await previous.closeForGood();
      return;
    }
    await entry.closeForGood(options);
  };
  return entry;
}

/**
 * Wipes the page as a new context would have it, on an empty document of the app's origin: false when it cannot be
 * (tainted, closed, more than one page, documents of more than one origin or not of http, the server gone).
 */
async function wiped(kept: KeptPage): Promise<boolean> {
  const { context, page } = kept;
  if (kept.tainted || page.isClosed() || context.pages().length !== 1 || kept.origins.size !== 1) return false;
  const { protocol, origin } = new URL(page.url());
  if ((protocol !== 'http:' && protocol !== 'https:') || !kept.origins.has(origin)) return false;
  try {
    kept.listenersAtStart.forEach((listeners, target) => {
      // What waits for the page or the context to close (a waitForResponse left pending by a failed test) is told
      // now, as closing the context would: otherwise it fails on its own timeout, in a later test.
      for (const listener of addedSince(target, listeners, 'close')) (listener as (closed: unknown) => void)(target);
      removeListenersAddedSince(target, listeners);
    });
    await Promise.all([page.unrouteAll({ behavior: 'ignoreErrors' }), context.unrouteAll({ behavior: 'ignoreErrors' })]);
    await context.clearPermissions();
    // The app's document goes first (a static file of the same origin runs none of its scripts, and keeps the
    // renderer): whatever it would still write to storage as it goes is written before the wipe, not after.
    await page.goto(`${origin}/favicon.svg`, { timeout: 10_000 });
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await context.clearCookies();
    await page.emulateMedia({ media: null, colorScheme: 'light', reducedMotion: 'no-preference', forcedColors: 'none' });
    await page.setViewportSize(kept.viewport);
    kept.origins.clear();
    kept.origins.add(origin);
    return true;
  } catch {
    return false;
  }
}
