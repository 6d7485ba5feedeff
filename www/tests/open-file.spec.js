// Opening a file from disk puts it in a tab named after the file.
import { test, expect, shared } from './fixtures.js';

test('open file reads the chosen document', async ({ page, problems }) => {
  await page.goto('/');
  await page.getByTestId('open-file').setInputFiles({
    name: 'four-nodes.json',
    mimeType: 'application/json',
    buffer: Buffer.from(shared('specs/rfc20-example1.json')),
  });
  await expect(page.getByTestId('tab-A')).toHaveText('A four-nodes.json');
  await expect(page.getByTestId('gpus')).toHaveText('32');
  expect(problems).toEqual([]);
});
