// The first screen: before any document is open, a card for each kind of
// document Rscope reads, each with an example that opens in one click.
import { test, expect } from './fixtures.js';

test('the first screen opens an example of each kind in one click', async ({ rscope, problems }) => {
  await rscope.load();
  await expect(rscope.landing.getByRole('heading', { level: 3 })).toHaveText([
    'An R document',
    'A flux resource list payload',
    'A flux resource status payload',
    "Fluxion's resource graph",
    'A system configuration',
    'An hwloc topology',
  ]);
  await rscope.openLandingExample('Open a status payload');
  await expect(rscope.summary('nodes')).toHaveText('16');
  await expect(rscope.landing).toHaveCount(0);
  expect(problems).toEqual([]);
});

test("the first screen's configuration card fills the configuration box", async ({ rscope, problems }) => {
  await rscope.load();
  await rscope.openLandingExample('Open a configuration');
  await expect(rscope.status).toHaveText("read A system configuration as a system configuration: tab A's configuration box under Queues holds it now");
  await expect(rscope.queueConfig.getByLabel('Flux configuration')).toHaveValue(/^# A small cluster of eight nodes/);
  expect(problems).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the first screen is the first thing under the toolbar', async ({ page, rscope, problems }) => {
    await rscope.load();
    const button = rscope.landing.getByRole('button', { name: 'Open the RFC 20 example' });
    await expect(button).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await button.click();
    await expect(rscope.summary('nodes')).toHaveText('4');
    expect(problems).toEqual([]);
  });
});
