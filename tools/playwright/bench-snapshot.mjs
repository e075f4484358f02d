// bench-snapshot.mjs measures Playwright's ariaSnapshot() on pages, for the
// side-by-side table of browser/snapshot_bench_test.go (BenchmarkSnapshot).
//
//   node bench-snapshot.mjs [--warm N] URL...
//
// For each URL, in one browser (system Chromium, as aria-snapshot.mjs
// launches it): cold is the first page.locator('body').ariaSnapshot() after
// the load event (it includes Playwright installing its injected script in
// a fresh document), warm is the median of N more calls (default 5). Prints
// one JSON object per URL: {"url", "coldMs", "warmMs", "lines"}.
import { chromium } from 'playwright-core';
import { launchOptions } from './chromium.mjs';

const args = process.argv.slice(2);
let warmRuns = 5;
if (args[0] === '--warm') {
  args.shift();
  warmRuns = Math.max(1, Number(args.shift()) || 5);
}
if (!args.length) {
  console.error('usage: node bench-snapshot.mjs [--warm N] URL...');
  process.exit(2);
}

const browser = await chromium.launch({
  ...launchOptions,
});
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  for (const url of args) {
    // A new page per URL, so that nothing of the previous one is cached.
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load', timeout: 120000 });
    const body = page.locator('body');
    let t = performance.now();
    const first = await body.ariaSnapshot({ timeout: 120000 });
    const coldMs = performance.now() - t;
    const warm = [];
    for (let i = 0; i < warmRuns; i++) {
      t = performance.now();
      await body.ariaSnapshot({ timeout: 120000 });
      warm.push(performance.now() - t);
    }
    warm.sort((a, b) => a - b);
    const warmMs = warm[Math.floor(warm.length / 2)];
    process.stdout.write(JSON.stringify({ url, coldMs, warmMs, lines: first.split('\n').length }) + '\n');
    await page.close();
  }
} finally {
  await browser.close();
}
