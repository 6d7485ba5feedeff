// The set workbench works from the keyboard alone: choose the operation,
// tick the tabs, pass the layout switch and run, without the pointer.
import { test, expect } from './fixtures.js';
import { cli } from './rscope.js';

test('a union by keyboard opens A ∪ B', async ({ page, rscope, problems }) => {
  const a = cli(['R', 'encode', '-r', '0-1', '-H', 'n[0-1]']).stdout;
  const b = cli(['R', 'encode', '-r', '2', '-H', 'n2']).stdout;
  await rscope.load();
  await rscope.openTabs([['a.json', a], ['b.json', b]]);
  await page.getByTestId('setops-op').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('setops-tab-A')).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  // The result's layout: indented unless asked for one line.
  await expect(page.getByTestId('setops-one-line')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('setops-run')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(rscope.tab('C')).toContainText('A ∪ B');
  expect(await rscope.shownText()).toBe(cli(['R', '--indent', 'decode'], a + b).stdout);
  expect(problems).toEqual([]);
});
