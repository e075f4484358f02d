// verify-locators.mjs checks Ariadne's locators in Playwright itself: each
// one must match exactly one element, and that element's boundingBox() must
// be the box Ariadne reported (within 1 px). browser/locators_test.go runs
// it over every ref of every test page and of the demo site.
//
//   node verify-locators.mjs [--figures] FILE
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
// Pages are checked two at a time, each in a tab of its own, and the
// locators of a page eight at a time: one after another, the round trips
// leave the machine idle.
//
// With --figures it also sets Ariadne's locators beside Playwright's own
// generator for the same elements (issue 11's figures): Playwright's
// locator is locator(internal).normalize(), its generator run on the
// element Ariadne's locator finds, printed by its toString(). Both are
// measured in their JavaScript form: nth (share that picks by position:
// .nth(), .first(), .last()), over120 (share over 120 characters),
// longest (in characters), css (share with no getBy* call).
//
// Prints {"checked": N, "passed": N, "failures": [{url, ref, form, locator,
// why}]}, with --figures also "figures": {"elements": N, "ariadne": {...},
// "playwright": {...}, "failed": [{url, ref, why}]} (failed: normalize()
// could not resolve), and exits 1 if a check failed, 2 on bad input.
//
// Browser: $CHROME_PATH or /usr/bin/chromium, with the quiet-network flags
// Ariadne uses and a 1280x720 viewport.
import { readFileSync } from 'node:fs';
import { chromium, selectors } from 'playwright-core';
import { eachConcurrently, launchOptions } from './chromium.mjs';

const args = process.argv.slice(2);
const withFigures = args[0] === '--figures';
if (withFigures) args.shift();
if (args.length !== 1) {
  console.error('usage: node verify-locators.mjs [--figures] FILE');
  process.exit(2);
}
let input;
try {
  input = JSON.parse(readFileSync(args[0], 'utf8'));
} catch (e) {
  console.error(`verify-locators: reading ${args[0]}: ${e.message}`);
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

const nthRE = /\.(nth\(\d+\)|first\(\)|last\(\))/;
const figuresOf = (codes) => {
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

let checked = 0;
let passed = 0;
const failures = [];
// Per page, in the input's order: [Ariadne's code, Playwright's normalize()].
const pairs = pages.map(() => []);
const unnormalized = [];

// check runs one form of a locator and returns why it failed, or "".
const check = async (locator, want) => {
  const n = await locator.count();
  if (n !== 1) return `matches ${n} elements`;
  const got = await locator.boundingBox({ timeout: 10000 });
  if (!sameBox(want, got)) return `box ${show(got)}, Ariadne said ${show(want)}`;
  return '';
};

const visit = async (context, p, pi) => {
  const page = await context.newPage();
  await page.goto(p.url, { waitUntil: 'load' });
  await page.waitForFunction(settled, null, { timeout: 3000 }).catch(() => {});
  // A page whose content arrives after load is measured once it is in,
  // as the Go test measured it.
  if (p.ready) await page.waitForFunction(p.ready, null, { timeout: 30000 });
  // A page that re-renders on a timer is stopped first: a re-render can
  // land between finding an element and measuring it.
  if (p.still) await page.evaluate(p.still);
  const items = p.items || [];
  const normalized = new Array(items.length);
  await eachConcurrently(items, 8, async (item, i) => {
    const forms = [['internal', item.internal, () => page.locator(item.internal)]];
    if (item.code) forms.push(['javascript', item.code, () => eval('page.' + item.code)]);
    for (const [form, text, make] of forms) {
      checked++;
      let why;
      // A check that fails is tried again (see above).
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
    if (!withFigures) return;
    for (const pause of [0, 170, 430]) {
      if (pause) await page.waitForTimeout(pause);
      try {
        normalized[i] = String(await page.locator(item.internal).normalize());
        return;
      } catch (e) {
        if (pause === 430) unnormalized.push({ url: p.url, ref: item.ref, why: String(e.message || e).split('\n')[0] });
      }
    }
  });
  items.forEach((item, i) => {
    if (normalized[i]) pairs[pi].push([item.code, normalized[i]]);
  });
  await page.close();
};

try {
  // The test id attribute is Playwright's setting for the whole process:
  // pages are checked in groups of one attribute each, one group after
  // another.
  const groups = new Map();
  pages.forEach((p, i) => {
    const attr = p.testIdAttribute || 'data-testid';
    if (!groups.has(attr)) groups.set(attr, []);
    groups.get(attr).push(i);
  });
  for (const [attr, indexes] of groups) {
    selectors.setTestIdAttribute(attr);
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    await eachConcurrently(indexes, 2, (i) => visit(context, pages[i], i));
    await context.close();
  }
} finally {
  await browser.close();
}
const result = { checked, passed, failures };
if (withFigures) {
  const all = pairs.flat();
  result.figures = {
    elements: all.length,
    ariadne: figuresOf(all.map(([a]) => a)),
    playwright: figuresOf(all.map(([, b]) => b)),
    failed: unnormalized,
  };
}
console.log(JSON.stringify(result, null, 2));
process.exit(failures.length ? 1 : 0);
