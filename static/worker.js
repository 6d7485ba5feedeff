// Rscope's analysis worker: the same wasm core as the page (pkg/), so the
// page stays responsive while a large document is read. It answers
// {seq, text} with {seq, parts}: what the page draws, as three JSON texts
// (src/web/worker.rs). Requests that arrive while one is analysed are
// superseded: only the newest waiting one is analysed next.
import init, { analyzeForPage } from '../pkg/rscope.js';

const ready = init();
let waiting = null;

async function next() {
  await ready;
  const request = waiting;
  waiting = null;
  if (request) postMessage({ seq: request.seq, parts: analyzeForPage(request.text) });
}

self.onmessage = (e) => {
  const first = waiting === null;
  waiting = e.data;
  // Messages queued behind a long analysis all land before this runs.
  if (first) setTimeout(next, 0);
};
