// "Open in Rscope" opens the whole page with the element's document in a
// new tab, the document carried in the link (a share fragment).
import { test, expect, example } from './fixtures.js';
import { Rscope, elementHost, rscopeView, viewDrawn, viewTag } from './rscope.js';

test('Open in Rscope opens the page with the document', async ({ page, context, problems }) => {
  await elementHost(page, viewTag({ view: 'summary' }, example('rfc20.json')));
  const view = rscopeView(page);
  await viewDrawn(view);
  await expect(view.getByTestId('open-in-rscope')).toHaveAttribute('href', /\/index\.html#r=/);
  const [opened] = await Promise.all([
    context.waitForEvent('page'),
    view.getByTestId('open-in-rscope').click(),
  ]);
  const full = new Rscope(opened);
  await expect(full.summary('cores')).toHaveText('192');
  await expect(full.summary('gpus')).toHaveText('32');
  // The document, byte for byte, packed by the browser and unpacked by the page.
  await expect(full.editor).toHaveValue(example('rfc20.json'));
  expect(problems).toEqual([]);
});
