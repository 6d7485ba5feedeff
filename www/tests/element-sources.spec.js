// The element's document comes from src=, from its own text, or from a
// child <script type="application/json">, and each draws the same, all
// three from one wasm instance.
import { test, expect, example } from './fixtures.js';
import { elementHost, rscopeView, viewDrawn, viewTag } from './rscope.js';

test('src, inline text and a script child draw the same document', async ({ page, problems }) => {
  const wasm = [];
  page.on('request', (r) => { if (r.url().endsWith('.wasm')) wasm.push(r.url()); });
  const doc = example('rfc20.json');
  await elementHost(page, [
    viewTag({ src: '/static/examples/rfc20.json', view: 'summary' }),
    viewTag({ view: 'summary' }, doc),
    viewTag({ view: 'summary' }, `<script type="application/json">${doc}</script>`),
  ].join('\n'));
  for (const n of [0, 1, 2]) {
    const view = rscopeView(page, n);
    await view.scrollIntoViewIfNeeded();
    await viewDrawn(view);
    await expect(view.getByTestId('cores')).toHaveText('192');
    await expect(view.getByTestId('nodes')).toHaveText('4');
  }
  // The three share one wasm instance.
  expect(wasm).toHaveLength(1);
  expect(problems).toEqual([]);
});
