// The npm package: `npm pack pkg`, installed into a folder of its own
// (packaging/setup.js), ships exactly its `files`, and a page that imports
// it by name (`rscope/element`, `rscope` and `rscope/jobs`, through an
// import map made from the package's `exports`) draws a grid and calls
// the JS API and its jobs part.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { test, expect } from '../tests/fixtures.js';
import { rscopeView, viewDrawn } from '../tests/rscope.js';

const installed = fileURLToPath(new URL('../../target/packaging-site/npm/node_modules/rscope', import.meta.url));

test('the installed tarball draws a grid in a page that imports it', async ({ page, problems }) => {
  expect(readdirSync(installed).sort()).toEqual([
    'README.md', 'package.json', 'rscope-view.js', 'rscope.d.ts', 'rscope.js',
    'rscope_bg.wasm', 'rscope_bg.wasm.d.ts', 'rscope_jobs.d.ts', 'rscope_jobs.js', 'rscope_jobs_bg.wasm', 'style.css',
  ]);
  await page.goto('/npm/page.html');
  await expect(page.locator('#api-cores')).toHaveText('32');
  // The jobs part, imported as `rscope/jobs`, fetches its own wasm.
  await expect(page.locator('#api-job')).toHaveText('ƒ2 1');
  const view = rscopeView(page);
  await viewDrawn(view);
  // An installed package has no Rscope page beside it: the page sets page=,
  // as docs.html says (without it, no link is drawn).
  await expect(view.getByTestId('open-in-rscope')).toHaveAttribute('href', /^https:\/\/rscope\.example\/#/);
  await expect(view.getByTestId('nodes')).toHaveText('4');
  await expect(view.getByTestId('cores')).toHaveText('32');
  await expect(view.getByTestId('grid')).toBeVisible();
  expect(problems).toEqual([]);
});
