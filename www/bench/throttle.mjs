// A throttling proxy for the first-load benchmark (load.bench.js): every
// request the page and its workers make goes through it, so the emulated
// link covers the workers too (DevTools throttling covers the page alone).
//
// The link: each request waits one round trip (`rttMs`) before it is
// forwarded; response bodies share one downlink of `downBps` bits a second,
// request bodies one uplink of `upBps`, in slices of a few kilobytes, so
// parallel downloads divide the link as they would on a real one. Bytes
// are counted as they cross (headers at their length as sent), so the
// benchmark can say what crossed before a given moment.
import { createServer, request } from 'node:http';

/** One direction of the link: `send(bytes, write)` calls `write` once the
 * bytes have crossed at `bps`, after those queued before them. */
function pipe(bps) {
  let free = 0; // when the link is next idle, in ms (performance.now)
  return (length, write) => {
    const now = performance.now();
    free = Math.max(free, now) + (length * 8 * 1000) / bps;
    setTimeout(write, free - now);
  };
}

const SLICE = 8 << 10;

/** Start the proxy in front of `target` (`http://host:port`) on a free
 * port. Returns `{ url, crossed(), close() }`: `crossed()` is the bytes
 * sent down the link so far. */
export function startThrottle({ target, rttMs = 40, downBps = 10e6, upBps = 5e6 }) {
  const down = pipe(downBps);
  const up = pipe(upBps);
  let crossed = 0;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const forward = () => {
        const upstream = request(new URL(req.url, target), { method: req.method, headers: req.headers }, (r) => {
          const head = Object.entries(r.headers).reduce((n, [k, v]) => n + k.length + String(v).length + 4, 20);
          crossed += head;
          res.writeHead(r.statusCode, r.headers);
          // Each slice is given its moment on the link as it arrives (a
          // timer that fires late delays it, not the slices after it).
          let last = Promise.resolve();
          r.on('data', (c) => {
            for (let at = 0; at < c.length; at += SLICE) {
              const slice = c.subarray(at, at + SLICE);
              const crossing = new Promise((done) => down(slice.length, done));
              last = Promise.all([last, crossing]).then(() => {
                crossed += slice.length;
                res.write(slice);
              });
            }
          });
          r.on('end', () => last.then(() => res.end()));
        });
        upstream.on('error', () => res.writeHead(502).end());
        upstream.end(body);
      };
      // One round trip, then the request's body up the link.
      setTimeout(() => up(body.length + 200, forward), rttMs);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}`,
        crossed: () => crossed,
        close: () => new Promise((done) => { server.closeAllConnections(); server.close(done); }),
      });
    });
  });
}
