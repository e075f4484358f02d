// aria-match.spec.mjs: Playwright Test checks that a snapshot Ariadne
// printed (without refs) is accepted by Playwright's own
// expect(page.locator('body')).toMatchAriaSnapshot(). Run by
// browser/snapshot_test.go (TestPlaywrightAcceptsOurSnapshot):
//
//   ARIADNE_EXPECT_URL=URL ARIADNE_EXPECT_FILE=snapshot.yaml CHROME_PATH=/usr/bin/chromium \
//     node node_modules/@playwright/test/cli.js test aria-match.spec.mjs --output /tmp/x
import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { launchOptions } from './chromium.mjs';


test.use({
  viewport: { width: 1280, height: 720 },
  launchOptions,
});

test('toMatchAriaSnapshot accepts Ariadne\'s snapshot', async ({ page }) => {
  await page.goto(process.env.ARIADNE_EXPECT_URL, { waitUntil: 'load' });
  const want = readFileSync(process.env.ARIADNE_EXPECT_FILE, 'utf8');
  await expect(page.locator('body')).toMatchAriaSnapshot(want, { timeout: 5000 });
});
