// The pages' clock is the tests' and the services' clock, on a shifted run too
// (scripts/test-at-times.mjs): there Chromium keeps the real clock, since it hangs under
// libfaketime, and each context's pages start at the shifted time instead.
import { siteUrl } from './support/browser';
import { browserSuite } from './support/suite';

const suite = browserSuite();
// Playwright's page clock runs on real time from where it was set; the gateway's Date header has whole seconds.
const AGREEMENT_MS = 5_000;

describe('the browser clock', () => {
  it('shows pages the time the tests and the gateway read', async () => {
    const page = await suite.open();
    const sent = Date.now();
    const answer = await page.goto(siteUrl('/'));
    const received = Date.now();
    const served = Date.parse((await answer!.allHeaders()).date);
    expect(served).toBeGreaterThanOrEqual(sent - AGREEMENT_MS);
    expect(served).toBeLessThanOrEqual(received + AGREEMENT_MS);

    const before = Date.now();
    const inPage = await page.evaluate(() => Date.now());
    const after = Date.now();
    expect(inPage).toBeGreaterThanOrEqual(before - AGREEMENT_MS);
    expect(inPage).toBeLessThanOrEqual(after + AGREEMENT_MS);
  });
});
