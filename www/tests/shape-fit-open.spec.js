// "Open as R" opens the allocation in a new tab, as `rscope fit --r` prints it.
import { test, expect } from './fixtures.js';

test('open as R puts the allocation in a new tab', async ({ rscope, problems }) => {
  await rscope.load('/?url=static/examples/rfc20.json');
  await expect(rscope.grid).toBeVisible(); // the document has arrived
  await rscope.typeShape('node=2/slot/core=2');
  await rscope.fitShape('first');
  await rscope.page.getByTestId('fit-open').click();
  await expect(rscope.tab('B')).toHaveAttribute('aria-selected', 'true');
  await expect(rscope.editor).toHaveValue(
    '{"version": 1, "execution": {"R_lite": [{"rank": "19-20", "children": {"core": "0-1"}}], "starttime": 0.0, "expiration": 0.0, "nodelist": ["node[186-187]"]}}\n',
  );
  expect(problems).toEqual([]);
});
