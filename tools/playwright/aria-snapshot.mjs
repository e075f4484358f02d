// aria-snapshot.mjs prints Playwright's ARIA snapshot of a page, the
// reference that Ariadne's own snapshot is compared with
// (browser/snapshot_test.go, TestMatchesPlaywright).
//
//   node aria-snapshot.mjs URL              the snapshot of URL, as YAML text
//   node aria-snapshot.mjs --json URL...    {"URL": "snapshot", ...}, one browser for all
//
// --ready JSON (before the URLs) maps a page's file name to an expression
// that is true once its content is all in ({"late.html": "..."}): such a
// page is snapshotted once that expression holds, as the Go test does on
// its side, whatever the machine's load.
//
// (aria-match.spec.mjs checks the other direction: that Playwright's
// toMatchAriaSnapshot accepts Ariadne's text.)
//
// The snapshot is page.locator('body').ariaSnapshot(), which is what
// page.ariaSnapshot() takes too (selector "body,frameset", mode "default").
// In that mode Playwright does not descend into iframes: it prints "- iframe"
// and stops. Ariadne stitches each frame's document under its iframe, so this
// script does the same with Playwright's own snapshot of each child frame:
// the iframe line becomes "- iframe:" followed by the frame's snapshot,
// indented one level (as Playwright's "ai" mode does).
//
// Browser: $CHROME_PATH or /usr/bin/chromium, with the quiet-network flags
// Ariadne uses and a 1280x720 viewport.
import { chromium } from 'playwright-core';
import { launchOptions } from './chromium.mjs';

const args = process.argv.slice(2);
let json = false;
let ready = {};
for (;;) {
  if (args[0] === '--json') {
    json = true;
    args.shift();
  } else if (args[0] === '--ready' && args.length > 1) {
    ready = JSON.parse(args[1]);
    args.splice(0, 2);
  } else break;
}
if (!args.length) {
  console.error('usage: node aria-snapshot.mjs [--json] [--ready JSON] URL...');
  process.exit(2);
}

const browser = await chromium.launch({
  ...launchOptions,
});
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  const out = {};
  for (const url of args) {
    await page.goto(url, { waitUntil: 'load' });
    const expr = ready[new URL(url).pathname.split('/').pop()];
    if (expr) await page.waitForFunction(expr, null, { timeout: 30000 });
    out[url] = await frameSnapshot(page.mainFrame());
  }
  if (json) process.stdout.write(JSON.stringify(out) + '\n');
  else process.stdout.write(out[args[0]] + '\n');
} finally {
  await browser.close();
}

// frameSnapshot returns Playwright's snapshot of frame, with each child
// frame's snapshot stitched under its iframe line.
async function frameSnapshot(frame) {
  const text = await frame.locator('body').ariaSnapshot();
  const children = frame.childFrames();
  if (!children.length) return text;

  // The iframe nodes, in the order their lines are printed, with their boxes
  // (frame viewport coordinates, rounded as Playwright rounds them).
  const json = await frame.locator('body').ariaSnapshotJSON({ boxes: true });
  const iframeBoxes = [];
  const walk = (node) => {
    if (!node || typeof node === 'string') return;
    if (node.role === 'iframe') iframeBoxes.push(node.box);
    for (const c of node.children || []) walk(c);
  };
  (Array.isArray(json) ? json : [json]).forEach(walk);

  // Each child frame's owner box, in the same coordinates.
  const owners = [];
  for (const child of children) {
    try {
      const el = await child.frameElement();
      const box = await el.evaluate((e) => {
        const r = e.getBoundingClientRect();
        return [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)];
      });
      owners.push({ child, box });
    } catch {
      // the frame went away
    }
  }

  const lines = text.split('\n');
  const out = [];
  let k = 0;
  for (const line of lines) {
    const m = /^(\s*)- iframe((?: \[[^\]]*\])*)$/.exec(line);
    if (!m) {
      out.push(line);
      continue;
    }
    const box = iframeBoxes[k++];
    const owner = box && owners.find((o) => o.box[0] === box.x && o.box[1] === box.y && o.box[2] === box.width && o.box[3] === box.height);
    const sub = owner ? await frameSnapshot(owner.child).catch(() => '') : '';
    if (!sub) {
      out.push(line);
      continue;
    }
    out.push(line + ':');
    const pad = m[1] + '  ';
    for (const s of sub.split('\n')) out.push(pad + s);
  }
  return out.join('\n');
}
