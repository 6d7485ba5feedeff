// The page's document limit follows the memory the browser says the
// device has (navigator.deviceMemory): a file over it is refused with the
// limit and what to use instead, before it is read.
import { test, expect } from './fixtures.js';

/** A browser that reports `gib` GiB of device memory. */
const deviceMemory = (page, gib) => page.addInitScript((gib) => {
  Object.defineProperty(Navigator.prototype, 'deviceMemory', { get: () => gib, configurable: true });
}, gib);

test('a file over the limit of a small device is refused and says why', async ({ page, rscope, problems }) => {
  await deviceMemory(page, 0.5);
  await rscope.load();
  await rscope.openFile('big.json', ' '.repeat(70 << 20));
  await expect(rscope.status).toHaveText(
    'big.json is 70 MiB; this page opens documents up to 64 MiB on this device. The rscope command reads documents up to 1024 MiB',
  );
  // It was not opened.
  await expect(rscope.tab('A')).not.toContainText('big.json');
  expect(problems).toEqual([]);
});
