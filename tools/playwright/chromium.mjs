// How every script here launches the system Chromium: its path (CHROME_PATH,
// else /usr/bin/chromium), the flags that keep it quiet on a closed network,
// and --no-sandbox when running as root. Browsers are never downloaded.
export const executablePath = process.env.CHROME_PATH || '/usr/bin/chromium';

export const launchArgs = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
if (process.getuid && process.getuid() === 0) launchArgs.push('--no-sandbox');

// launchOptions is what chromium.launch (Playwright) takes.
export const launchOptions = { executablePath, args: launchArgs };

// eachConcurrently calls fn(item, index) for every item, at most n at a
// time, and resolves when all have finished (rejects with the first error).
export async function eachConcurrently(items, n, fn) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
}

// replayArgs are the flags replay.mjs and tool-browser.mjs add to
// Puppeteer's own when they launch Chromium for @puppeteer/replay.
export const replayArgs = [...launchArgs];
