// The set-up every browser test file shares: one Chromium for the file, browser contexts
// opened before each test (or by the test itself) and closed after it, and the demo admin's
// API token when the file asks for it.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminApiToken, openContext } from '../maintenance-helpers';
import { launchBrowser } from './browser';

export type ContextOptions = Parameters<typeof openContext>[1];

export interface BrowserSuite {
  readonly browser: Browser;
  /** The context the current test opened last (with `each`, before it). */
  readonly context: BrowserContext;
  /** The page of that context. */
  readonly page: Page;
  /** The demo admin's API token (with `signIn`). */
  readonly token: string;
  /** A new context with these options and a page in it, which `context` and `page` then are; closed after the test. */
  open(options?: ContextOptions): Promise<Page>;
  /** A new page in the current context, which `page` then is (a visitor coming back). */
  newPage(): Promise<Page>;
}

/**
 * Call at the top of a test file. `each`: a context (and page) with these options before every
 * test; `once`: one for the whole file; neither: the tests open theirs with `open`.
 */
export function browserSuite({ each, once, signIn = false }: { each?: ContextOptions; once?: ContextOptions; signIn?: boolean } = {}): BrowserSuite {
  let browser: Browser | undefined;
  let token: string | undefined;
  let current: { context: BrowserContext; page: Page } | undefined;
  let fileContext: BrowserContext | undefined;
  let opened: BrowserContext[] = [];
  const closeOpened = async () => {
    await Promise.all(opened.map((context) => context.close()));
    opened = [];
  };
  const open = async (options: ContextOptions = {}) => {
    if (!browser) throw new Error('the browser is not launched yet: open a context inside a test or hook');
    const context = await openContext(browser, options);
    opened.push(context);
    current = { context, page: await context.newPage() };
    return current.page;
  };
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`no ${what}: see the options of browserSuite()`);
    return value;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    if (signIn) token = await adminApiToken();
    if (once) {
      await open(once);
      fileContext = opened.pop();
    }
  });
  if (each) beforeEach(() => open(each));
  afterEach(closeOpened);
  afterAll(async () => {
    await fileContext?.close();
    await browser?.close();
  });

  return {
    get browser() {
      return need(browser, 'browser');
    },
    get context() {
      return need(current, 'context').context;
    },
    get page() {
      return need(current, 'page').page;
    },
    get token() {
      return need(token, 'admin token');
    },
    open,
    async newPage() {
      const { context } = need(current, 'context');
      current = { context, page: await context.newPage() };
      return current.page;
    },
  };
}
