// Headless Debian chromium driven by playwright-core (no browser download), against the
// stack that npm test started.
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { requireEnv } from '@bb/service-kit/testing';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export const siteUrl = (path = '/') => `${requireEnv('GATEWAY_URL')}${path}`;

/** libfaketime's variables (scripts/lib/fake-clock.mjs): Chromium hangs at start-up under it. */
const FAKE_CLOCK_VARIABLES = new Set(['LD_PRELOAD', 'FAKETIME', 'FAKETIME_DONT_FAKE_MONOTONIC']);
const onShiftedClock = () => process.env.FAKETIME !== undefined;

/** Chromium keeps the real clock; on a shifted run each context's pages get the tests' clock instead (newContext). */
export function launchBrowser(): Promise<Browser> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined && !FAKE_CLOCK_VARIABLES.has(entry[0])),
  );
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS, env });
}

/**
 * A fresh context per test: its own storage, cookies and time zone (Manila unless given). With
 * BB_BROWSER_TRACES set to a folder, the context records a Playwright trace (screenshots, DOM
 * snapshots, network) saved there under the test's name when the context closes: open one with
 * `npx playwright show-trace <file>` to see what a failed journey saw, step by step.
 */
export async function newContext(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ timezoneId: 'Asia/Manila', locale: 'en-PH', viewport: { width: 1280, height: 900 }, ...options });
  // The pages' clock starts at the shifted now and runs on from there, as the servers' does.
  if (onShiftedClock()) await context.clock.install({ time: Date.now() });
  const traces = process.env.BB_BROWSER_TRACES;
  if (!traces) return context;
  await context.tracing.start({ screenshots: true, snapshots: true });
  const testName = expect.getState().currentTestName ?? 'outside a test';
  const close = context.close.bind(context);
  context.close = async (...args) => {
    fs.mkdirSync(traces, { recursive: true });
    const file = `${testName.replace(/[^\w.-]+/g, '-').slice(0, 150)}-${Date.now()}.zip`;
    await context.tracing.stop({ path: path.join(traces, file) }).catch(() => undefined);
    return close(...args);
  };
  return context;
}

/** Accessibility violations of impact serious or critical on the current page, once its transitions have finished. */
export async function seriousViolations(page: Page) {
  // A dialog fading in or a button changing colour is checked as it ends up, not half-way.
  await page.evaluate(
    `Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined)))`,
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}

/** Signs in through the API and stores the token the way the app does. */
export async function signInAsAdmin(context: BrowserContext, credentials = { username: 'admin', password: 'admin123' }): Promise<string> {
  const res = await fetch(siteUrl('/api/auth/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(credentials) });
  if (!res.ok) throw new Error(`admin sign-in failed: ${res.status}`);
  const { token } = (await res.json()) as { token: string };
  await context.addInitScript(`localStorage.setItem('auth_token', ${JSON.stringify(token)});`);
  return token;
}
