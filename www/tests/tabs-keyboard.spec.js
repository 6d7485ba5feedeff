// The tab list is one tab stop and the arrow keys move the focus between
// tabs, showing each (WAI-ARIA tabs pattern with automatic activation).
import { test, expect } from './fixtures.js';

test('ArrowLeft moves the focus to the previous tab and shows it', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.fill({ version: 1, execution: { R_lite: [{ rank: '0-1', children: { core: '0-3' } }] } });
  await expect(rscope.summary('nodes')).toHaveText('2');
  await rscope.pickExample('A laptop — one node, 8 cores and a GPU');
  await expect(rscope.tab('B')).toHaveAttribute('aria-selected', 'true');
  await rscope.tab('B').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(rscope.tab('A')).toBeFocused();
  await expect(rscope.tab('A')).toHaveAttribute('aria-selected', 'true');
  await expect(rscope.summary('nodes')).toHaveText('2');
  // One tab stop: only the shown tab is in the tab order.
  await expect(rscope.tab('A')).toHaveAttribute('tabindex', '0');
  await expect(rscope.tab('B')).toHaveAttribute('tabindex', '-1');
  // The tab list holds its tabs and nothing else.
  await expect(page.getByRole('tablist').locator('> *')).toHaveCount(2);
  await expect(page.getByRole('tablist').getByRole('tab')).toHaveCount(2);
  expect(problems).toEqual([]);
});
