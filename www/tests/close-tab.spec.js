// Closing a tab says so with an Undo, and the focus goes to the tab shown.
import { test, expect } from './fixtures.js';

test('closing a tab offers Undo and focuses the tab shown', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.fill('{"a": 1}');
  await rscope.drop('b.json', '{"b": 2}');
  await rscope.drop('c.json', '{"c": 3}');
  await rscope.selectTab('B');
  await rscope.closeTab('B');
  await expect(rscope.closedTab).toHaveText('Closed B b.json. Undo');
  await expect(rscope.tab('A')).toHaveAttribute('aria-selected', 'true');
  await expect(rscope.tab('A')).toBeFocused();
  await expect(rscope.tab('B')).toHaveText('B c.json');
  expect(problems).toEqual([]);
});
