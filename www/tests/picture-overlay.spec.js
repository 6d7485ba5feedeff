// Edges of other subsystems (here power, from a PDU to the nodes it
// feeds) are drawn over the boxes, and can be hidden.
import { test, expect } from './fixtures.js';
import { fixture } from './rscope.js';

test('power edges are drawn from the PDU to its nodes, and hide', async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.fill(fixture('jgf/power.json'));
  await expect(rscope.picture).toHaveAttribute('data-overlay', '3');
  const toggle = rscope.page.getByTestId('picture-overlay');
  await expect(toggle).toBeChecked();
  await expect(rscope.page.getByText('Show power edges')).toBeVisible();
  await toggle.uncheck();
  await expect(rscope.picture).toHaveAttribute('data-overlay', '0');
  expect(problems).toEqual([]);
});
