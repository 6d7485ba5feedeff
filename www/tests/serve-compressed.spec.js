// The static server of `make serve` (www/serve.mjs) serves as a good host
// does: bodies compressed as the browser accepts, and validators, so a
// second visit downloads nothing that has not changed.
import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { test, expect } from './fixtures.js';

const WASM = '/pkg/rscope_bg.wasm';

test('the server compresses by accept-encoding and answers 304 to a matching etag', async ({ request }) => {
  const br = await request.get(WASM, { headers: { 'accept-encoding': 'gzip, br' } });
  const gzip = await request.get(WASM, { headers: { 'accept-encoding': 'gzip' } });
  const plain = await request.get(WASM, { headers: { 'accept-encoding': 'identity' } });
  expect([br, gzip, plain].map((r) => [r.status(), r.headers()['content-encoding']])).toEqual([
    [200, 'br'],
    [200, 'gzip'],
    [200, undefined],
  ]);
  // Each decodes to the same wasm, and the compressed bodies are smaller.
  const bytes = await plain.body();
  expect((await br.body()).equals(bytes) && (await gzip.body()).equals(bytes)).toBe(true);
  expect(Number(br.headers()['content-length'])).toBeLessThan(bytes.length / 2);
  const { etag } = plain.headers();
  expect([br.headers().etag, gzip.headers().etag, plain.headers()['cache-control']]).toEqual([etag, etag, 'no-cache']);
  const again = await request.get(WASM, { headers: { 'if-none-match': etag } });
  expect([again.status(), (await again.body()).length]).toEqual([304, 0]);
});

test('the server sends the brotli copy the build wrote beside the wasm', async ({ request }) => {
  // scripts/build.sh writes pkg/rscope_bg.wasm.br at brotli's highest
  // quality; the server sends those bytes rather than its own quality-9
  // compression, which is about a tenth larger. (A copy that is not the
  // wasm's own, left from another build, it does not send.)
  const copy = readFileSync(new URL('../../pkg/rscope_bg.wasm.br', import.meta.url));
  const wasm = readFileSync(new URL('../../pkg/rscope_bg.wasm', import.meta.url));
  expect(brotliDecompressSync(copy).equals(wasm), 'pkg/rscope_bg.wasm.br is not the wasm\'s copy: run scripts/build.sh').toBe(true);
  const br = await request.get(WASM, { headers: { 'accept-encoding': 'br' } });
  expect([br.status(), br.headers()['content-encoding'], Number(br.headers()['content-length'])]).toEqual([200, 'br', copy.length]);
});
