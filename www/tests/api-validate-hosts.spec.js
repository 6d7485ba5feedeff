// The JS API's validate checks an R's ranks against a host order, as
// `rscope R validate --hosts` does: each rank whose host differs is an
// error at the nodelist, with the rerank that puts it right.
import { test, expect } from './fixtures.js';

const R = '{"version": 1, "execution": {"R_lite": [{"rank": "0-2", "children": {"core": "0"}}], "nodelist": ["tiny[1-3]"]}}';

test('validate names each rank whose host is not the one the host order gives', async ({ page, rscope, problems }) => {
  await rscope.load();
  const seen = await page.evaluate((doc) => {
    const found = window.rscope.validate(doc, { hosts: 'tiny3,tiny2,tiny1' })
      .map((f) => [f.severity, f.message, f.pointer, f.line, f.column]);
    let refused = null;
    try { window.rscope.validate(doc, { hosts: 'tiny[1-' }); } catch (e) { refused = e.message; }
    return { found, same: window.rscope.validate(doc, { hosts: 'tiny[1-3]' }), refused };
  }, R);
  const at = R.indexOf('["tiny') + 1;
  expect(seen.found).toEqual([
    ['error', 'rank 0 is tiny1 in the R but tiny3 in --hosts', '/execution/nodelist', 1, at],
    ['error', 'rank 2 is tiny3 in the R but tiny1 in --hosts', '/execution/nodelist', 1, at],
    ['note', "rscope R rerank 'tiny3,tiny2,tiny1' renumbers the ranks in that order", '/execution/nodelist', 1, at],
  ]);
  expect(seen.same).toEqual([]);
  expect(seen.refused).toBe("validate: hosts: invalid hostlist 'tiny[1-': unclosed '[' at column 5");
  expect(problems).toEqual([]);
});
