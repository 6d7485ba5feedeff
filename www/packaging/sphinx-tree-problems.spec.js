// The fixture Sphinx project's second page (sphinx-rscope/tests/site/graph.rst):
// a JGF document's tree folded to its root in the dark theme, and a broken
// document's problems, both read from :file: relative to the page's source.
import { test, expect } from '../tests/fixtures.js';
import { rscopeView, viewDrawn } from '../tests/rscope.js';

test('the tree and the problems directives draw', async ({ page, problems }) => {
  await page.goto('/sphinx/graph.html');
  await expect(page.locator('rscope-view')).toHaveCount(2);

  const tree = rscopeView(page, 0);
  await viewDrawn(tree);
  await expect(tree.getByTestId('tree-row')).toHaveCount(1);
  await expect(tree.getByTestId('tree-row')).toHaveAttribute('aria-expanded', 'false');
  await expect(tree.getByTestId('grid')).toHaveCount(0);
  await expect(tree.getByTestId('embed')).toHaveAttribute('data-theme', 'dark');

  const broken = rscopeView(page, 1);
  await broken.scrollIntoViewIfNeeded(); // elements start when they come into view
  await viewDrawn(broken);
  const list = broken.getByTestId('embed-problems').getByRole('listitem');
  await expect(list.filter({ hasText: /^line \d+, column \d+: error: / })).toHaveCount(3);
  expect(problems).toEqual([]);
});
