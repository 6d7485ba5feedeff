// Strings from a document are shown as text, never run as HTML.
import { test, expect } from './fixtures.js';

test('host and property names with markup stay text', async ({ page, rscope, problems }) => {
  let alerted = false;
  page.on('dialog', async (d) => { alerted = true; await d.dismiss(); });
  await rscope.load();
  const evil = '<img src=x onerror=alert(1)>';
  await rscope.fill({
    version: 1,
    execution: {
      R_lite: [{ rank: '0', children: { core: '0' } }],
      nodelist: ['<script>alert("x")</script>'],
      properties: { [evil]: '0' },
    },
  });
  await expect(rscope.diagnostics).toContainText(evil);
  await expect(page.locator('img[src=x]')).toHaveCount(0);
  await expect(page.locator('main script')).toHaveCount(0);
  expect(alerted).toBe(false);
  expect(problems).toEqual([]);
});
