// A copy button that says the copy failed, and what to do, has no
// accessibility violation, in either theme.
import { test, expect } from './fixtures.js';
import { violations } from './rscope.js';

const DOC = '{"version":1,"execution":{"R_lite":[{"rank":"0-2","children":{"core":"0-3","gpu":"0"}}]}}';

for (const scheme of ['light', 'dark']) {
  test(`a refused copy in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.addInitScript(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('refused', 'NotAllowedError'));
    });
    await rscope.load();
    await rscope.fill(DOC);
    const button = rscope.copyButton('short-form');
    await button.click();
    await expect(rscope.copyNote(button)).toBeVisible();
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}
