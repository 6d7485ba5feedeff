// An element whose attribute changes draws again with the new value (the
// old views are taken down first).
import { test, expect } from './fixtures.js';
import { elementHost, rscopeView, viewDrawn, viewTag } from './rscope.js';

test('changing view draws the element again', async ({ page, problems }) => {
  await elementHost(page, viewTag({ src: '/static/examples/rfc20.json', view: 'summary' }));
  const view = rscopeView(page);
  await viewDrawn(view);
  await expect(view.getByTestId('grid')).toHaveCount(0);
  await view.evaluate((el) => el.setAttribute('view', 'grid'));
  await expect(view.getByTestId('grid')).toBeVisible();
  await expect(view.getByTestId('cores')).toHaveCount(0);
  expect(problems).toEqual([]);
});
