// A plain static file server for the built site: index.html, docs.html, pkg/,
// pkg-embed/ and static/.
// No application logic: any static host serves the same files the same way.
// Usage: node www/serve.mjs [--port 8080] [--host 127.0.0.1]
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

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
    const body = await readFile(file);
    res.writeHead(200, {
      'content-type': types[extname(file)] || 'application/octet-stream',
      'cache-control': 'no-cache',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
  }
});

server.listen(port, host, () => {
  console.log(`Rscope is served at http://${host}:${port}/ (static files only; Ctrl-C stops)`);
});
