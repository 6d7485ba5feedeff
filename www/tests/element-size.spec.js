// Issue 15's size budget: a page with one <rscope-view> transfers at most
// 400 KB of wasm, JS and CSS, gzipped. Those are the four files of
// pkg-embed/ (built by scripts/build.sh), gzipped as a static host sends
// them; the page fetches exactly these (www/bench/element.bench.js reports
// what it fetches).
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUDGET = 400 * 1000;
const FILES = ['rscope_bg.wasm', 'rscope.js', 'rscope-view.js', 'style.css'];

test('the element bundle is at most 400 KB gzipped', () => {
  const sizes = FILES.map((f) => {
    const body = readFileSync(new URL(`../../pkg-embed/${f}`, import.meta.url));
    return [f, gzipSync(body, { level: 9 }).length];
  });
  const total = sizes.reduce((n, [, gz]) => n + gz, 0);
  console.log(`element bundle gzipped: ${sizes.map(([f, gz]) => `${f} ${gz}`).join(', ')}; total ${total} bytes`);
  expect(total).toBeLessThanOrEqual(BUDGET);
});
