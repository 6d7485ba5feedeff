// Rscope's shape worker: fitting a shape into a large R reads the whole R,
// and the job queue keeps one, so both run here, off the page's thread, with
// the same wasm core (pkg/). A fit {seq, shape, r, policy} is answered with
// {seq, answer} (what rscope.fit returns) or {seq, error} (the message); a
// queue operation {seq, queue} (bytes) with {seq, queue} (bytes, postcard's
// binary form, buffer handed over). src/web/shape_worker.rs posts.
import init, { fit, queueStep } from '../pkg/rscope.js';

const ready = init();

self.onmessage = async (e) => {
  await ready;
  const { seq, shape, r, policy, queue } = e.data;
  if (queue) {
    const reply = queueStep(queue);
    postMessage({ seq, queue: reply }, [reply.buffer]);
    return;
  }
  try {
    postMessage({ seq, answer: fit(shape, r, { policy }) });
  } catch (err) {
    postMessage({ seq, error: err instanceof Error ? err.message : String(err) });
  }
};
