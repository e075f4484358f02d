// compare-locators.mjs sets Ariadne's best locators beside Playwright's own
// generator for the same elements, and prints the figures issue 11 asks
// for. browser/locators_figures_test.go (TestLocatorFigures) feeds it every
// best locator of every test page and demo page.
//
//   node compare-locators.mjs FILE
//
// FILE is the input of verify-locators.mjs ({"pages": [{url,
// testIdAttribute, items: [{ref, internal, box, code}]}]}). For each item,
// Playwright's locator is locator(internal).normalize(), which runs
// Playwright's generator on the element Ariadne's locator finds, printed
// by its toString() (the JavaScript form). Both are measured in their
// JavaScript form:
//
//   nth        share that pick by position (.nth(), .first(), .last())
//   over120    share over 120 characters
//   longest    the longest, in characters
//   css        share with no getBy* call (CSS or XPath only)
//
// Prints {"elements": N, "ariadne": {...}, "playwright": {...},
// "failed": [{url, ref, why}]} (failed: normalize() could not resolve).
//
// Browser: $CHROME_PATH or /usr/bin/chromium, with the quiet-network flags
// Ariadne uses and a 1280x720 viewport.
import { readFileSync } from 'node:fs';
import { chromium, selectors } from 'playwright-core';
import { launchOptions } from './chromium.mjs';

if (process.argv.length !== 3) {
  console.error('usage: node compare-locators.mjs FILE');
  process.exit(2);
}
let input;
try {
  input = JSON.parse(readFileSync(process.argv[2], 'utf8'));
} catch (e) {
  console.error(`compare-locators: reading ${process.argv[2]}: ${e.message}`);
  process.exit(2);
}
const pages = input.pages || [input];

const nthRE = /\.(nth\(\d+\)|first\(\)|last\(\))/;
const figures = (codes) => {
  const n = codes.length || 1;
  const longest = codes.reduce((a, c) => (c.length > a.length ? c : a), '');
  return {
    nth: codes.filter((c) => nthRE.test(c)).length / n,
    over120: codes.filter((c) => c.length > 120).length / n,
    longest: longest.length,
    longestLocator: longest,
    css: codes.filter((c) => !c.includes('getBy')).length / n,
  };
};

const browser = await chromium.launch({ ...launchOptions });
const ours = [];
const theirs = [];
const failed = [];
const settled = () => document.getAnimations().every((a) => a.playState !== 'running');
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  for (const p of pages) {
    selectors.setTestIdAttribute(p.testIdAttribute || 'data-testid');
    const page = await context.newPage();
    await page.goto(p.url, { waitUntil: 'load' });
    await page.waitForFunction(settled, null, { timeout: 3000 }).catch(() => {});
    if (p.ready) await page.waitForFunction(p.ready, null, { timeout: 30000 });
    if (p.still) await page.evaluate(p.still); // as verify-locators.mjs does
    for (const item of p.items || []) {
      let pw = '';
      for (const pause of [0, 170, 430]) {
        if (pause) await page.waitForTimeout(pause);
        try {
          pw = String(await page.locator(item.internal).normalize());
          break;
        } catch (e) {
          pw = '';
          if (pause === 430) failed.push({ url: p.url, ref: item.ref, why: String(e.message || e).split('\n')[0] });
        }
      }
      if (!pw) continue;
      ours.push(item.code);
      theirs.push(pw);
    }
    await page.close();
  }
} finally {
  await browser.close();
}
console.log(JSON.stringify({ elements: ours.length, ariadne: figures(ours), playwright: figures(theirs), failed }, null, 2));
