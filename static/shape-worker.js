// Rscope's fit worker: fitting a shape into a large R reads the whole R, so
// it runs here, off the page's thread, with the same wasm core (pkg/). It
// answers {seq, shape, r, policy} with {seq, answer} (what rscope.fit
// returns) or {seq, error} (the message). src/web/shape_worker.rs posts.
import init, { fit } from '../pkg/rscope.js';

const ready = init();

self.onmessage = async (e) => {
  await ready;
  const { seq, shape, r, policy } = e.data;
  try {
    postMessage({ seq, answer: fit(shape, r, { policy }) });
  } catch (err) {
    postMessage({ seq, error: err instanceof Error ? err.message : String(err) });
  }
};
