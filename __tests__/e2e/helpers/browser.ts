import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Cookie, type Download, type Locator, type Page, type Request } from 'playwright-core';
import { keepOnClose, takeKeptPage } from './reusedPages.js';

/** Flags Debian's Chromium needs when run as root on this network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
/** Whether the pictures of pages and printed reports are saved (E2E_SCREENSHOTS=1): for people looking at them. */
export const SCREENSHOTS_WANTED = process.env.E2E_SCREENSHOTS === '1';

/**
 * Debian's Chromium builds, preferred in this order: `chromium-headless-shell` (the same Blink and V8, without the
 * desktop browser around them: what Playwright itself starts for headless pages), then `chromium`. A page load
 * costs the headless shell about a third of the CPU (0.17 CPU-s against 0.50 for a new context, sign-in and first
 * page, measured on 2026-12-04; docs/benchmarks.md, "The test suite's own time"). CHROMIUM_PATH chooses another.
 */
const CHROMIUM_BUILDS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

export function chromiumPath(): string {
  const executable = process.env.CHROMIUM_PATH ?? CHROMIUM_BUILDS.find((candidate) => fs.existsSync(candidate));
  if (!executable || !fs.existsSync(executable)) {
    throw new Error(
      `Chromium not found at ${executable ?? CHROMIUM_BUILDS.join(' or ')}: install it with \`apt-get install -y chromium-headless-shell\` or set CHROMIUM_PATH`,
    );
  }
  return executable;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
}

export interface NewPageOptions {
  /** Phone viewport (390x844, touch) instead of the 1280x800 desktop one. */
  phone?: boolean;
  viewport?: { width: number; height: number };
  locale?: string;
  timezoneId?: string;
  /** Lets a test inject a script (axe) past the app's Content Security Policy. */
  bypassCSP?: boolean;
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors, in order; tests assert it stays empty. */
  errors: string[];
}

export async function newPage(browser: Browser, options: NewPageOptions = {}): Promise<OpenedPage> {
  const phone = options.phone ?? false;
  const viewport = options.viewport ?? (phone ? { width: 390, height: 844 } : { width: 1280, height: 800 });
  const contextOptions = {
    viewport,
    locale: options.locale ?? 'es-ES',
    timezoneId: options.timezoneId ?? 'Europe/Madrid',
    bypassCSP: options.bypassCSP ?? false,
    ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  };
  const kind = JSON.stringify(contextOptions);
  let kept = takeKeptPage(browser, kind);
  if (!kept) {
    const context = await browser.newContext(contextOptions);
    kept = keepOnClose(browser, kind, context, await context.newPage(), viewport);
  }
  const { context, page } = kept;
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') {
      const { url, lineNumber } = msg.location();
      errors.push(`console.error: ${msg.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
    }
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.stack ?? err.message}`));
  kept.onClose = recordForFailures(context, page, errors);
  return { context, page, errors };
}

/** The API calls a page made last, newest last: enough to tell a call never sent from one unanswered or refused. */
const CALLS_KEPT = 12;

/** What each page of the current test showed last, for its failure message (browserTestEnvironment.mjs). */
interface PageRecords {
  /** Pages still open: described when the test fails. */
  open: Set<() => Promise<string>>;
  /** Pages closed during the test, described as they closed (most tests close theirs before the failure is known). */
  closed: string[];
}

/**
 * Keeps, for the test environment, the page's address, text, console errors and last API calls (method, path,
 * status or 'waiting', time): when a browser test fails, its message says what was on the screen and which call
 * had not come back, which a timeout alone does not. Returns what the test's closing of its context runs first.
 */
function recordForFailures(context: BrowserContext, page: Page, errors: readonly string[]): () => Promise<void> {
  const records = (globalThis as { __pageRecords?: PageRecords }).__pageRecords;
  if (!records) return () => Promise.resolve();
  const calls: { line: string; start: number; end?: string }[] = [];
  const started = new Map<Request, (typeof calls)[number]>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    const call = { line: `${request.method()} ${url.pathname}${url.search}`, start: Date.now() };
    started.set(request, call);
    calls.push(call);
    if (calls.length > CALLS_KEPT) calls.shift();
  });
  const ended = (request: Request, how: string) => {
    const call = started.get(request);
    if (call) call.end = `${how} after ${Date.now() - call.start} ms`;
    started.delete(request);
  };
  // Asked of Playwright: refused once the page has closed, which must not fail the test.
  page.on('requestfinished', (request) => {
    request.response().then(
      (response) => ended(request, String(response?.status() ?? 'no response')),
      () => ended(request, 'finished, page closed'),
    );
  });
  page.on('requestfailed', (request) => ended(request, `failed (${request.failure()?.errorText ?? 'unknown'})`));
  const describe = async () => {
    const text = await page
      .locator('body')
      .innerText({ timeout: 2_000 })
      .catch((err: Error) => `(unreadable: ${err.message.split('\n')[0]})`);
    const now = Date.now();
    return [
      `Page at ${page.url()}`,
      `Last API calls: ${calls.map((c) => `\n  ${c.line}: ${c.end ?? `waiting for ${now - c.start} ms`}`).join('') || 'none'}`,
      `Errors: ${errors.length ? errors.join('\n  ') : 'none'}`,
      `On the screen:\n${text.replace(/\n{2,}/g, '\n').slice(0, 4_000)}`,
    ].join('\n');
  };
  records.open.add(describe);
  context.on('close', () => records.open.delete(describe));
  return async () => {
    if (records.open.delete(describe)) records.closed.push(await describe());
  };
}

/** Resolves once the locator matches exactly n elements (charts are drawn a moment after their page). */
export async function waitForCount(locator: Locator, n: number, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let count = await locator.count();
  while (count !== n) {
    if (Date.now() > until) throw new Error(`expected ${n} elements, found ${count}: ${String(locator)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    count = await locator.count();
  }
}

/**
 * The browser's cookie of that name (undefined when there is none) once check accepts it. A page's
 * `document.cookie` writes reach the browser's cookie store, which `context.cookies()` reads, a moment later (an
 * IPC to Chromium's network service): a busy CI run read a token a logout had already deleted. Throws with what
 * it last read after timeoutMs.
 */
export async function settledCookie(
  context: BrowserContext,
  name: string,
  check: (cookie: Cookie | undefined) => boolean,
  timeoutMs = 10_000,
): Promise<Cookie | undefined> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const cookie = (await context.cookies()).find((c) => c.name === name);
    if (check(cookie)) return cookie;
    if (Date.now() > until) throw new Error(`cookie ${name} still ${JSON.stringify(cookie)} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Scrolls the page to a height at once. Bootstrap makes the page scroll smoothly (`scroll-behavior: smooth` where
 * the reader allows motion), so that a plain window.scrollTo returns only after an animation of about half a
 * second, and a test that reads the page at once reads it in mid-scroll.
 */
export async function scrollPageTo(page: Page, top: number): Promise<void> {
  await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), top);
}

/**
 * Waits until the product's own scroll has brought the element onto the screen: the page scrolls smoothly
 * (see scrollPageTo), so the element's box read at once after a jump is where the animation happened to be.
 * Fails (times out) if its top never comes to lie inside the screen.
 */
export async function waitUntilScrolledOnScreen(locator: Locator): Promise<void> {
  const handle = await locator.elementHandle();
  await locator.page().waitForFunction((el) => {
    const top = el!.getBoundingClientRect().top;
    return top >= 0 && top < window.innerHeight;
  }, handle);
}

/**
 * Scrolls the page through, so that every chart is drawn (charts are drawn as they come near the screen),
 * waits until none is left to draw, and goes back to the top. A page mounting its parts in turns (the report,
 * busy until its last part: lib/partsInTurns.ts) is measured once they are all there.
 */
export async function drawEveryChart(page: Page): Promise<void> {
  await waitForCount(page.locator('[aria-busy="true"]'), 0);
  // Charts in a tab not shown (display: none) are drawn when it is, or for paper: not here.
  const pending = page.locator('[data-testid="chart-pending"]:visible');
  if ((await pending.count()) === 0) return;
  const { height, step } = await page.evaluate(() => ({ height: document.documentElement.scrollHeight, step: window.innerHeight }));
  for (let y = 0; y < height; y += step) {
    await scrollPageTo(page, y);
    await page.waitForTimeout(50);
  }
  await waitForCount(pending, 0);
  await scrollPageTo(page, 0);
}

/**
 * With E2E_SCREENSHOTS=1, saves a PNG (the full page unless told otherwise) to __tests__/e2e/screenshots/<name>.png
 * (git-ignored) to be looked at; returns its path. Without it only the charts are drawn, as for the picture: the
 * PNGs are for people changing a page, and encoding 80 of them was a quarter of the browser tests' time in CI.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  if (fullPage) await drawEveryChart(page);
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  if (!SCREENSHOTS_WANTED) return file;
  await page.screenshot({ path: file, fullPage, animations: 'disabled' });
  return file;
}

/** With E2E_SCREENSHOTS=1, saves a PNG of one element (a table, a chart) beside the pages' pictures. */
export async function elementScreenshot(element: Locator, name: string): Promise<void> {
  if (!SCREENSHOTS_WANTED) return;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await element.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled' });
}

/** A download's bytes (to open with exceljs, or read as text). */
export async function bytesOf(download: Download): Promise<ArrayBuffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Uint8Array.from(Buffer.concat(chunks)).buffer;
}
