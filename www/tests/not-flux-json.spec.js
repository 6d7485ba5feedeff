// JSON that is no Flux document (none of the keys of an R, a status
// document or a graph) is named as such, with what Rscope expected, and
// what it holds is shown as a tree of its keys and values (as text: a key
// of markup stays markup).
import { test, expect } from './fixtures.js';

test('JSON of other keys is named not a Flux document, with what was expected', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.fill('{"name": "<b>job</b>", "nodes": [1, 2]}');
  await expect(page.getByTestId('error')).toHaveText(
    "this JSON is not a Flux document Rscope reads: it expected an R (RFC 20: 'version' and 'execution'), a status document ('all', 'allocated', 'down') or a resource graph (RFC 40: 'graph')");
  const tree = page.getByTestId('json-tree');
  await expect(tree.getByRole('heading')).toHaveText('What this JSON holds');
  await expect(tree.getByTestId('json-node')).toHaveText([
    'object, 2 members"name": "<b>job</b>""nodes": array, 2 elements[0]: 1[1]: 2',
    '"name": "<b>job</b>"',
    '"nodes": array, 2 elements[0]: 1[1]: 2',
    '[0]: 1',
    '[1]: 2',
  ]);
  await expect(tree.locator('b')).toHaveCount(0);
  expect(problems).toEqual([]);
});
