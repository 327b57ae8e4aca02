/**
 * Debian Chromium driven by playwright-core (no browser download), with the flags this sandbox
 * needs, a fresh profile per launch, and helpers that fail a test on page errors.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const SCREENS_DIR = path.join(process.env.EMITE_TEST_TMP ?? path.resolve('tests/.tmp'), 'screens');

export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * @param opts.args Chromium flags added to {@link CHROMIUM_FLAGS} (e.g. `--host-resolver-rules=…`).
 * @param opts.viewport default 1280 × 860.
 */
export async function launch(opts: { args?: string[]; viewport?: { width: number; height: number } } = {}): Promise<{ browser: Browser; context: BrowserContext; page: Page; errors: string[]; close(): Promise<void> }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // launch() gives every run a fresh temporary profile of its own.
    args: [...CHROMIUM_FLAGS, ...(opts.args ?? [])],
  });
  const context = await browser.newContext({ viewport: opts.viewport ?? { width: 1280, height: 860 }, locale: 'es-EC' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  return { browser, context, page, errors, close: () => browser.close() };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  const file = path.join(SCREENS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
