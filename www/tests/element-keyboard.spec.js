// The element is driven by the keyboard like the page: Tab reaches its
// grid, arrows move the cell cursor and show the cell.
import { test, expect } from './fixtures.js';
import { elementHost, rscopeView, tabInto, viewDrawn, viewTag } from './rscope.js';

test('Tab into the grid, arrows move the cell cursor', async ({ page, problems }) => {
  const doc = JSON.stringify({
    version: 1,
    execution: { R_lite: [{ rank: '0-1', children: { core: '0-7' } }], nodelist: ['tux[3-4]'] },
  });
  await elementHost(page, `<a href="#after">A link before</a>${viewTag({ view: 'grid' }, doc)}<p id="after">After.</p>`);
  const view = rscopeView(page);
  await viewDrawn(view);
  await tabInto(page, view.getByTestId('grid'));
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await expect(view.getByTestId('tooltip')).toHaveText('tux4 rank 1 — core 1');
  expect(problems).toEqual([]);
});
