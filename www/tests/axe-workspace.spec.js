// The workspace has no accessibility violation at a desktop's 1280 px and
// a phone's 390 px, in either theme, with a document open and the queue
// colouring its grid (the colour menu's extra option shown).
import { test, expect } from './fixtures.js';
import { FOUR_NODES, violations } from './rscope.js';

for (const width of [1280, 390]) {
  for (const scheme of ['light', 'dark']) {
    test(`the workspace at ${width} px in the ${scheme} theme has no violation`, async ({ page, rscope, problems }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.emulateMedia({ colorScheme: scheme });
      await rscope.load();
      await rscope.fill(FOUR_NODES);
      await rscope.queueAdd('node=2');
      await rscope.queueAllocate(1);
      await expect.poll(() => rscope.colorChoice()).toBe("the queue's jobs (Shape panel)");
      expect(await violations(page)).toEqual([]);
      expect(problems).toEqual([]);
    });
  }
}
