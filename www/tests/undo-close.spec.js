// Undo puts a closed tab back at its place, with its text, shown and focused.
import { test, expect } from './fixtures.js';

test('undo reopens a closed tab at its place', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill('{"a": 1}');
  await rscope.drop('b.json', '{"b": 2}');
  await rscope.drop('c.json', '{"c": 3}');
  await rscope.selectTab('B');
  await rscope.editor.fill('{"b": 22}');
  await rscope.closeTab('B');
  await expect(rscope.closedTab).toBeVisible();
  await rscope.undoClose();
  await expect(rscope.tab('B')).toHaveText('B b.json');
  await expect(rscope.tab('B')).toHaveAttribute('aria-selected', 'true');
  await expect(rscope.tab('B')).toBeFocused();
  await expect(rscope.tab('C')).toHaveText('C c.json');
  await expect(rscope.editor).toHaveValue('{"b": 22}');
  await expect(rscope.closedTab).toHaveCount(0);
  expect(problems).toEqual([]);
});
