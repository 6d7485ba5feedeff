// A plain static file server for the built site: index.html, docs.html, pkg/,
// pkg-embed/ and static/.
// No application logic: any static host serves the same files the same way.
// Usage: node www/serve.mjs [--port 8080] [--host 127.0.0.1]
//
// What a good static host does, so that `make serve` loads as fast as a
// real deployment would (the first-load benchmark, www/bench/load.bench.js,
// measures through it):
// - Compressed bodies: brotli or gzip, whichever the browser accepts
//   (`accept-encoding`), for the types that compress. Each file is
//   compressed once per version and kept in memory. Brotli bodies come
//   from the copies scripts/build.sh writes beside the bundles' wasm,
//   scripts and style sheets (FILE.br, at brotli's highest quality, as a
//   host that serves precompressed files has them: nginx's
//   `brotli_static`), when a copy decompresses to the file's bytes.
// - Validators: an `etag` from the file's content, `cache-control:
//   no-cache` so the browser asks again each visit, and `304 Not Modified`
//   when nothing changed, so a second visit downloads nothing.
import { createServer } from 'node:http';
import { createHash } from 'node:crypto';
import { readFile, readdir, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, gzip as gzipCb, constants as zlib } from 'node:zlib';

const brotli = promisify(brotliCompress);
const unbrotli = promisify(brotliDecompress);
const gzip = promisify(gzipCb);

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : dflt;
};
const port = Number(opt('--port', process.env.PORT || 8080));
const host = opt('--host', '127.0.0.1');

// The site is exactly these; nothing else in the repository is published.
const published = ['index.html', 'docs.html', 'pkg' + sep, 'pkg-embed' + sep, 'static' + sep];
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
};
// PNG is compressed already; everything else here is text or wasm.
const compressible = (type) => !type.startsWith('image/png') && !type.startsWith('image/x-icon');

// One entry per file: its version (its size and time, and those of its
// brotli copy), its etag, and its bodies by encoding, made when first
// asked for.
const cache = new Map();

/** The size and time of `file`, or of nothing. */
const stamp = (file) => stat(file).then(({ size, mtimeMs }) => `${size}:${mtimeMs}`, () => '-');

/** The file at `file`, with its etag and a way to its encoded bodies. */
async function load(file) {
  const version = `${await stamp(file)}/${await stamp(`${file}.br`)}`;
  const kept = cache.get(file);
  if (kept && kept.version === version) return kept;
  const body = await readFile(file);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  const entry = { file, etag, version, bodies: { identity: Promise.resolve(body) } };
  cache.set(file, entry);
  return entry;
}

/** The brotli copy that scripts/build.sh wrote beside `entry`'s file
 * (FILE.br, at brotli's highest quality, which takes too long to do per
 * server start), when it decompresses to the file's own bytes; else null
 * (none, or left from another build). */
async function builtBrotli(entry, body) {
  const copy = await readFile(`${entry.file}.br`).catch(() => null);
  const same = copy && (await unbrotli(copy).catch(() => null))?.equals(body);
  return same ? copy : null;
}

/** The body of `entry` in `encoding` (a promise): brotli from the build's
 * copy when it has one, otherwise compressed on the thread pool the first
 * time it is asked for. */
function encoded(entry, encoding) {
  if (!entry.bodies[encoding]) {
    entry.bodies[encoding] = entry.bodies.identity.then(async (body) =>
      encoding === 'br'
        ? (await builtBrotli(entry, body)) ??
          brotli(body, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: 9,
              [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          })
        : gzip(body, { level: 9 }));
  }
  return entry.bodies[encoding];
}

/** The best encoding the request accepts: brotli, gzip, or none (for a
 * brotli copy itself, asked for by name, too). */
function chooseEncoding(req, type, file) {
  if (!compressible(type) || file.endsWith('.br')) return 'identity';
  const accepted = String(req.headers['accept-encoding'] || '')
    .split(',')
    .map((e) => e.trim().split(';'))
    .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
    .map(([e]) => e.toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return 'identity';
}

/** Whether the request's `if-none-match` names `etag`. */
const fresh = (req, etag) =>
  String(req.headers['if-none-match'] || '')
    .split(',')
    .some((t) => t.trim().replace(/^W\//, '') === etag || t.trim() === '*');

const server = createServer(async (req, res) => {
  try {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const rel = normalize(path === '/' ? 'index.html' : path.slice(1));
    const file = join(root, rel);
    if (!file.startsWith(root + sep) || !published.some((p) => rel === p || rel.startsWith(p))) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    if (!(await stat(file)).isFile()) throw new Error('not a file');
    const entry = await load(file);
    const type = types[extname(file)] || 'application/octet-stream';
    const headers = { 'cache-control': 'no-cache', etag: entry.etag, vary: 'accept-encoding' };
    // The element's bundle is public and meant for other sites' pages: a
    // module script and the files it fetches from another origin need
    // CORS, so they are served to any origin.
    if (rel.startsWith('pkg-embed' + sep)) headers['access-control-allow-origin'] = '*';
    if (fresh(req, entry.etag)) {
      res.writeHead(304, headers).end();
      return;
    }
    const encoding = chooseEncoding(req, type, file);
    const body = await encoded(entry, encoding);
    res.writeHead(200, {
      ...headers,
      'content-type': type,
      'content-length': body.length,
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
  }
});

/** Compress every published file ahead of its first request (or read its
 * build's brotli copy), as a host that stores compressed copies would have
 * them: brotli's quality 9 of the page's 4 MB wasm takes about a second.
 * A file that changes later is compressed again when asked for. */
async function precompress() {
  for (const p of published) {
    const top = join(root, p);
    const files = p.endsWith(sep)
      ? (await readdir(top, { recursive: true }).catch(() => [])).map((f) => join(top, f))
      : [top];
    for (const file of files) {
      const type = types[extname(file)];
      if (!type || !compressible(type)) continue;
      const entry = await load(file).catch(() => null);
      if (entry) await Promise.all([encoded(entry, 'br'), encoded(entry, 'gzip')]);
    }
  }
}

server.listen(port, host, () => {
  console.log(`Rscope is served at http://${host}:${port}/ (static files only; Ctrl-C stops)`);
  // A file that cannot be read now is answered (or refused) when asked for.
  precompress().catch(() => {});
});
