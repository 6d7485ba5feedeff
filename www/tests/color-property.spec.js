// Colouring by a property explains itself in the legend.
import { test, expect } from './fixtures.js';

test('colour by property shows a legend', async ({ page, problems }) => {
  await page.goto('/');
  await page.getByLabel('Open an example').selectOption({ label: 'Properties — partitions and a GPU queue as RFC 20 properties' });
  await expect(page.getByTestId('legend')).toHaveText('coregpu');
  await page.getByTestId('color-by').selectOption('property:pgpu');
  await expect(page.getByTestId('legend')).toHaveText('has pgpulacks pgpu');
  expect(problems).toEqual([]);
});
