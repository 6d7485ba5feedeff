// The README's two pictures of the page, made here so that they show the
// page as it is: the busy-cluster example opened on a desktop and on a
// phone. Each run writes docs/screenshot-desktop.png and
// docs/screenshot-phone.png; the README shows them.
import { test, expect } from './fixtures.js';
import { fileURLToPath } from 'node:url';
import { statSync } from 'node:fs';

const docs = (name) => fileURLToPath(new URL(`../../docs/${name}`, import.meta.url));

for (const [name, viewport] of [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 390, height: 844 }],
]) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport, colorScheme: 'light' });
    test(`an example opened shows its grid, pictured for the README (${name})`, async ({ page, rscope, problems }) => {
      await rscope.load();
      await rscope.pickExample('A busy cluster — 64 nodes, each with its own free cores and GPUs');
      await expect(rscope.summary('nodes')).toContainText('64');
      await expect(rscope.grid).toBeVisible();
      // On a phone the grid is below the editor: the picture shows it.
      if (name === 'phone') await rscope.grid.scrollIntoViewIfNeeded();
      const path = docs(`screenshot-${name}.png`);
      await page.screenshot({ path });
      expect(statSync(path).size).toBeGreaterThan(10_000);
      expect(problems).toEqual([]);
    });
  });
}
