// Rscope's set workbench worker: the same wasm core as the page (pkg/), so
// combining two large R documents never blocks the page. It answers each
// {job, texts} (src/setops/job.rs as a plain object, and each tab's text
// as UTF-8 bytes in a transferred buffer) with its answer
// (src/web/setops_worker.rs posts and reads them).
import init, { setopsForPage } from '../pkg/rscope.js';

const ready = init();

self.onmessage = async (e) => {
  await ready;
  postMessage(setopsForPage(e.data.job, e.data.texts));
};
