// An iframe given a resource.status payload in r= (the page's bundle)
// colours its grid by node state, as the page does.
import { test, expect } from './fixtures.js';
import { example } from './rscope.js';

test('an embedded payload in r= is coloured by node state', async ({ page, context, rscope, problems }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await rscope.load();
  await rscope.fill(example('node-states.json'));
  await page.getByTestId('share').click();
  await expect(rscope.status).toContainText('copied to the clipboard');
  const hash = new URL(page.url()).hash;
  await rscope.embed({ view: 'grid', 'color-by': 'state' }, hash);
  await expect(rscope.legendItems).toHaveText([
    'avail: 9 nodes',
    'avail* (offline): 1 node',
    'torpid: 1 node',
    'drained: 3 nodes',
    'drained* (offline): 1 node',
    'exclude: 1 node',
  ]);
  expect(problems).toEqual([]);
});
