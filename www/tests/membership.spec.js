// Colour one document's cells by whether another open tab holds them.
import { test, expect } from './fixtures.js';

test('cells are coloured by membership in another tab', async ({ page, problems }) => {
  await page.goto('/');
  await page.getByLabel('R document (JSON)').fill(JSON.stringify({
    version: 1, execution: { R_lite: [{ rank: '0-1', children: { core: '0-3' } }] },
  }));
  await expect(page.getByTestId('nodes')).toHaveText('2');
  await page.getByLabel('Open an example').selectOption({ label: 'The RFC 20 example — 4 nodes with 48 cores and 8 GPUs each' });
  await expect(page.getByTestId('tab-B')).toHaveText('B The RFC 20 example');
  const colorBy = page.getByTestId('color-by');
  await colorBy.selectOption({ label: 'also in tab A (untitled)' });
  await expect(page.getByTestId('legend').locator('li')).toHaveText(['also in the other document', 'only here']);

  // A tab that holds no R falls back to colouring by type, and says so.
  await page.getByTestId('tab-A').click();
  await page.getByLabel('R document (JSON)').fill('not json');
  await page.getByTestId('tab-B').click();
  await expect(page.getByTestId('member-problem')).toHaveText(
    "tab A holds no R the reference accepts (not JSON: unexpected word), so cells are coloured by type",
  );
  await expect(page.getByTestId('legend').locator('li')).toHaveText(['core', 'gpu']);

  // Closing a tab shifts the letters: the choice goes back to the default.
  await page.getByRole('button', { name: 'Close A' }).click();
  await expect(page.getByTestId('color-by')).toHaveValue('type');
  await expect(page.getByTestId('member-problem')).toHaveCount(0);
  expect(problems).toEqual([]);
});
