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
