// A share link carries the tab's system: its document, the configuration
// and the constraint over the grid. Opened in a browser that has none of
// them, the link restores all three: the R as a tab, the configuration in
// its box, the constraint in its field with its nodes outlined.
import { test, expect, Rscope } from './fixtures.js';
import { fixture } from './rscope.js';

test('a share link round-trips an R, its configuration and a constraint', async ({ browser, page, context, rscope, problems }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const r = fixture('r/with-graph.json');
  const toml = fixture('config/tiny/10-bootstrap.toml');
  await rscope.load();
  await rscope.fill(r);
  await rscope.typeConfig(toml);
  await rscope.typeConstraint('host:duo8');
  await expect(rscope.constraintWords).toHaveText('1 of 2 nodes match: duo8 (ranks 1)');
  await page.getByTestId('share').click();
  await expect(page).toHaveURL(/#r=[\w-]+&c=[\w-]+&q=[\w-]+$/);
  const link = page.url();
  // Another browser: nothing kept from this one.
  const elsewhere = await browser.newContext();
  const other = new Rscope(await elsewhere.newPage());
  await other.load(link);
  await expect(other.editor).toHaveValue(r);
  await expect(other.queueConfig.getByLabel('Flux configuration')).toHaveValue(toml);
  await expect(other.page.getByLabel('Outline nodes matching a constraint')).toHaveValue('host:duo8');
  await expect(other.constraintWords).toHaveText('1 of 2 nodes match: duo8 (ranks 1)');
  await elsewhere.close();
  expect(problems).toEqual([]);
});
