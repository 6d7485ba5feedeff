// #47 item 8: a grid wider than its view scrolls sideways with a visible
// scroll bar and keeps its row labels in view (the RFC 20 example at
// 1440×900: 57 columns at 13-pixel cells).
import { test, expect } from './fixtures.js';

test.use({ viewport: { width: 1440, height: 900 } });

test('a grid scrolled sideways keeps its row labels at the left', async ({ rscope, problems }) => {
  await rscope.load('/?url=static/examples/rfc20.json');
  await expect(rscope.grid).toBeVisible();
  const { max } = await rscope.gridScrollX();
  expect(max).toBeGreaterThan(0);
  expect(await rscope.gridScrollbarHeight()).toBe('10px');
  const before = await rscope.labelColors(0);
  await rscope.scrollGridLeft(max);
  await expect.poll(async () => (await rscope.gridScrollX()).left).toBe(max);
  // The labels drawn are the same rows', in the same place and ink: the
  // background, and the text over it.
  await expect.poll(() => rscope.rowLabels()).toEqual(['node186 (19)', 'node187 (20)', 'node188 (21)', 'node189 (22)']);
  expect(before.length).toBeGreaterThan(1);
  await expect.poll(() => rscope.labelColors(0)).toEqual(before);
  expect(problems).toEqual([]);
});
