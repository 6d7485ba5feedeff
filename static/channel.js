// The one dispatcher of Rscope's workers (worker.js, setops-worker.js,
// shape-worker.js): each names its lanes, and this file does the rest the
// same way for all three. A lane is one kind of request (an analysis,
// another tab's set, a fit, a queue operation…) and says what its
// handler does with a message.
//
// - Messages that arrive together (while the worker was busy, or in one
//   task of the page) are handled as one batch, once the wasm core is
//   loaded. Which of them, in which order, is the core's decision
//   (`batchPlan`, crates/rscope-core/src/base/inflight.rs, `batch_plan`):
//   each message says whether only the newest of its lane matters
//   (`newest`, set by the page's channel), and the handler of each
//   message handled is told whether a newer one of its lane waits behind
//   it (`newer`): of a burst of queue operations only the last says the
//   whole view.
// - A handler answers by returning `[message, transfer]` (the buffers
//   handed over, not copied) or nothing; the message carries the
//   request's `seq`, added here when the handler left it out. A handler
//   may also `post` along the way (an analysis sends its grid first).
// - A lane may `accept` a message before it waits (an analysis whose text
//   comes in pieces waits only once it is whole); `accept` returns the
//   message to queue, or null.
// - A lane may say what to do `after` its answer is posted (free what the
//   answer was built of, once the page has it).
//
// `serve(ready, lanes)`: `ready` is the promise of the loaded core, `lanes`
// an array of {name, match(data), handle(data, {newer, post}), accept?,
// after?}. Returns `busy()`, whether a message waits, for the workers'
// idle warm-ups.

/** The core (`init` is wasm-bindgen's, of pkg/rscope.js), loaded once the
 * page's first message says how: `{core}` is the wasm module the page
 * compiled, so the worker neither downloads nor compiles it again
 * (crates/rscope-web/src/channel.rs, `core_message`); without one the worker fetches
 * the core itself. Once loaded, the worker tells the page `{ready: true}`. */
import { batchPlan } from '../pkg/rscope.js';

export function loadCore(init) {
  return new Promise((resolve, reject) => {
    const first = (e) => {
      if (!e.data || !('core' in e.data)) return;
      self.removeEventListener('message', first);
      init(e.data.core ? { module_or_path: e.data.core } : undefined).then((wasm) => {
        // The page says "analysing" only from now on (Channel::ready).
        postMessage({ ready: true });
        resolve(wasm);
      }, reject);
    };
    self.addEventListener('message', first);
  });
}

/** Post `message` with its `transfer` list. */
const post = (message, transfer = []) => postMessage(message, transfer);

export function serve(ready, lanes) {
  let batch = [];
  let scheduled = false;

  async function drain() {
    await ready;
    scheduled = false;
    const messages = batch;
    batch = [];
    const plan = batchPlan(
      Uint32Array.from(messages, (m) => lanes.indexOf(m.lane)),
      Uint8Array.from(messages, (m) => (m.data.newest ? 1 : 0)),
    );
    for (let k = 0; k < plan.length; k += 2) {
      const m = messages[plan[k]];
      const answer = m.lane.handle(m.data, { newer: plan[k + 1] === 1, post });
      if (!answer) continue;
      // The answer names the request it answers, as the page's channel
      // (crates/rscope-web/src/channel.rs) finds it by.
      if (m.data.seq !== undefined && answer[0] && answer[0].seq === undefined) {
        answer[0].seq = m.data.seq;
      }
      try {
        post(...answer);
      } finally {
        // What the answer was built of is freed once the page has it.
        m.lane.after?.();
      }
    }
  }

  self.onmessage = (e) => {
    const lane = lanes.find((l) => l.match(e.data));
    if (!lane) return;
    const data = lane.accept ? lane.accept(e.data) : e.data;
    if (data === null) return;
    batch.push({ lane, data });
    // Messages queued behind a long task all land before the drain runs.
    if (!scheduled) {
      scheduled = true;
      setTimeout(drain, 0);
    }
  };

  return () => batch.length > 0;
}
