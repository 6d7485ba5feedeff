// A static server for one folder, as a documentation host serves a built
// Sphinx site or a page beside its node_modules: every file under the
// folder, `.wasm` as application/wasm. `/` answers 200 so that Playwright
// knows the server is up before the folder is filled.
// Usage: node serve-dir.mjs DIR [--port 8080] [--host 127.0.0.1]
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';

const [dir, ...args] = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : dflt;
};
const root = resolve(dir);
const port = Number(opt('--port', 8080));
const host = opt('--host', '127.0.0.1');
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
};

createServer(async (req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  if (path === '/') {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('serving ' + root + '\n');
    return;
  }
  const file = join(root, normalize(path.slice(1)));
  try {
    if (!file.startsWith(root + sep)) throw new Error('outside the folder');
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': types[extname(file)] || 'application/octet-stream', 'cache-control': 'no-cache' });
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
  }
}).listen(port, host);
