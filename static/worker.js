// Rscope's analysis worker: the same wasm core as the page (pkg/), so the
// page stays responsive while a large document is read. It answers
// {seq, text} with {seq, early: true, parts: [grid]} as soon as the grid is
// laid out, then {seq, parts: [rest, entries, outline]}: what the page
// draws, as byte arrays in postcard's binary form (src/web/worker.rs),
// whose buffers are handed over, not copied. Requests that arrive while
// one is analysed are superseded: only the newest waiting one is analysed
// next.
import init, { analyzeForPage } from '../pkg/rscope.js';

const ready = init();
let waiting = null;

async function next() {
  await ready;
  const request = waiting;
  waiting = null;
  if (!request) return;
  const { seq } = request;
  // The grid goes first, as soon as it is laid out; then the rest.
  const early = (parts) => postMessage({ seq, early: true, parts }, parts.map((p) => p.buffer));
  const parts = analyzeForPage(request.text, early);
  postMessage({ seq, parts }, parts.map((p) => p.buffer));
}

self.onmessage = (e) => {
  const first = waiting === null;
  waiting = e.data;
  // Messages queued behind a long analysis all land before this runs.
  if (first) setTimeout(next, 0);
};
