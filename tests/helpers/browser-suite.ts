/**
 * The set-up every Chromium test file shares: the real server (tests/helpers/server.ts), Debian
 * Chromium (tests/e2e/browser.ts), optionally signed in through the login page, a screenshot named
 * after a failing test, and both stopped after the file. Registers the vitest hooks itself.
 * @example
 * const e2e = browserSuite({ signIn: DEMO_USER });
 * it('…', async () => { const { page, errors } = e2e.b; await page.goto(`${e2e.srv.url}/#/pages/company`); });
 */
import { afterAll, beforeAll, beforeEach, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestServer, type TestServer } from './server.ts';
import { launch, screenshot } from '../e2e/browser.ts';

export type LaunchedBrowser = Awaited<ReturnType<typeof launch>>;

/** The demo company's owner (EMITE_DEMO seed). */
export const DEMO_USER = { email: 'demo@emite.ec', password: 'Demo1234!' };

/** Sign in through `#/auth/login` and wait for the dashboard. */
export async function signInThroughPage(page: Page, baseUrl: string, user: { email: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl}/#/auth/login`);
  await page.getByLabel('Correo electrónico').fill(user.email);
  await page.getByLabel('Contraseña').fill(user.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL(/#\/dashboard/, { waitUntil: 'commit' });
}

export interface BrowserSuite {
  /** The running server (set in beforeAll). */
  readonly srv: TestServer;
  /** The browser, its page and the page errors seen so far (set in beforeAll). */
  readonly b: LaunchedBrowser;
}

/**
 * Start the server and Chromium before the file's tests, sign in when `signIn` is given, screenshot
 * a failing test as `FAILED-<test name>`, close both afterwards.
 * @param p.env extra server environment (e.g. `SCHEMAS_DIR`, `WEBHOOK_ALLOW_PRIVATE`).
 */
export function browserSuite(p: { env?: Record<string, string>; signIn?: { email: string; password: string } } = {}): BrowserSuite {
  let srv: TestServer | undefined;
  let b: LaunchedBrowser | undefined;
  beforeAll(async () => {
    srv = await startTestServer({ env: p.env, migrated: true });
    b = await launch();
    if (p.signIn) await signInThroughPage(b.page, srv.url, p.signIn);
  });
  beforeEach((ctx) => {
    onTestFailed(async () => {
      if (b) await screenshot(b.page, `FAILED-${ctx.task.name.slice(0, 40).replace(/\W+/g, '-')}`);
    });
  });
  afterAll(async () => {
    await b?.close();
    await srv?.stop();
  });
  return {
    get srv() {
      if (!srv) throw new Error('browserSuite: the server starts in beforeAll');
      return srv;
    },
    get b() {
      if (!b) throw new Error('browserSuite: Chromium starts in beforeAll');
      return b;
    },
  };
}

/**
 * Choose `item` from the header's profile menu the way a person does (open it, move the pointer onto
 * the item, click) and wait until the URL matches `url`. In CI-like runs (a cold build, the API
 * suites loading both cores) the menu was seen, about one run in three, to stay open after a click
 * that Playwright sends within milliseconds of opening it, with nothing chosen; a person who sees
 * that clicks again, and so does this, up to three times before it fails.
 */
export async function chooseProfileMenuItem(page: Page, item: string, url: RegExp): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const menuItem = page.getByRole('menuitem', { name: item });
    if (!(await menuItem.isVisible())) await page.getByRole('button', { name: 'Menú de perfil' }).click();
    await menuItem.hover();
    await menuItem.click();
    try {
      await page.waitForURL(url, { waitUntil: 'commit', timeout: 10_000 });
      return;
    } catch (error) {
      // A choice that took effect after the wait (a loaded machine) is not clicked again.
      if (url.test(page.url())) return;
      if (attempt === 3) throw error;
    }
  }
}
