// Rscope's analysis worker: the same wasm core as the page (pkg/), so the
// page stays responsive while a large document is read. It answers
// {seq, text} with {seq, parts}: what the page draws, as three byte arrays
// in postcard's binary form (src/web/worker.rs), whose buffers are handed
// over, not copied. Requests that arrive while one is analysed are
// superseded: only the newest waiting one is analysed next.
import init, { analyzeForPage } from '../pkg/rscope.js';

const ready = init();
let waiting = null;

async function next() {
  await ready;
  const request = waiting;
  waiting = null;
  if (request) {
    const parts = analyzeForPage(request.text);
    postMessage({ seq: request.seq, parts }, parts.map((p) => p.buffer));
  }
}

self.onmessage = (e) => {
  const first = waiting === null;
  waiting = e.data;
  // Messages queued behind a long analysis all land before this runs.
  if (first) setTimeout(next, 0);
};
