// Choosing a drain table row's nodes outlines them on the grid.
import { test, expect } from './fixtures.js';

test('a drain table row outlines its nodes on the grid', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.pickExample('Node states — 16 nodes drained, offline, torpid and excluded, as flux resource status reads them');
  await rscope.outlineDrained('tioga[5-6]');
  await expect(rscope.grid).toHaveAttribute('data-linked', '4-5');
  await expect(rscope.drains.getByRole('button', { name: 'tioga[5-6]' })).toHaveAttribute('aria-pressed', 'true');
  expect(problems).toEqual([]);
});
