// Moving the picture's focus with the keyboard scrolls the focused box
// into view.
import { test, expect } from './fixtures.js';

// 120 nodes, each with one core more than the last: no two alike, so none
// fold, and the picture is taller than its view.
const ranks = Array.from({ length: 120 }, (_, i) => ({ rank: `${i}`, children: { core: i ? `0-${i}` : '0' } }));
const doc = JSON.stringify({ version: 1, execution: { R_lite: ranks, nodelist: ['n[0-119]'], starttime: 0, expiration: 0 } });

test('End moves to the last node and the picture scrolls to show it', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(doc);
  await expect(rscope.picture).toHaveAttribute('data-focus', 'cluster0');
  const before = await rscope.pictureView();
  expect([before.left, before.top]).toEqual([0, 0]);
  await rscope.pressPicture('ArrowDown', 'End');
  await expect(rscope.picture).toHaveAttribute('data-focus', 'n119');
  const { left, top, width, height, box } = await rscope.pictureView();
  // The box, and the 2-pixel ring around it, lie inside the view now.
  expect(top).toBeGreaterThan(0);
  expect(box.y - 2 >= top && box.y + box.h + 2 <= top + height).toBe(true);
  expect(box.x - 2 >= left && box.x + box.w + 2 <= left + width).toBe(true);
  // Home goes back to the first node, at the top: the view follows.
  await rscope.pressPicture('Home');
  await expect(rscope.picture).toHaveAttribute('data-focus', 'n0');
  const back = await rscope.pictureView();
  expect(back.top).toBe(back.box.y - 2);
  expect(problems).toEqual([]);
});
