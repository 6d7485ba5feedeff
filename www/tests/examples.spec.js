// Picking a built-in example opens it and shows its counts.
import { test, expect } from './fixtures.js';

test('the examples menu opens the RFC 20 example', async ({ page, problems }) => {
  await page.goto('/');
  const menu = page.getByLabel('Open an example');
  await expect(menu.locator('option')).toHaveCount(9);
  await menu.selectOption({ label: 'The RFC 20 example — 4 nodes with 48 cores and 8 GPUs each' });
  await expect(page.getByTestId('status')).toHaveText('opened The RFC 20 example');
  await expect(page.getByTestId('tab-A')).toHaveText('A The RFC 20 example');
  await expect(page.getByTestId('nodes')).toHaveText('4');
  await expect(page.getByTestId('cores')).toHaveText('192');
  await expect(page.getByTestId('gpus')).toHaveText('32');
  expect(problems).toEqual([]);
});
