// The fixture Sphinx project's first page (sphinx-rscope/tests/site/index.rst):
// the RFC 20 example from :file: as summary and grid, a status document
// written in the page coloured by state, and a shape's fit into the RFC 20
// example. Each `.. rscope::` became an <rscope-view> that draws from the
// bundle copied into _static/rscope/.
import { test, expect } from '../tests/fixtures.js';
import { rscopeView, viewDrawn } from '../tests/rscope.js';

test('each directive on the page draws its views', async ({ page, problems }) => {
  await page.goto('/sphinx/index.html');
  await expect(page.locator('rscope-view')).toHaveCount(3);

  const rfc20 = rscopeView(page, 0);
  await viewDrawn(rfc20);
  await expect(rfc20.getByTestId('cores')).toHaveText('192');
  await expect(rfc20.getByTestId('gpus')).toHaveText('32');
  await expect(rfc20.getByTestId('grid')).toBeVisible();
  // conf.py's rscope_page is where "Open in Rscope" goes.
  await expect(rfc20.getByTestId('open-in-rscope')).toHaveAttribute('href', /^https:\/\/rscope\.example\/#r=/);

  const status = rscopeView(page, 1);
  await status.scrollIntoViewIfNeeded(); // elements start when they come into view
  await viewDrawn(status);
  await expect(status.getByTestId('grid')).toBeVisible();
  await expect(status.getByTestId('legend')).toContainText('allocated');
  await expect(status.getByTestId('cores')).toHaveCount(0);
  // :height: 240 became the element's height: its box scrolls inside 240 pixels.
  await expect(status.getByTestId('embed')).toHaveAttribute('style', 'max-height: 240px; overflow: auto');

  const fit = rscopeView(page, 2);
  await fit.scrollIntoViewIfNeeded(); // elements start when they come into view
  await viewDrawn(fit);
  await expect(fit.getByTestId('embed-fit')).toHaveText('fits now: 2 nodes, node[186-187], 8 cores');
  expect(problems).toEqual([]);
});
