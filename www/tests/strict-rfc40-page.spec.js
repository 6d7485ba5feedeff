// The problems list reads RFC 40 strictly on request, as the CLI's
// --strict-rfc40: what Fluxion's graphs leave out becomes a warning.
import { test, expect } from './fixtures.js';
import { example } from './rscope.js';

test('the strict RFC 40 switch makes the graph notes warnings', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.fill(example('jgf.json'));
  await expect(rscope.findings().locator('.sev')).toHaveText(['note', 'note', 'note']);
  await page.getByTestId('strict-rfc40').check();
  await expect(rscope.findings().locator('.sev')).toHaveText(['warning', 'warning', 'warning']);
  await expect(page.locator('.diagnostics h3')).toHaveText(['3 warnings']);
  expect(problems).toEqual([]);
});
