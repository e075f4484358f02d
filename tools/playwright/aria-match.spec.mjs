// aria-match.spec.mjs: Playwright Test checks that snapshots Ariadne
// printed (without refs) are accepted by Playwright's own
// expect(page.locator('body')).toMatchAriaSnapshot(). Run by
// browser/playwright_compat_test.go (TestPlaywrightAcceptsOurSnapshot),
// one test per page in one run:
//
//   ARIADNE_EXPECT_CASES=cases.json CHROME_PATH=/usr/bin/chromium \
//     node node_modules/@playwright/test/cli.js test aria-match.spec.mjs --output /tmp/x
//
// cases.json is [{"name": "form.html", "url": "http://...", "file": "snapshot.yaml"}, ...].
import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { launchOptions } from './chromium.mjs';

test.use({
  viewport: { width: 1280, height: 720 },
  launchOptions,
});

const cases = JSON.parse(readFileSync(process.env.ARIADNE_EXPECT_CASES, 'utf8'));
for (const c of cases) {
  test(`toMatchAriaSnapshot accepts Ariadne's snapshot of ${c.name}`, async ({ page }) => {
    await page.goto(c.url, { waitUntil: 'load' });
    const want = readFileSync(c.file, 'utf8');
    await expect(page.locator('body')).toMatchAriaSnapshot(want, { timeout: 15000 });
  });
}
