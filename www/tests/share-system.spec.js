// A share link carries the tab's system: its document and the
// configuration. Opened in a browser that has neither, the link restores
// both: the R as a tab, the configuration in its box.
import { test, expect, Rscope } from './fixtures.js';
import { fixture } from './rscope.js';

test('a share link round-trips an R and its configuration', async ({ browser, page, context, rscope, problems }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const r = fixture('r/with-graph.json');
  const toml = fixture('config/tiny/10-bootstrap.toml');
  await rscope.load();
  await rscope.fill(r);
  await rscope.typeConfig(toml);
  await page.getByTestId('share').click();
  await expect(page).toHaveURL(/#r=[\w-]+&c=[\w-]+$/);
  const link = page.url();
  // Another browser: nothing kept from this one.
  const elsewhere = await browser.newContext();
  const other = new Rscope(await elsewhere.newPage());
  await other.load(link);
  await expect(other.editor).toHaveValue(r);
  await expect(other.queueConfig.getByLabel('Flux configuration')).toHaveValue(toml);
  await elsewhere.close();
  expect(problems).toEqual([]);
});
