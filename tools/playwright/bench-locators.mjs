// bench-locators.mjs times Playwright's own locator generator on a page,
// for comparison with Ariadne's (BenchmarkLocators in
// browser/locators_bench_test.go runs it on the same generated page).
//
//   node bench-locators.mjs [--sample N] URL
//
// Playwright 1.64 generates a locator for an element with
// locator.normalize() (the server's resolveSelector, which runs the
// injected generateSelectorSimple on the element, and on each enclosing
// iframe element), one element per call. The script takes every element
// under <body>, normalizes N of them spread evenly over the page (all of
// them without --sample), and prints
//
//   {"elements": E, "sampled": N, "ms": T, "msPerElement": T/N,
//    "extrapolatedMs": E*T/N}
//
// Browser: $CHROME_PATH or /usr/bin/chromium, with the quiet-network flags
// Ariadne uses and a 1280x720 viewport.
import { chromium } from 'playwright-core';
import { launchOptions } from './chromium.mjs';

const args = process.argv.slice(2);
let sample = 0;
if (args[0] === '--sample') {
  args.shift();
  sample = Number(args.shift());
}
if (args.length !== 1 || Number.isNaN(sample)) {
  console.error('usage: node bench-locators.mjs [--sample N] URL');
  process.exit(2);
}

const browser = await chromium.launch({
  ...launchOptions,
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.goto(args[0], { waitUntil: 'load' });
  const all = page.locator('body *');
  const elements = await all.count();
  const n = sample > 0 ? Math.min(sample, elements) : elements;
  const picks = Array.from({ length: n }, (_, i) => Math.floor((i * elements) / n));
  // One warm-up call, so the first injection is not timed.
  await all.nth(0).normalize();
  const start = performance.now();
  for (const i of picks) await all.nth(i).normalize();
  const ms = performance.now() - start;
  console.log(JSON.stringify({
    elements,
    sampled: n,
    ms: Math.round(ms),
    msPerElement: ms / n,
    extrapolatedMs: Math.round((ms / n) * elements),
  }));
} finally {
  await browser.close();
}
