// A set too large to generate a graph for keeps its Graph section, which
// says why there is no tree and what to do instead.
import { test, expect } from './fixtures.js';

// 100 000 nodes of 4 cores: 500 001 vertices, over the 250 000 the page draws.
const DOC = '{"version":1,"execution":{"R_lite":[{"rank":"0-99999","children":{"core":"0-3"}}]}}';

test('a set too large for a tree says why the graph is not drawn', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.fill(DOC);
  await expect(rscope.summary('nodes')).toHaveText('100000');
  const section = page.getByRole('region', { name: 'Resource graph' });
  await expect(section.getByRole('heading')).toHaveText('Graph');
  await expect(rscope.graphNotDrawn).toHaveText(
    'The graph is not drawn: this R would generate 500 001 vertices, over the 250 000 the page draws. '
    + 'The grid shows every node; to see a part of it as a tree, select its cells in the grid and open them as a new tab, '
    + 'or give the R a scheduling graph of its own.',
  );
  await expect(section.getByRole('link', { name: 'RFC 40' })).toHaveAttribute(
    'href', 'https://flux-framework.readthedocs.io/projects/flux-rfc/en/latest/spec_40.html',
  );
  await expect(rscope.tree).toHaveCount(0);
  expect(problems).toEqual([]);
});
