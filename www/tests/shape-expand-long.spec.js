// A long shape (10 000 vertices) is expanded by the shape worker, off the
// page's thread; the page draws the start of its 300 kB expansion and says
// how much more there is.
import { test, expect } from './fixtures.js';

test('a 10 000-vertex shape is expanded, its start drawn', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.typeShape(`slot/[${Array(9999).fill('core').join(';')}]`);
  await expect(rscope.page.getByTestId('shape-more')).toHaveText(
    '280028 more characters are not drawn, to keep typing quick. Show all',
  );
  await expect(rscope.shapeOutput).toHaveText(/^\[\{"type": "slot", "count": 1, "label": "task", "with": \[\{"type": "core", "count": 1\}, /);
  expect((await rscope.shapeOutput.textContent()).length).toBe(20000);
  expect(problems).toEqual([]);
});
