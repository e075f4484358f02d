// replay.mjs replays a Chrome DevTools Recorder JSON file with
// @puppeteer/replay in the browser at CHROME_PATH (default
// /usr/bin/chromium), headless, with a fresh profile, and prints one line of
// JSON: {"ok":true|false,"error":...,"step":n,"pages":[{"url":...,"status":...}]}
// where status is the text of each open page's #status element. It exits 1
// when the replay fails.
//
//   node replay.mjs recording.json
//
// Each step waits up to REPLAY_TIMEOUT milliseconds (default 15000, three
// times @puppeteer/replay's own 5 s: a test machine under load must not
// fail a page that works; a broken page fails all the same, later).
//
// Besides what @puppeteer/replay does, it reads Ariadne's additions to the
// format: a change value "${ARIADNE_SECRET_NAME}" is filled in from that
// environment variable, and a customStep "ariadne:dialog" answers the next
// JavaScript dialog of its page. Other custom steps are skipped, as
// @puppeteer/replay skips them, and named on stderr.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRunner, parse, PuppeteerRunnerExtension } from '@puppeteer/replay';
import puppeteer from 'puppeteer-core';
import { replayArgs } from './chromium.mjs';

const file = process.argv[2];
if (!file) {
  console.error('usage: node replay.mjs recording.json');
  process.exit(2);
}

const flow = parse(JSON.parse(await readFile(file, 'utf8')));
for (const step of flow.steps) {
  if (step.type === 'change') {
    const m = /^\$\{(ARIADNE_SECRET_[A-Z0-9_]+)\}$/.exec(step.value);
    if (m) {
      if (process.env[m[1]] === undefined) {
        console.log(JSON.stringify({ ok: false, error: `set the environment variable ${m[1]}`, pages: [] }));
        process.exit(1);
      }
      step.value = process.env[m[1]];
    }
  }
}

class AriadneExtension extends PuppeteerRunnerExtension {
  index = -1;

  async beforeEachStep(step, flow) {
    this.index++;
    await super.beforeEachStep(step, flow);
  }

  async pageOf(step) {
    if (!step.target || step.target === 'main') return this.page;
    const target = await this.browser.waitForTarget((t) => t.url() === step.target, { timeout: this.timeout });
    // An out-of-process iframe is a target with no page of its own: its
    // steps run in the main page, which holds the frame.
    return (await target.page()) || this.page;
  }

  async runStep(step, flow) {
    if (step.type === 'customStep') {
      if (step.name === 'ariadne:dialog') {
        const answer = step.parameters || {};
        const page = await this.pageOf(step);
        page.once('dialog', (dialog) => {
          const done = answer.accept ? dialog.accept(answer.promptText) : dialog.dismiss();
          done.catch(() => {});
        });
      } else {
        console.error(`step ${this.index}: skipped custom step ${step.name}`);
      }
      return;
    }
    // A page in the background gets no animation frames, and Puppeteer's
    // locators wait for one: bring the step's page to the front, as the
    // Recorder panel replays in the tab the user sees.
    if (step.type !== 'setViewport' && step.type !== 'close') {
      await (await this.pageOf(step)).bringToFront();
    }
    await super.runStep(step, flow);
  }
}

// A wait inside @puppeteer/replay (a navigation's, in waitForEvents) can
// reject outside the runner's promise; node would then exit without the
// report. Keep it as the replay's error instead: the replay fails, and says
// why.
const stray = [];
process.on('unhandledRejection', (err) => {
  stray.push(String((err && err.message) || err));
});

// With ARIADNE_REPLAY_BROWSER (the DevTools URL tool-browser.mjs printed)
// the flow replays in a new browser context of that browser, which it
// closes afterwards; without, in a browser of its own.
const shared = process.env.ARIADNE_REPLAY_BROWSER;
let browser;
let owner; // what replays see as the browser: the browser, or the context
let userDataDir;
if (shared) {
  browser = await puppeteer.connect({ browserWSEndpoint: shared });
  owner = await browser.createBrowserContext();
} else {
  userDataDir = await mkdtemp(join(tmpdir(), 'ariadne-replay-'));
  browser = await puppeteer.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    headless: true,
    args: replayArgs,
    userDataDir,
  });
  owner = browser;
}
const result = { ok: false, error: null, step: null, pages: [] };
let extension;
try {
  const [page = await owner.newPage()] = await owner.pages();
  // @puppeteer/replay asks its "browser" only for waitForTarget (steps in
  // another tab), which a context answers for its own pages.
  extension = new AriadneExtension(owner, page, { timeout: Number(process.env.REPLAY_TIMEOUT || 15000) });
  const runner = await createRunner(flow, extension);
  result.ok = await runner.run();
} catch (err) {
  result.error = String((err && err.message) || err);
  result.step = extension ? extension.index : null;
}
if (stray.length > 0) {
  result.ok = false;
  result.error = result.error || stray[0];
  result.step = result.step ?? (extension ? extension.index : null);
}
for (const p of await owner.pages()) {
  let status = null;
  try {
    status = await p.$eval('#status', (el) => el.textContent);
  } catch {
    // no #status on this page
  }
  result.pages.push({ url: p.url(), status });
}
if (shared) {
  await owner.close().catch(() => {});
  await browser.disconnect();
} else {
  await browser.close();
  await rm(userDataDir, { recursive: true, force: true });
}
console.log(JSON.stringify(result));
process.exit(result.ok ? 0 : 1);
