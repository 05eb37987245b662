import type { Locator, Page } from 'playwright-core';
import { screenshot, scrollPageTo } from './browser.js';

/** The phone of the checks: 390x844 CSS pixels. */
export const PHONE = { width: 390, height: 844 };

/**
 * No page-wide horizontal scroll: the document is no wider than the screen. On a touch phone a wider page widens
 * the layout viewport with it (innerWidth 883 for an 883 px page), so both are held to the phone's width.
 */
export async function expectNoSideScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect({ innerWidth, fits: scrollWidth <= innerWidth }).toEqual({ innerWidth: PHONE.width, fits: true });
}

/** The element, scrolled into view, lies inside the screen, and no box around it had to scroll sideways for it. */
export async function expectOnScreen(locator: Locator, what: string) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  const sideScrolled = await locator.evaluate((el) => {
    for (let box = el.parentElement; box; box = box.parentElement) if (box.scrollLeft > 0) return true;
    return false;
  });
  // Half a pixel of slack: the page scrolls by whole pixels, its layout has fractions (a last row at the page's
  // very bottom can end 0.2 px below the screen).
  const SLACK = 0.5;
  const inside =
    box !== null &&
    box.x >= -SLACK &&
    box.x + box.width <= PHONE.width + SLACK &&
    box.y >= -SLACK &&
    box.y + box.height <= PHONE.height + SLACK &&
    !sideScrolled;
  expect({ what, box, sideScrolled, inside }).toEqual({ what, box, sideScrolled, inside: true });
}

/** Controls a finger must hit, at least 44 px square (WCAG 2.5.5): the menu button and the pager's arrows. */
export async function expectTouchTargets(page: Page, name: string) {
  const controls = [page.getByRole('button', { name: 'Mostrar u ocultar el menú' }), page.locator('.pager .page-link')];
  for (const control of controls) {
    for (let i = 0; i < (await control.count()); i++) {
      const box = await control.nth(i).boundingBox();
      expect({ name, i, width: (box?.width ?? 0) >= 44, height: (box?.height ?? 0) >= 44 }).toEqual({ name, i, width: true, height: true });
    }
  }
}

/** A list page: no side scroll, every row's actions reachable, controls big enough to tap, and its screenshot. */
export async function checkListPage(page: Page, name: string) {
  await page.locator('table.list-table tbody tr').first().waitFor();
  await page.waitForLoadState('networkidle');
  await expectNoSideScroll(page);
  const rows = page.locator('table.list-table tbody tr');
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const actions = rows.nth(i).locator('a.btn, button');
    for (let j = 0; j < (await actions.count()); j++) await expectOnScreen(actions.nth(j), `${name} row ${i} action ${j}`);
  }
  await expectTouchTargets(page, name);
  await scrollPageTo(page, 0);
  await screenshot(page, `phone-${name}`);
}

/** An open dialog: its box inside the screen, no side scroll, and its screenshot. */
export async function checkDialog(page: Page, name: string) {
  const box = page.locator('.modal.show .modal-content, .offcanvas.show').first();
  await box.waitFor();
  await page.waitForTimeout(400); // the fade-in
  await expectOnScreen(box, name);
  await expectNoSideScroll(page);
  await screenshot(page, `phone-${name}`, { fullPage: false });
}

/** A page that is not a list: no side scroll, and its screenshot. */
export async function checkPage(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await expectNoSideScroll(page);
  await screenshot(page, `phone-${name}`);
}

/** The user panel opens inside the screen. */
export async function checkUserPanel(page: Page, name: string) {
  await page.getByRole('button', { name: 'Abrir el panel de usuario' }).click();
  const panel = page.locator('.user-panel');
  await panel.waitFor();
  await expectOnScreen(panel, name);
  await screenshot(page, `phone-${name}`, { fullPage: false });
  await page.keyboard.press('Escape');
}

export async function cancelDialog(page: Page) {
  await page.locator('.modal.show').getByRole('button', { name: 'Cancelar' }).click();
  await page.locator('.modal.show').waitFor({ state: 'detached' });
}
