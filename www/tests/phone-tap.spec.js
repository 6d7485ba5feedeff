// On a touch screen, a tap on a grid cell shows its tooltip.
import { test, expect } from './fixtures.js';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('a tap on a cell shows its tooltip', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.fill({
    version: 1,
    execution: { R_lite: [{ rank: '0-1', children: { core: '0-7' } }], nodelist: ['tux[3-4]'] },
  });
  const { x, y } = await rscope.cellPoint(1, 2);
  await page.touchscreen.tap(x, y);
  await expect(rscope.tooltip).toHaveText('tux4 rank 1 — core 2');
  expect(problems).toEqual([]);
});
