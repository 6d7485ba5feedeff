// The <rscope-view> element draws each view its `view` attribute names,
// read-only, with an "Open in Rscope" link, as the iframe mode does.
import { test, expect } from './fixtures.js';
import { elementHost, NODE_STATES_LEGEND, rscopeView, viewDrawn, viewTag } from './rscope.js';

const RFC20 = '/static/examples/rfc20.json';

test('summary and grid by default', async ({ page, problems }) => {
  await elementHost(page, viewTag({ src: RFC20 }));
  const view = rscopeView(page);
  await viewDrawn(view);
  await expect(view.getByTestId('cores')).toHaveText('192');
  await expect(view.getByTestId('gpus')).toHaveText('32');
  await expect(view.getByTestId('grid')).toBeVisible();
  await expect(view.getByTestId('tree')).toHaveCount(0);
  await expect(view.getByRole('textbox')).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('the tree, folded to its root', async ({ page, problems }) => {
  await elementHost(page, viewTag({ src: '/static/examples/jgf.json', view: 'tree', fold: '' }));
  const view = rscopeView(page);
  await viewDrawn(view);
  await expect(view.getByTestId('tree-row')).toHaveCount(1);
  await expect(view.getByTestId('tree-row')).toHaveAttribute('aria-expanded', 'false');
  await expect(view.getByTestId('grid')).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('the grid of a status document coloured by state', async ({ page, problems }) => {
  await elementHost(page, viewTag({ src: '/static/examples/status.json', view: 'grid', 'color-by': 'state' }));
  const view = rscopeView(page);
  await viewDrawn(view);
  await expect(view.getByTestId('grid')).toBeVisible();
  await expect(view.getByTestId('legend')).toContainText('allocated');
  await expect(view.getByTestId('cores')).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('the problems, one a line', async ({ page, problems }) => {
  await elementHost(page, viewTag({ src: '/static/examples/broken-idsets.json', view: 'problems' }));
  const view = rscopeView(page);
  await viewDrawn(view);
  const list = view.getByTestId('embed-problems').getByRole('listitem');
  await expect(list.filter({ hasText: /^line \d+, column \d+: error: / })).toHaveCount(3);
  expect(problems).toEqual([]);
});

test('a shape with its fit, outlined on the grid', async ({ page, problems }) => {
  await elementHost(page, viewTag({ src: RFC20, view: 'shape grid', shape: 'node=2/core=4' }));
  const view = rscopeView(page);
  await viewDrawn(view);
  await expect(view.getByTestId('embed-fit')).toHaveText('fits now: 2 nodes, node[186-187], 8 cores');
  await expect(view.getByTestId('embed-fit')).toHaveAttribute('data-status', 'now');
  await expect(view.getByTestId('grid')).toHaveAttribute('data-linked', '19-20');
  expect(problems).toEqual([]);
});

test('the grid of a resource.status payload coloured by node state', async ({ page, problems }) => {
  await elementHost(page, viewTag({ src: '/static/examples/node-states.json', view: 'grid', 'color-by': 'state' }));
  const view = rscopeView(page);
  await viewDrawn(view);
  await expect(view.getByTestId('legend').locator('li')).toHaveText(NODE_STATES_LEGEND);
  expect(problems).toEqual([]);
});
