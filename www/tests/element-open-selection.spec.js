// Cells selected in an element's grid open in the whole page as a new
// document, carried in the link: the browser packs it (the element's
// bundle has no compressor of its own) and the page unpacks it exactly.
import { test, expect } from './fixtures.js';
import { Rscope, elementHost, rscopeView, viewDrawn, viewTag } from './rscope.js';

const R = '{"version": 1, "execution": {"R_lite": [{"rank": "0-1", "children": {"core": "0-7"}}], "nodelist": ["tux[3-4]"]}}';

test('a selection in the element opens in Rscope', async ({ page, context, problems }) => {
  await elementHost(page, viewTag({ view: 'grid' }, R));
  const view = rscopeView(page);
  await viewDrawn(view);
  await view.getByTestId('grid').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(view.getByTestId('selection-short')).toHaveText('rank1/core[0-1]');
  const [opened] = await Promise.all([
    context.waitForEvent('page'),
    view.getByTestId('open-selection').click(),
  ]);
  const full = new Rscope(opened);
  await expect(full.editor).toHaveValue(
    '{"version": 1, "execution": {"R_lite": [{"rank": "1", "children": {"core": "0-1"}}], "starttime": 0.0, "expiration": 0.0, "nodelist": ["tux4"]}}',
  );
  await expect(full.summary('cores')).toHaveText('2');
  expect(problems).toEqual([]);
});
