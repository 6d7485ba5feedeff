// A long short form shows its head and length until asked for all of it.
import { test, expect } from './fixtures.js';

// 2 000 nodes in 64 kinds, each kind on every 64th rank: a short form of
// some 10 kB.
const ranks = Array.from({ length: 2000 }, (_, i) => `{"rank":"${i}","children":{"core":"${i % 64}"}}`);
const DOC = `{"version":1,"execution":{"R_lite":[${ranks.join(',')}]}}`;

test('show all lays out the whole short form', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.paste(DOC);
  await expect(rscope.summary('nodes')).toHaveText('2000');
  const head = await rscope.summary('short-form').textContent();
  expect(head.length).toBeLessThanOrEqual(1000);
  await expect(rscope.more).toHaveText(/^… \(\d+ characters\)$/);
  const length = Number((await rscope.more.textContent()).match(/\d+/)[0]);
  expect(length).toBeGreaterThan(5000);
  await page.getByRole('button', { name: 'Show all of the short form' }).click();
  await expect(rscope.more).toHaveCount(0);
  const all = await rscope.summary('short-form').textContent();
  expect(all.length).toBe(length);
  expect(all.startsWith(head)).toBe(true);
  expect(problems).toEqual([]);
});
