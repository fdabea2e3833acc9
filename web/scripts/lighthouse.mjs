#!/usr/bin/env node
// Lighthouse on the landing pages of the production build as the gateway serves it: mobile form
// factor, Lighthouse's default simulated slow-4G and 4x CPU throttling, Debian's chromium. Runs
// each page a few times (a shared machine is noisy) and keeps the median run by performance score.
//
//   node web/scripts/lighthouse.mjs [origin] [runs] [paths...]   (default http://localhost:8080, 5, /clinic /studio)
//
// Writes bench/results/lighthouse-<page>.json and .md for each path.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const origin = process.argv[2] ?? 'http://localhost:8080';
const runs = Number(process.argv[3] ?? 5);
const paths = process.argv.length > 4 ? process.argv.slice(4) : ['/clinic', '/studio'];
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const flags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

async function once(url) {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: flags });
  try {
    const { lhr } = await lighthouse(
      url,
      { port: chrome.port, logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
      { extends: 'lighthouse:default', settings: { formFactor: 'mobile' } },
    );
    return lhr;
  } finally {
    await chrome.kill();
  }
}

const figures = (lhr) => {
  const audit = (id) => lhr.audits[id].numericValue;
  const scripts = lhr.audits['network-requests'].details.items.filter((r) => r.resourceType === 'Script');
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    firstContentfulPaintMs: Math.round(audit('first-contentful-paint')),
    largestContentfulPaintMs: Math.round(audit('largest-contentful-paint')),
    totalBlockingTimeMs: Math.round(audit('total-blocking-time')),
    cumulativeLayoutShift: Number(audit('cumulative-layout-shift').toFixed(3)),
    speedIndexMs: Math.round(audit('speed-index')),
    // Everything the page loaded before Lighthouse stopped, as sent (gzip or brotli): the first
    // screen's scripts, and those of the sections rendered once the page was idle.
    loadedScripts: scripts.map((r) => ({ url: new URL(r.url).pathname, transferBytes: r.transferSize })),
    loadedJsKbCompressed: Number((scripts.reduce((n, r) => n + r.transferSize, 0) / 1024).toFixed(1)),
  };
};

async function measure(pagePath) {
  const url = `${origin}${pagePath}`;
  const name = pagePath.replace(/^\//, '').replace(/\W+/g, '-') || 'start';
  const results = [];
  for (let i = 0; i < runs; i++) {
    const lhr = await once(url);
    results.push({ lhr, figures: figures(lhr) });
    console.log(`${pagePath} run ${i + 1}/${runs}: performance ${results.at(-1).figures.performance}, accessibility ${results.at(-1).figures.accessibility}`);
  }
  results.sort((a, b) => a.figures.performance - b.figures.performance);
  const median = results[Math.floor(results.length / 2)];
  const { lhr } = median;
  const summary = {
    url,
    measuredAt: new Date().toISOString(),
    lighthouseVersion: lhr.lighthouseVersion,
    settings: {
      formFactor: lhr.configSettings.formFactor,
      throttlingMethod: lhr.configSettings.throttlingMethod,
      throttling: lhr.configSettings.throttling,
      screenEmulation: lhr.configSettings.screenEmulation,
    },
    runs: results.map((r) => ({
      performance: r.figures.performance,
      accessibility: r.figures.accessibility,
      totalBlockingTimeMs: r.figures.totalBlockingTimeMs,
      largestContentfulPaintMs: r.figures.largestContentfulPaintMs,
    })),
    median: median.figures,
  };

  const out = path.join(root, 'bench', 'results');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, `lighthouse-${name}.json`), `${JSON.stringify(summary, null, 2)}\n`);
  const m = median.figures;
  fs.writeFileSync(
    path.join(out, `lighthouse-${name}.md`),
    [
      `# Lighthouse: ${pagePath} on a phone`,
      ``,
      `${url}, production build served by the gateway, Lighthouse ${lhr.lighthouseVersion}, mobile form factor,`,
      `simulated throttling (${summary.settings.throttling.rttMs} ms RTT, ${Math.round(summary.settings.throttling.throughputKbps)} kbit/s, CPU x${summary.settings.throttling.cpuSlowdownMultiplier}), Debian chromium headless.`,
      `Median of ${runs} runs by performance score, measured ${summary.measuredAt}.`,
      ``,
      `| Metric | Value |`,
      `|---|---|`,
      `| Performance | **${m.performance}** |`,
      `| Accessibility | **${m.accessibility}** |`,
      `| First Contentful Paint | ${m.firstContentfulPaintMs} ms |`,
      `| Largest Contentful Paint | ${m.largestContentfulPaintMs} ms |`,
      `| Total Blocking Time | ${m.totalBlockingTimeMs} ms |`,
      `| Cumulative Layout Shift | ${m.cumulativeLayoutShift} |`,
      `| Speed Index | ${m.speedIndexMs} ms |`,
      `| JavaScript loaded during the run (compressed, as sent) | ${m.loadedJsKbCompressed} KB in ${m.loadedScripts.length} files |`,
      ``,
      `All runs (performance / accessibility / TBT / LCP): ${summary.runs.map((r) => `${r.performance}/${r.accessibility}/${r.totalBlockingTimeMs}ms/${r.largestContentfulPaintMs}ms`).join(', ')}.`,
      ``,
    ].join('\n'),
  );
  console.log(JSON.stringify(summary.median, null, 2));
}

for (const pagePath of paths) await measure(pagePath);
