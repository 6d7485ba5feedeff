// A document far larger than local storage holds survives a reload.
import { test, expect } from './fixtures.js';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const generator = fileURLToPath(new URL('../../scripts/gen-fragmented-r.py', import.meta.url));

test('an 8 MB document survives a reload', async ({ page, rscope, problems }) => {
  test.setTimeout(90_000);
  const doc = execFileSync('python3', [generator, '40000'], { maxBuffer: 64 << 20 }).toString();
  expect(doc.length).toBeGreaterThan(8_000_000);
  await rscope.load();
  await rscope.drop('big.json', doc);
  await expect(rscope.summary('nodes')).toHaveText('40000', { timeout: 30_000 });
  await rscope.saved(doc.slice(-300));
  await page.reload();
  await expect(rscope.tab('A')).toHaveText('A big.json');
  await expect(rscope.summary('nodes')).toHaveText('40000', { timeout: 30_000 });
  await expect(rscope.notKept).toHaveCount(0);
  expect(problems).toEqual([]);
});
