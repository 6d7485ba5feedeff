// Dropping a file anywhere on the page opens it.
import { test, expect } from './fixtures.js';

test('a dropped file opens in a new tab', async ({ page, problems }) => {
  await page.goto('/');
  await page.getByLabel('R document (JSON)').fill('{"version":1,"execution":{"R_lite":[]}}');
  const transfer = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    const text = '{"version":1,"execution":{"R_lite":[{"rank":"0-9","children":{"core":"0-1"}}]}}';
    dt.items.add(new File([text], 'dropped.json', { type: 'application/json' }));
    return dt;
  });
  await page.locator('header').dispatchEvent('drop', { dataTransfer: transfer });
  await expect(page.getByTestId('tab-B')).toHaveText('B dropped.json');
  await expect(page.getByTestId('nodes')).toHaveText('10');
  await expect(page.getByTestId('cores')).toHaveText('20');
  expect(problems).toEqual([]);
});
