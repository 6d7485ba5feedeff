// A finding about a resource.status payload's own keys explains the
// payload's rule, not one of R's.
import { test, expect } from './fixtures.js';

const PAYLOAD = `{"R": {"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0-3"}}],
  "nodelist": ["n[0-1]"], "starttime": 0, "expiration": 0}},
  "online": "0-1", "offline": "", "exclude": "", "torpid": "",
  "drain": {"7": {"timestamp": 1700000000, "reason": "bad DIMM"}}}`;

test('a payload finding says why and how to fix it', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.fill(PAYLOAD);
  const why = rscope.whyOf('drained rank 7 is not in R');
  await expect(why).toHaveCount(1);
  await why.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(why).toContainText('drain maps an RFC 22 id set of drained ranks to when they were drained');
  await expect(why.locator('.how')).toHaveText(
    'How to fix: Write the key as ranks of R, timestamp as a number and reason as a string.');
  expect(problems).toEqual([]);
});
