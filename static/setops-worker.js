// Rscope's set workbench worker: the same wasm core as the page (pkg/), so
// combining two large R documents never blocks the page. It answers each
// job (src/setops/job.rs, as a plain object) with its answer
// (src/web/setops_worker.rs posts and reads them).
import init, { setopsForPage } from '../pkg/rscope.js';

const ready = init();

self.onmessage = async (e) => {
  await ready;
  postMessage(setopsForPage(e.data));
};
