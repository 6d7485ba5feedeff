// The guided tour runs from the keyboard: it opens the RFC 20 example,
// each step outlines its part of the editor and of the grid, the arrows
// step, Escape leaves, and the tour resumes where it was left.
import { test, expect } from './fixtures.js';

test('the tour steps by keyboard, and is left and resumed', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.tourStart.focus();
  await page.keyboard.press('Enter');
  await expect(rscope.tourStep).toHaveText('Step 1 of 8: What R is for');
  await expect(rscope.tourStep).toBeFocused();
  await expect(rscope.grid).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(rscope.tourStep).toHaveText('Step 2 of 8: R_lite entries');
  await expect(rscope.grid).toHaveAttribute('data-linked', '19-22');
  await expect(rscope.linked().nth(1)).toHaveText('        "rank": "19-22",');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(rscope.tourStep).toHaveText('Step 5 of 8: Properties');
  await expect(rscope.grid).toHaveAttribute('data-linked', '21-22');
  await expect(rscope.linked()).toHaveText(['    "properties": {', '      "debug": "21-22"', '    }']);
  await page.keyboard.press('Escape');
  await expect(rscope.tourStep).toHaveCount(0);
  await expect(rscope.tourStart).toHaveText('Resume the tour (step 5 of 8)');
  await rscope.tourStart.focus();
  await page.keyboard.press('Enter');
  await expect(rscope.tourStep).toHaveText('Step 5 of 8: Properties');
  await page.keyboard.press('ArrowLeft');
  await expect(rscope.tourStep).toHaveText('Step 4 of 8: Children');
  // The place is kept across a reload.
  await rscope.load();
  await expect(rscope.tourStart).toHaveText('Resume the tour (step 4 of 8)');
  expect(problems).toEqual([]);
});
