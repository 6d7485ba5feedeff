// JSON that is no Flux document (none of the keys of an R, a status
// document or a graph) is named as such, with what Rscope expected.
import { test, expect } from './fixtures.js';

test('JSON of other keys is named not a Flux document, with what was expected', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.fill('{"name": "job", "nodes": [1, 2]}');
  await expect(page.getByTestId('error')).toHaveText(
    "this JSON is not a Flux document Rscope reads: it expected an R (RFC 20: 'version' and 'execution'), a status document ('all', 'allocated', 'down') or a resource graph (RFC 40: 'graph')");
  expect(problems).toEqual([]);
});
