// The README's screenshots: a flux resource status payload (the Node
// states example) coloured by state, on a wide screen and on a phone.
// Each waits for what it shows, so a picture is never of a page still
// loading.
import { test, expect } from '../tests/fixtures.js';

const out = (name) => new URL(`../../docs/screenshots/${name}`, import.meta.url).pathname;

const sizes = [
  { name: 'page-1440x900.png', width: 1440, height: 900 },
  { name: 'page-390x844.png', width: 390, height: 844 },
];

for (const size of sizes) {
  test(`screenshot ${size.name}`, async ({ page, rscope, problems }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.emulateMedia({ colorScheme: 'light' });
    await rscope.load('/?url=static/examples/node-states.json');
    await expect(rscope.grid).toBeVisible();
    await expect(rscope.legendItems.first()).toBeVisible();
    await page.screenshot({ path: out(size.name) });
    expect(problems).toEqual([]);
  });
}
