import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './helpers/browser.js';

/**
 * The browser tests' pages are kept from one test to the next (helpers/reusedPages.ts): what a test leaves in its
 * page must not reach the next test that gets it. A small site of its own stands in for the app: a page that
 * writes to its storage, and the empty document the kept pages wait on.
 */
describe("a browser test's page, kept for the next test", () => {
  let browser: Browser;
  let site: http.Server;
  let url: string;

  beforeAll(async () => {
    site = http.createServer((req, res) => {
      if (req.url === '/favicon.svg') {
        res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg xmlns="http://www.w3.org/2000/svg"/>');
        return;
      }
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><meta name="viewport" content="width=device-width"><title>Sitio</title><p>Hola</p>');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => site?.close(resolve));
  });

  it('comes back to the next test wiped: no cookies, storage, routes, listeners, permissions; its viewport and media as made', async () => {
    const first = await newPage(browser);
    await first.page.goto(`${url}/`);
    await first.context.addCookies([{ name: 'access_token', value: 'de-la-prueba-anterior', url }]);
    await first.page.evaluate(() => {
      localStorage.setItem('persist:campaigns', '{"search":"Ribera"}');
      sessionStorage.setItem('pending', 'yes');
    });
    await first.context.grantPermissions(['clipboard-read'], { origin: url });
    await first.page.setViewportSize({ width: 500, height: 500 });
    await first.page.emulateMedia({ media: 'print', colorScheme: 'dark', reducedMotion: 'reduce' });
    await first.page.route('**/*', (route) => route.fulfill({ body: 'interceptada' }));
    const heardByTheFirst: string[] = [];
    first.page.on('console', (msg) => heardByTheFirst.push(msg.text()));
    await first.context.close();

    const second = await newPage(browser);
    expect(second.page).toBe(first.page);
    expect(await second.context.cookies()).toEqual([]);
    await second.page.goto(`${url}/`);
    expect(await second.page.textContent('p')).toBe('Hola');
    expect(
      await second.page.evaluate(async () => ({
        local: localStorage.length,
        session: sessionStorage.length,
        width: window.innerWidth,
        height: window.innerHeight,
        print: matchMedia('print').matches,
        dark: matchMedia('(prefers-color-scheme: dark)').matches,
        reduced: matchMedia('(prefers-reduced-motion: reduce)').matches,
        clipboard: (await navigator.permissions.query({ name: 'clipboard-read' as PermissionName })).state,
      })),
    ).toEqual({ local: 0, session: 0, width: 1280, height: 800, print: false, dark: false, reduced: false, clipboard: 'prompt' });
    const logged = second.page.waitForEvent('console');
    await second.page.evaluate(() => console.error('solo para la segunda'));
    await logged;
    expect(second.errors).toEqual([expect.stringContaining('solo para la segunda')]);
    expect(heardByTheFirst).toEqual([]);
    await second.context.close();
  });

  it('tells what its test left waiting on it that the page is gone, as closing it would', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${url}/`);
    const neverAnswered = page.waitForResponse('**/nunca', { timeout: 60_000 }).then(
      () => 'answered',
      (err: Error) => err.message,
    );
    await context.close();
    expect(page.isClosed()).toBe(false);
    await expect(neverAnswered).resolves.toMatch(/closed/);
    // Closed twice, it is still kept once, open.
    await context.close();
    expect((await newPage(browser)).page).toBe(page);
    await context.close();
  });

  it('is not kept after an init script or a set clock, nor given to a page of another kind', async () => {
    const scripted = await newPage(browser);
    await scripted.page.addInitScript(() => {
      (window as unknown as { fromTheInitScript: boolean }).fromTheInitScript = true;
    });
    await scripted.page.goto(`${url}/`);
    await scripted.context.close();
    expect(scripted.page.isClosed()).toBe(true);
    // Nor one that showed documents of two origins (the same site under another name): only one's storage is wiped.
    const travelled = await newPage(browser);
    await travelled.page.goto(`${url}/`);
    await travelled.page.goto(url.replace('127.0.0.1', 'localhost'));
    await travelled.context.close();
    expect(travelled.page.isClosed()).toBe(true);
    // Nor after its clock was set.
    const clocked = await newPage(browser);
    await clocked.page.clock.setFixedTime(new Date('2026-03-01T10:00:00+01:00'));
    await clocked.page.goto(`${url}/`);
    await clocked.context.close();
    expect(clocked.page.isClosed()).toBe(true);

    const desktop = await newPage(browser);
    await desktop.page.goto(`${url}/`);
    await desktop.context.close();
    const phone = await newPage(browser, { phone: true });
    expect(phone.page).not.toBe(desktop.page);
    await phone.page.goto(`${url}/`);
    expect(await phone.page.evaluate(() => ({ width: window.innerWidth, scripted: 'fromTheInitScript' in window }))).toEqual({ width: 390, scripted: false });
    await phone.context.close();
    // The desktop page waited on its shelf meanwhile.
    expect((await newPage(browser)).page).toBe(desktop.page);
  });
});
