// On a phone the panels stack: editor, summary, problems, grid and tree
// one under another, each within the screen, and the page does not scroll
// sideways with a document open.
import { test, expect } from './fixtures.js';

test.use({ viewport: { width: 390, height: 844 } });

test('an example opened on a phone stacks its panels', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('The RFC 20 example — 4 nodes with 48 cores and 8 GPUs each');
  await expect(rscope.summary('nodes')).toHaveText('4');
  await expect(rscope.grid).toBeVisible();
  await expect(rscope.tree).toBeVisible();
  const boxes = await page.evaluate(() => {
    const box = (sel) => {
      const r = document.querySelector(sel).getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    };
    return {
      panels: ['.editor', '.side', '.grid-panel', '.tree'].map(box),
      width: document.documentElement.scrollWidth,
    };
  });
  expect(boxes.width).toBeLessThanOrEqual(390);
  for (const [i, p] of boxes.panels.entries()) {
    expect(p.left).toBeGreaterThanOrEqual(0);
    expect(p.right).toBeLessThanOrEqual(390);
    if (i > 0) expect(p.top).toBeGreaterThanOrEqual(boxes.panels[i - 1].bottom);
  }
  expect(problems).toEqual([]);
});
