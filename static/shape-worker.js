// Rscope's shape worker: fitting a shape into a large R reads the whole R,
// the job queue keeps one, and a long shape takes a while to expand, so all
// three run here, off the page's thread, with the same wasm core (pkg/).
// - A fit {seq, shape, r, policy} is answered with {seq, answer} (what
//   rscope.fit returns) or {seq, error} (the message).
// - A queue operation {seq, queue} (bytes) with {seq, queue} (bytes).
// - A long shape {seq, expand} (bytes) with {seq, expand} (bytes, or null
//   when a newer shape waits behind it).
// - An R to read ahead of the fits to come {prepare} (the text) with
//   nothing: the next fit into the same text does not read it again.
// Once loaded, and only while no message waits, the worker expands a few
// long shapes of its own (warmShape), so that V8 has optimized the
// expansion's code before the first long shape a person types.
// Bytes are postcard's binary form; their buffers are handed over. Messages
// that arrive together are done in order, and only the last queue operation
// among them is answered with the whole view (a burst of clicks costs one
// view, not one each). src/web/shape_worker.rs posts.
import init, { expandShape, fit, prepareFit, queueStep, warmShape } from '../pkg/rscope.js';

const ready = init();
const waiting = [];

// Warm-up steps: two each of JSON and YAML (about 20 ms each in the
// baseline tier), one per task, none while a message waits.
const WARM_STEPS = 4;
function warm(step) {
  if (step >= WARM_STEPS) return;
  if (waiting.length) {
    setTimeout(() => warm(step), 50);
    return;
  }
  warmShape(step);
  setTimeout(() => warm(step + 1), 0);
}
ready.then(() => setTimeout(() => warm(0), 0));

function drain() {
  while (waiting.length) {
    const { seq, shape, r, policy, queue, expand, prepare } = waiting.shift();
    if (prepare !== undefined) {
      // Only the newest R is worth reading ahead.
      if (!waiting.some((m) => m.prepare !== undefined)) prepareFit(prepare);
      continue;
    }
    if (expand) {
      // A long shape typed over is not expanded: only the newest is shown.
      const reply = waiting.some((m) => m.expand) ? null : expandShape(expand);
      postMessage({ seq, expand: reply }, reply ? [reply.buffer] : []);
      continue;
    }
    if (queue) {
      const reply = queueStep(queue, !waiting.some((m) => m.queue));
      postMessage({ seq, queue: reply }, [reply.buffer]);
      continue;
    }
    try {
      postMessage({ seq, answer: fit(shape, r, { policy }) });
    } catch (err) {
      postMessage({ seq, error: err instanceof Error ? err.message : String(err) });
    }
  }
}

self.onmessage = async (e) => {
  const first = waiting.length === 0;
  waiting.push(e.data);
  if (!first) return;
  await ready;
  // Messages queued behind this one all land before the drain runs.
  setTimeout(drain, 0);
};
