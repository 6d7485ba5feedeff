// Issue 46's size budget: the page's bundle (the wasm, its JS glue, the
// element's script and the stylesheet of pkg/, built by scripts/build.sh)
// stays within the 1.36 MB gzipped it had when the issue was filed, as new
// features come. scripts/build.sh says what the page is compiled for.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUDGET = 1360 * 1000;
const FILES = ['rscope_bg.wasm', 'rscope.js', 'rscope-view.js', 'style.css'];

test('the page bundle is at most 1.36 MB gzipped', () => {
  const sizes = FILES.map((f) => {
    const body = readFileSync(new URL(`../../pkg/${f}`, import.meta.url));
    return [f, gzipSync(body, { level: 9 }).length];
  });
  const total = sizes.reduce((n, [, gz]) => n + gz, 0);
  console.log(`page bundle gzipped: ${sizes.map(([f, gz]) => `${f} ${gz}`).join(', ')}; total ${total} bytes`);
  expect(total).toBeLessThanOrEqual(BUDGET);
});
