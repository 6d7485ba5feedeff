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

test('hovering an entry links its ranks; hovering a cell links its entry', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(JSON.stringify(doc, null, 2));
  await expect(rscope.grid).toBeVisible();
  await rscope.hoverText('"rank": "2-3"');
  await expect(rscope.grid).toHaveAttribute('data-linked', '2-3');
  // A line outside every entry links nothing.
  await rscope.hoverText('"version": 1');
  await expect(rscope.grid).not.toHaveAttribute('data-linked');

  // Rank 1's core 2 comes from the first entry.
  await rscope.hoverCell(1, 2);
  const linked = rscope.linked();
  await expect(linked.first()).toBeVisible();
  const text = (await linked.allTextContents()).join('\n');
  expect(text).toContain('"rank": "0-1"');
  expect(text).not.toContain('"2-3"');
  // The GPU column of rank 3 belongs to the second entry.
  await rscope.hoverCell(3, 9);
  await expect(linked.filter({ hasText: '"rank": "2-3"' })).toHaveCount(1);
  expect(problems).toEqual([]);
});

test('the caret links too, for keyboard users', async ({ rscope, problems }) => {
  await rscope.load();
  const text = JSON.stringify(doc, null, 2);
  await rscope.fill(text);
  await expect(rscope.grid).toBeVisible();
  await rscope.caretAt(text.indexOf('"2-3"'));
  await rscope.editor.press('ArrowRight');
  await expect(rscope.grid).toHaveAttribute('data-linked', '2-3');
  expect(problems).toEqual([]);
});

test('clicking a cell brings its entry into view, even along one long line', async ({ rscope, problems }) => {
  await rscope.load();
  const R_lite = Array.from({ length: 60 }, (_, i) => ({ rank: String(i), children: { core: '0-3' } }));
  await rscope.fill({ version: 1, execution: { R_lite } });
  await expect(rscope.grid).toBeVisible();
  // Typing left the caret, and the view, at the end of the line.
  await rscope.editor.evaluate((el) => { el.scrollLeft = 0; });
  // Rank 59 is the last row (no host names, so labels read "rank N"); the
  // page object scrolls the grid down to it.
  await rscope.clickCell(59, 0);
  await expect(rscope.linked()).toHaveText('{"rank":"59","children":{"core":"0-3"}}');
  await expect.poll(() => rscope.editor.evaluate((el) => el.scrollLeft)).toBeGreaterThan(1500);
  expect(problems).toEqual([]);
});
