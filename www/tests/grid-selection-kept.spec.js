// The cells selected on the grid are part of what the page shows of a
// system: a reload brings them back, and a share link carries them (by
// the ranks of their nodes, so folding or zooming does not move them).
import { test, expect, Rscope } from './fixtures.js';

const R = {
  version: 1,
  execution: { R_lite: [{ rank: '0-1', children: { core: '0-7' } }], nodelist: ['tux[3-4]'] },
};

/** Select cores 1-3 of rank 1 with the keyboard. */
async function selectCores(page, rscope) {
  await rscope.load();
  await rscope.fill(R);
  await rscope.focusGrid();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(rscope.selectionShort).toHaveText('rank1/core[1-3]');
}

test('a reload brings back the cells selected on the grid', async ({ page, rscope, problems }) => {
  await selectCores(page, rscope);
  await page.reload();
  await expect(rscope.selectionShort).toHaveText('rank1/core[1-3]');
  expect(problems).toEqual([]);
});

test('a share link carries the cells selected on the grid', async ({ browser, page, context, rscope, problems }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await selectCores(page, rscope);
  await page.getByTestId('share').click();
  await expect(page).toHaveURL(/&v=/);
  const elsewhere = await browser.newContext();
  const other = new Rscope(await elsewhere.newPage());
  await other.load(page.url());
  await expect(other.selectionShort).toHaveText('rank1/core[1-3]');
  await elsewhere.close();
  expect(problems).toEqual([]);
});
