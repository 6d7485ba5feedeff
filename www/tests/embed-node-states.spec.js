// An iframe given a resource.status payload in r= (the page's bundle)
// colours its grid by node state, as the page does.
import { test, expect } from './fixtures.js';
import { example, NODE_STATES_LEGEND } from './rscope.js';

test('an embedded payload in r= is coloured by node state', async ({ page, context, rscope, problems }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await rscope.load();
  await rscope.fill(example('node-states.json'));
  await page.getByTestId('share').click();
  await expect(rscope.status).toContainText('copied to the clipboard');
  const hash = new URL(page.url()).hash;
  await rscope.embed({ view: 'grid', 'color-by': 'state' }, hash);
  await expect(rscope.legendItems).toHaveText(NODE_STATES_LEGEND);
  expect(problems).toEqual([]);
});

// The iframe given a url= answers on the element's bundle, which reads
// payloads too.
test('an embedded payload from url= is coloured by node state', async ({ rscope, problems }) => {
  await rscope.embed({ url: 'static/examples/node-states.json', view: 'grid', 'color-by': 'state' });
  await expect(rscope.legendItems).toHaveText(NODE_STATES_LEGEND);
  expect(problems).toEqual([]);
});
