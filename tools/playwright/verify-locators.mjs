// verify-locators.mjs checks Ariadne's locators in Playwright itself: each
// one must match exactly one element, and that element's boundingBox() must
// be the box Ariadne reported (within 1 px). browser/locators_test.go runs
// it over every ref of every test page and of the demo site.
//
//   node verify-locators.mjs FILE
//
// FILE is JSON, one page or several:
//
//   {"url": "...", "testIdAttribute": "data-test", "ready": EXPR, "still": STATEMENT,
//    "items": [ITEM, ...]}
//   {"pages": [{"url": ..., "testIdAttribute": ..., "items": [...]}, ...]}
//
// ITEM is {"ref": "e5", "internal": "<internal selector>", "box": {x, y,
// width, height} or null, "code": "<JavaScript form>"}. "code", when given,
// is the locator as Ariadne prints it for JavaScript (getByRole(...)...);
// it is evaluated as page.<code> so that the printed code is checked too,
// not only the internal selector. A null box means the element has no
// layout box, and boundingBox() must be null as well.
//
// Pages are checked once settled: after load, the script waits (up to 3 s)
// for running CSS animations and transitions to finish, as the Go test
// does before it asks Ariadne, so that a sliding element is measured at
// rest on both sides. A check that fails is tried again, after 170, 430,
// 710 and 1130 ms (not in step with a re-render timer), for pages that
// replace their nodes on a timer (on a loaded machine a re-render can take
// longer than its timer's period). A page with a "still" statement (one
// that stops its timer's re-renders) runs it before it is checked. A page with a "ready" expression (its
// content arrives after load) is checked once that expression is true.
//
// Prints {"checked": N, "passed": N, "failures": [{url, ref, form, locator,
// why}]} and exits 1 if anything failed, 2 on bad input.
//
// Browser: $CHROME_PATH or /usr/bin/chromium, with the quiet-network flags
// Ariadne uses and a 1280x720 viewport.
import { readFileSync } from 'node:fs';
import { chromium, selectors } from 'playwright-core';
import { launchOptions } from './chromium.mjs';

if (process.argv.length !== 3) {
  console.error('usage: node verify-locators.mjs FILE');
  process.exit(2);
}
let input;
try {
  input = JSON.parse(readFileSync(process.argv[2], 'utf8'));
} catch (e) {
  console.error(`verify-locators: reading ${process.argv[2]}: ${e.message}`);
  process.exit(2);
}
const pages = input.pages || [input];

const browser = await chromium.launch({
  ...launchOptions,
});

// settled runs in the page: no CSS animation or transition is running.
const settled = () => document.getAnimations().every((a) => a.playState !== 'running');

const tolerance = 1;
const sameBox = (want, got) => {
  if (!want || !got) return !want && !got;
  return ['x', 'y', 'width', 'height'].every((k) => Math.abs(want[k] - got[k]) <= tolerance);
};
const show = (b) => (b ? `{x: ${b.x}, y: ${b.y}, width: ${b.width}, height: ${b.height}}` : 'null');

let checked = 0;
let passed = 0;
const failures = [];
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  for (const p of pages) {
    selectors.setTestIdAttribute(p.testIdAttribute || 'data-testid');
    const page = await context.newPage();
    await page.goto(p.url, { waitUntil: 'load' });
    await page.waitForFunction(settled, null, { timeout: 3000 }).catch(() => {});
    // A page whose content arrives after load is measured once it is in,
    // as the Go test measured it.
    if (p.ready) await page.waitForFunction(p.ready, null, { timeout: 30000 });
    // A page that re-renders on a timer is stopped first: a re-render can
    // land between finding an element and measuring it.
    if (p.still) await page.evaluate(p.still);
    // check runs one form of a locator and returns why it failed, or "".
    const check = async (locator, want) => {
      const n = await locator.count();
      if (n !== 1) return `matches ${n} elements`;
      const got = await locator.boundingBox({ timeout: 2000 });
      if (!sameBox(want, got)) return `box ${show(got)}, Ariadne said ${show(want)}`;
      return '';
    };
    for (const item of p.items || []) {
      const forms = [['internal', item.internal, () => page.locator(item.internal)]];
      if (item.code) forms.push(['javascript', item.code, () => eval('page.' + item.code)]);
      for (const [form, text, make] of forms) {
        checked++;
        let why;
        for (const pause of [0, 170, 430, 710, 1130]) {
          if (pause) await page.waitForTimeout(pause);
          try {
            why = await check(make(), item.box || null);
          } catch (e) {
            why = 'error: ' + String(e.message || e).split('\n')[0];
          }
          if (!why) break;
        }
        if (why) failures.push({ url: p.url, ref: item.ref, form, locator: text, why });
        else passed++;
      }
    }
    await page.close();
  }
} finally {
  await browser.close();
}
console.log(JSON.stringify({ checked, passed, failures }, null, 2));
process.exit(failures.length ? 1 : 0);
