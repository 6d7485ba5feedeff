// The iframe mode (index.html?embed) shows one document with no page
// chrome, each view the `view=` parameter asks for, read-only, with an
// "Open in Rscope" link that carries the document.
import { test, expect, example } from './fixtures.js';

const RFC20 = 'static/examples/rfc20.json';

/** No header, toolbar, tabs or editor: only the document's views. */
async function noChrome(page) {
  await expect(page.getByRole('heading', { name: 'Rscope', exact: true })).toHaveCount(0);
  await expect(page.getByRole('tablist')).toHaveCount(0);
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByLabel('Choose an example')).toHaveCount(0);
}

test('summary and grid by default, from url=', async ({ page, rscope, problems }) => {
  await rscope.embed({ url: RFC20 });
  await expect(rscope.summary('cores')).toHaveText('192');
  await expect(rscope.summary('gpus')).toHaveText('32');
  await expect(page.getByTestId('grid')).toBeVisible();
  await expect(page.getByTestId('tree')).toHaveCount(0);
  await noChrome(page);
  await expect(page.getByTestId('open-in-rscope')).toHaveAttribute('href', /\?url=static\/examples\/rfc20\.json$/);
  expect(problems).toEqual([]);
});

test('the grid alone, coloured as color-by asks', async ({ page, rscope, problems }) => {
  await rscope.embed({ url: 'static/examples/status.json', view: 'grid', 'color-by': 'state' });
  await expect(page.getByTestId('grid')).toBeVisible();
  await expect(rscope.summary('cores')).toHaveCount(0);
  await noChrome(page);
  expect(problems).toEqual([]);
});

test('the tree, folded to its root with fold=1', async ({ page, rscope, problems }) => {
  await rscope.embed({ url: 'static/examples/jgf.json', view: 'tree', fold: '1' });
  await expect(page.getByTestId('tree-row')).toHaveCount(1);
  await expect(page.getByTestId('tree-row')).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('grid')).toHaveCount(0);
  await noChrome(page);
  expect(problems).toEqual([]);
});

test('the problems, one a line with line and column', async ({ page, rscope, problems }) => {
  await rscope.embed({ url: 'static/examples/broken-idsets.json', view: 'problems' });
  const list = page.getByTestId('embed-problems').getByRole('listitem');
  await expect(list.filter({ hasText: /^line \d+, column \d+: error: / })).toHaveCount(3);
  await noChrome(page);
  expect(problems).toEqual([]);
});

test('a document packed in r= opens in Rscope through the link', async ({ page, context, rscope, problems }) => {
  // The share link's form: the main page makes it, the embed reads it.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await rscope.load();
  await rscope.fill(example('laptop.json'));
  await page.getByTestId('share').click();
  await expect(rscope.status).toContainText('copied to the clipboard');
  const hash = new URL(page.url()).hash;
  expect(hash).toMatch(/^#r=/);
  await rscope.embed({ view: 'summary', theme: 'dark', bogus: '1' }, hash);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByTestId('embed-note')).toHaveText("unknown parameter 'bogus' ignored");
  await expect(rscope.summary('cores')).not.toHaveText('');
  const cores = await rscope.summary('cores').textContent();
  const href = await page.getByTestId('open-in-rscope').getAttribute('href');
  expect(href).toContain('#r=');
  await page.goto(href);
  await expect(rscope.summary('cores')).toHaveText(cores);
  await expect(rscope.editor).toBeVisible();
  expect(problems).toEqual([]);
});
