// A copy of the element's four files on a site of its own, with no Rscope
// page beside them: an element with no page= draws no "Open in Rscope"
// link (its default, index.html one folder up, does not exist there), and
// one with page= links to the page it names.
import { test, expect } from './fixtures.js';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { rscopeView, viewDrawn, viewTag, FOUR_NODES } from './rscope.js';

const TYPES = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css' };

test('a self-hosted element links only to a page that exists', async ({ page, problems }) => {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>A self-hosted copy</title><link rel="icon" href="data:,">
<script type="module" src="/docs/_static/rscope/rscope-view.js"></script></head>
<body><main><h1>A self-hosted copy</h1>${viewTag({}, FOUR_NODES)}${viewTag({ page: 'https://rscope.example/' }, FOUR_NODES)}</main></body></html>`;
  const site = createServer((req, res) => {
    const file = req.url.match(/^\/docs\/_static\/rscope\/([\w.-]+\.(js|wasm|css))$/);
    if (req.url === '/host.html') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    if (!file) return res.writeHead(404).end();
    const body = readFileSync(new URL(`../../pkg-embed/${file[1]}`, import.meta.url));
    return res.writeHead(200, { 'content-type': TYPES[`.${file[2]}`] }).end(body);
  });
  await new Promise((done) => site.listen(0, '127.0.0.1', done));
  try {
    await page.goto(`http://127.0.0.1:${site.address().port}/host.html`);
    const [plain, named] = [rscopeView(page, 0), rscopeView(page, 1)];
    await viewDrawn(named);
    await expect(plain.getByTestId('grid')).toBeVisible();
    await expect(named.getByTestId('open-in-rscope')).toHaveAttribute('href', /^https:\/\/rscope\.example\/#/);
    await expect(plain.getByTestId('open-in-rscope')).toHaveCount(0);
    // The one request that finds no page there, and the browser's line
    // about it: what tells the site's author to set page=.
    const base = `http://127.0.0.1:${site.address().port}`;
    expect(problems).toEqual([
      `http 404: ${base}/docs/_static/index.html`,
      'console error: Failed to load resource: the server responded with a status of 404 (Not Found)',
    ]);
  } finally {
    site.close();
  }
});
