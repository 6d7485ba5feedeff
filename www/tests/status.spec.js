// A status document shows its sets and colours cells by state.
import { test, expect } from './fixtures.js';

test('status document: counts per state and state colours', async ({ page, problems }) => {
  await page.goto('/');
  await page.getByLabel('Open an example').selectOption({ label: 'A status document — all, down and allocated sets, as flux resource list reads' });
  await expect(page.getByTestId('states')).toContainText('all812816');
  await expect(page.getByTestId('states')).toContainText('down2324');
  // A status document opens coloured by state.
  await expect(page.getByTestId('legend')).toHaveText('freeallocateddown');
  await page.getByTestId('color-by').selectOption('type');
  await expect(page.getByTestId('legend')).toHaveText('coregpu');
  expect(problems).toEqual([]);
});
