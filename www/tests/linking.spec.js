// The editor and the grid point at each other: an R_lite entry under the
// pointer outlines its nodes in the grid, and a grid cell highlights the
// entry that gives it.
import { test, expect } from './fixtures.js';

const doc = {
  version: 1,
  execution: {
    R_lite: [
      { rank: '0-1', children: { core: '0-3' } },
      { rank: '2-3', children: { core: '0-7', gpu: '0' } },
    ],
    nodelist: ['n[0-3]'],
  },
};

test('hovering an entry links its ranks; hovering a cell links its entry', async ({ page, problems }) => {
  await page.goto('/');
  await page.getByLabel('R document (JSON)').fill(JSON.stringify(doc, null, 2));
  const grid = page.getByTestId('grid');
  await expect(grid).toBeVisible();
  const line = page.getByTestId('backdrop').locator('.bl', { hasText: '"rank": "2-3"' });
  const box = await line.boundingBox();
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await expect(grid).toHaveAttribute('data-linked', '2-3');
  await page.mouse.move(box.x + 30, box.y - 200);
  await expect(grid).not.toHaveAttribute('data-linked');

  // Rank 1's core 2 comes from the first entry.
  await grid.scrollIntoViewIfNeeded();
  const g = await grid.boundingBox();
  await page.mouse.move(g.x + 150 + 2 * 13 + 6, g.y + 13 + 6);
  const linked = page.getByTestId('backdrop').locator('.linked');
  await expect(linked.first()).toBeVisible();
  const text = (await linked.allTextContents()).join('\n');
  expect(text).toContain('"rank": "0-1"');
  expect(text).not.toContain('"2-3"');
  // The GPU column of rank 3 belongs to the second entry.
  await page.mouse.move(g.x + 150 + 9 * 13 + 6, g.y + 3 * 13 + 6);
  await expect(linked.filter({ hasText: '"rank": "2-3"' })).toHaveCount(1);
  expect(problems).toEqual([]);
});

test('the caret links too, for keyboard users', async ({ page, problems }) => {
  await page.goto('/');
  const input = page.getByLabel('R document (JSON)');
  const text = JSON.stringify(doc, null, 2);
  await input.fill(text);
  await expect(page.getByTestId('grid')).toBeVisible();
  await input.evaluate((el, at) => { el.focus(); el.setSelectionRange(at, at); }, text.indexOf('"2-3"'));
  await input.press('ArrowRight');
  await expect(page.getByTestId('grid')).toHaveAttribute('data-linked', '2-3');
  expect(problems).toEqual([]);
});

test('clicking a cell brings its entry into view, even along one long line', async ({ page, problems }) => {
  await page.goto('/');
  const R_lite = Array.from({ length: 60 }, (_, i) => ({ rank: String(i), children: { core: '0-3' } }));
  const input = page.getByLabel('R document (JSON)');
  await input.fill(JSON.stringify({ version: 1, execution: { R_lite } }));
  const grid = page.getByTestId('grid');
  await grid.scrollIntoViewIfNeeded();
  // Typing left the caret, and the view, at the end of the line.
  await input.evaluate((el) => { el.scrollLeft = 0; });
  // Rank 59 is the last row; 13px cells, no host names so labels read "rank N".
  await grid.evaluate((el) => { el.scrollTop = el.scrollHeight; });
  const box = await grid.boundingBox();
  const top = await grid.evaluate((el) => el.scrollTop);
  await page.mouse.click(box.x + 150 + 6, box.y + 59 * 13 - top + 6);
  await expect(page.getByTestId('backdrop').locator('.linked')).toHaveText('{"rank":"59","children":{"core":"0-3"}}');
  await expect.poll(() => input.evaluate((el) => el.scrollLeft)).toBeGreaterThan(1500);
  expect(problems).toEqual([]);
});
