// The documentation page (docs.html) draws its five demos, each beside
// the HTML snippet that produced it, and is axe-clean.
import { test, expect } from './fixtures.js';
import { rscopeView, viewDrawn, violations } from './rscope.js';

test('docs.html renders all five demos beside their snippets', async ({ page, problems }) => {
  await page.goto('/docs.html');
  await expect(page.locator('rscope-view')).toHaveCount(5);
  for (let n = 0; n < 5; n++) {
    const view = rscopeView(page, n);
    await view.scrollIntoViewIfNeeded();
    await viewDrawn(view);
  }
  const [rfc20, status, jgf, shape, jobs] = [0, 1, 2, 3, 4].map((n) => rscopeView(page, n));
  await expect(rfc20.getByTestId('cores')).toHaveText('192');
  await expect(rfc20.getByTestId('grid')).toBeVisible();
  await expect(status.getByTestId('legend')).toContainText('down');
  await expect(jgf.getByTestId('tree-row')).toHaveCount(1);
  await expect(shape.getByTestId('embed-fit')).toHaveAttribute('data-status', 'now');
  await expect(shape.getByTestId('grid')).toHaveAttribute('data-linked', /./);
  await expect(jobs.getByTestId('legend').locator('li').first()).toHaveText('ƒJG (lammps): 96 cores and 16 gpus on 2 nodes');
  // Each snippet is the markup of the element drawn above it.
  const snippets = page.locator('.demo pre code');
  await expect(snippets.filter({ hasText: '<rscope-view' })).toHaveCount(5);
  await expect(snippets.filter({ hasText: 'view="summary grid"' })).toHaveCount(1);
  expect(await rfc20.getAttribute('view')).toBe('summary grid');
  await expect(page.getByRole('link', { name: 'RFC 20' })).toHaveAttribute(
    'href', 'https://flux-framework.readthedocs.io/projects/flux-rfc/en/latest/spec_20.html');
  expect(await violations(page)).toEqual([]);
  expect(problems).toEqual([]);
});
