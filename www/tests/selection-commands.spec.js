// The nodes of a selection come with the commands an admin types next:
// drain, undrain, their state and the --requires that keeps a job to
// them, each ready to copy.
import { test, expect } from './fixtures.js';

test('a selection offers the flux commands for its nodes', async ({ page, rscope, problems }) => {
  await rscope.load();
  await rscope.fill({
    version: 1,
    execution: { R_lite: [{ rank: '0-3', children: { core: '0-7' } }], nodelist: ['fluke[17-20]'] },
  });
  await rscope.dragCells([1, 2], [2, 4]);
  await expect(rscope.selectionShort).toHaveText('rank[1-2]/core[2-4]');
  await page.getByText('Commands for these nodes').click();
  await expect(page.getByTestId('admin-command')).toHaveText([
    "flux resource drain 'fluke[18-19]' \"reason\"",
    "flux resource undrain 'fluke[18-19]'",
    "flux resource status -i 'fluke[18-19]'",
    "--requires='host:fluke[18-19]'",
  ]);
  await expect(page.getByRole('button', { name: 'Copy the command to undrain them' })).toBeVisible();
  expect(problems).toEqual([]);
});
