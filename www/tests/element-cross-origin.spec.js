// A page of another site loads the element straight from the Rscope site
// (the module, then the wasm, glue and stylesheet beside it): the site
// serves pkg-embed/ to any origin, so the browser lets it. The other site
// is a second server on this machine, another port and so another origin.
import { test, expect } from './fixtures.js';
import { createServer } from 'node:http';
import { rscopeView, viewDrawn, viewTag, FOUR_NODES } from './rscope.js';

test('the element loads from the Rscope site into a page of another origin', async ({ page, baseURL, problems }) => {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Another site's page</title><link rel="icon" href="data:,">
<script type="module" src="${baseURL}/pkg-embed/rscope-view.js"></script></head>
<body><main><h1>Another site's page</h1>${viewTag({}, FOUR_NODES)}</main></body></html>`;
  const other = createServer((req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  await new Promise((done) => other.listen(0, '127.0.0.1', done));
  try {
    await page.goto(`http://127.0.0.1:${other.address().port}/host.html`);
    const view = rscopeView(page);
    await viewDrawn(view);
    await expect(view.getByTestId('open-in-rscope')).toHaveAttribute('href', new RegExp(`^${baseURL}/index\\.html#`));
    expect(problems).toEqual([]);
  } finally {
    other.close();
  }
});
