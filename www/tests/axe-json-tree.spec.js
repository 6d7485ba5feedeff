// The tree of what a JSON text holds (JSON that is no Flux document) has
// no accessibility violation in either theme, and opens and closes from
// the keyboard.
import { test, expect } from './fixtures.js';
import { violations } from './rscope.js';

for (const scheme of ['light', 'dark']) {
  test(`the JSON tree in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await rscope.load();
    await rscope.fill('{"job": {"id": 42, "ranks": [0, 1, 2]}, "user": "flux"}');
    const tree = page.getByTestId('json-tree');
    await expect(tree.getByTestId('json-node')).toHaveCount(8);
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}

test('a JSON tree node closes from the keyboard', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.fill('{"job": {"id": 42, "ranks": [0, 1, 2]}, "user": "flux"}');
  const job = page.getByTestId('json-tree').locator('summary', { hasText: '"job": object, 2 members' });
  await job.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('json-tree').getByText('"id": 42')).toBeHidden();
  expect(problems).toEqual([]);
});
