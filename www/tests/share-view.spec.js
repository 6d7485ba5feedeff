// A share link carries how the page showed its system, beside the
// documents: the grid's colouring and zoom and the shape panel's shape.
// Opened in a browser that has none of them, the link restores each.
import { test, expect, Rscope } from './fixtures.js';

test('a share link restores the colouring, the zoom and the shape', async ({ browser, page, context, rscope, problems }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await rscope.load();
  await rscope.pickExample('Node states — 16 nodes drained, offline, torpid and excluded, as flux resource status reads them');
  await rscope.colorCellsBy('type');
  await rscope.zoomIn();
  const cell = (await rscope.geometry()).cell;
  await rscope.typeShape('node=1/core=4');
  await page.getByTestId('share').click();
  await expect(page).toHaveURL(/#r=[\w-]+&v=[\w-]+$/);
  const link = page.url();
  const elsewhere = await browser.newContext();
  const other = new Rscope(await elsewhere.newPage());
  await other.load(link);
  await expect(other.summary('nodes')).toHaveText('16');
  await expect.poll(() => other.colorChoice()).toBe('resource type');
  await expect.poll(async () => (await other.geometry()).cell).toBe(cell);
  await expect(other.shapeInput).toHaveValue('node=1/core=4');
  await elsewhere.close();
  expect(problems).toEqual([]);
});
