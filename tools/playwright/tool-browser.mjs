// tool-browser.mjs launches the Chromium that a test binary's
// @puppeteer/replay runs share, as Puppeteer launches it for replay.mjs
// (headless, a fresh profile, the quiet-network flags), prints its
// DevTools WebSocket URL on one line, and keeps it until its standard input
// closes (the test binary exited): then it closes the browser and removes
// the profile. Each replay.mjs run given the URL (ARIADNE_REPLAY_BROWSER)
// replays in a browser context of its own, so that a run does not pay for
// a browser start; the runs see nothing of each other (cookies, storage,
// pages are per context).
//
//   node tool-browser.mjs
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { replayArgs } from './chromium.mjs';

const userDataDir = await mkdtemp(join(tmpdir(), 'ariadne-tool-browser-'));
const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  headless: true,
  args: replayArgs,
  userDataDir,
});
console.log(browser.wsEndpoint());
let closing = false;
const done = async (code) => {
  if (closing) return;
  closing = true;
  await browser.close().catch(() => {});
  await rm(userDataDir, { recursive: true, force: true });
  process.exit(code);
};
process.stdin.on('end', () => done(0));
process.stdin.on('error', () => done(0));
process.stdin.resume();
// The browser went away on its own (a crash): say so, and exit, so that
// the test binary starts another for the next replay.
browser.on('disconnected', () => {
  if (!closing) console.error('tool-browser.mjs: the browser went away');
  done(1);
});
