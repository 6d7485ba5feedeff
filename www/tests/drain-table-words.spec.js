// The drain table never cuts a word over two lines ("Nod es", "drain ed"),
// on a wide screen or a phone: it keeps words whole and scrolls sideways
// in its box instead.
import { test, expect } from './fixtures.js';

const EXAMPLE = 'Node states — 16 nodes drained, offline, torpid and excluded, as flux resource status reads them';

/** The words of the drain table's cells that are split over two lines. */
function cutWords(page) {
  return page.getByTestId('drains').locator('table').evaluate((table) => {
    const cut = [];
    for (const cell of table.querySelectorAll('th, td')) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const m of node.data.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) cut.push(m[0]);
        }
      }
    }
    return cut;
  });
}

for (const [name, size] of [['wide', { width: 1440, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  test(`the drain table keeps its words whole on a ${name} screen`, async ({ page, rscope, problems }) => {
    await page.setViewportSize(size);
    await rscope.load();
    await rscope.pickExample(EXAMPLE);
    await expect(rscope.drainRows).toHaveCount(3);
    expect(await cutWords(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
}
