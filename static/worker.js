// Rscope's analysis worker: the same wasm core as the page (pkg/), so the
// page stays responsive while a large document is read. It answers
// {seq, text} with {seq, early: true, parts: [grid]} as soon as the grid is
// laid out, then {seq, parts: [rest, entries, ...the outline's pieces]}: what the page
// draws, as byte arrays in postcard's binary form (src/web/worker.rs),
// whose buffers are handed over, not copied. It also answers
// {seq, member: text} with {seq, member: bytes}: another tab's main set,
// for colouring by membership, and {seq, compare: texts, letters, names}
// with {seq, compared: parts}: a compare view. Once, as it starts, it
// posts {warm: parts} (see below). Requests that arrive while
// one is analysed are superseded: only the newest waiting one is analysed
// next. A large text comes in pieces, {seq, text, more: true} until the
// last, {seq, text}, and is analysed once joined (the page posts it a few
// pieces to a task: posting 64 MiB at once held its thread for 46 ms).
import init, { analyzeForPage, compareForPage, memberSetForPage, warmUp } from '../pkg/rscope.js';

// Once loaded, and unless a request is already waiting, analyse a small
// graph: the browser compiles each wasm function when it is first called,
// and would otherwise do so during the first paste's analysis
// (src/web/worker.rs, warm_up). The page is sent its answer, {warm: parts},
// and draws it off-screen for the same reason.
const ready = init().then((wasm) => {
  // Its size is what this worker's wasm has ever held (wasm memory only
  // grows): www/bench/elcap.bench.js reads it.
  self.rscopeMemory = wasm.memory;
  if (waiting) return;
  const parts = warmUp();
  postMessage({ warm: parts }, parts.map((p) => p.buffer));
});
let waiting = null; // the newest analysis request
let member = null; // the newest request for another tab's set
let compare = null; // the newest request for a compare view
let scheduled = false;
let gathered = null; // the pieces of a text that comes in pieces: {seq, pieces}

async function next() {
  await ready;
  scheduled = false;
  const [request, asked, comparing] = [waiting, member, compare];
  waiting = null;
  member = null;
  compare = null;
  if (asked) {
    const set = memberSetForPage(asked.member);
    postMessage({ seq: asked.seq, member: set }, [set.buffer]);
  }
  if (comparing) {
    const parts = compareForPage(comparing.compare, comparing.letters, comparing.names);
    postMessage({ seq: comparing.seq, compared: parts }, parts.map((p) => p.buffer));
  }
  if (!request) return;
  const { seq } = request;
  // The grid goes first, as soon as it is laid out; then the rest.
  const early = (parts) => postMessage({ seq, early: true, parts }, parts.map((p) => p.buffer));
  const parts = analyzeForPage(request.text, early);
  postMessage({ seq, parts }, parts.map((p) => p.buffer));
}

/** An analysis request, once its text is whole (null until then). */
const whole = (data) => {
  if (!data.more && gathered?.seq !== data.seq) {
    gathered = null; // a newer request: the pieces of an older one are dropped
    return data;
  }
  if (gathered?.seq !== data.seq) gathered = { seq: data.seq, pieces: [] };
  gathered.pieces.push(data.text);
  if (data.more) return null;
  const text = gathered.pieces.join('');
  gathered = null;
  return { seq: data.seq, text };
};

self.onmessage = (e) => {
  if (e.data.compare !== undefined) compare = e.data;
  else if (e.data.member !== undefined) member = e.data;
  else {
    const request = whole(e.data);
    if (!request) return;
    waiting = request;
  }
  // Messages queued behind a long analysis all land before this runs.
  if (!scheduled) {
    scheduled = true;
    setTimeout(next, 0);
  }
};
