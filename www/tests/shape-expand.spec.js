// Typing a shape shows its RFC 14 resources, as `rscope shape` prints them.
import { test, expect } from './fixtures.js';

test('typing a shape shows its resources as rscope shape prints them', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.typeShape('node=2/slot/core=4');
  await expect(rscope.shapeOutput).toHaveText(
    '[{"type": "node", "count": 2, "with": [{"type": "slot", "count": 1, "label": "task", "with": [{"type": "core", "count": 4}]}]}]\n',
    { useInnerText: true },
  );
  expect(problems).toEqual([]);
});
