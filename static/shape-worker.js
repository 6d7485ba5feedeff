// Rscope's shape worker: fitting a shape into a large R reads the whole R,
// the job queue keeps one, and a long shape takes a while to expand, so all
// three run here, off the page's thread, with the same wasm core (pkg/).
// Its lanes, served by the one dispatcher (channel.js):
// - an R to read ahead of the fits to come {prepare, documents?} (the text,
//   and what its system holds beside it as fit's documents option), with
//   no answer: the next fit into the same system does not read it again;
//   only the newest is worth reading;
// - a long shape {seq, expand} (bytes), answered with {seq, expand}
//   (bytes); a shape typed over is not expanded (only the newest waits);
// - a queue operation {seq, queue} (bytes), answered with {seq, queue}
//   (bytes); of a burst of operations, only the last is answered with the
//   whole view (a burst of clicks costs one view, not one each);
// - a fit {seq, shape, r, policy, requires?, documents?, displace?}, answered with {seq, answer} (what
//   rscope.fit returns) or {seq, error} (the message);
// - an hwloc topology for its panel {seq, topology} (bytes: the XML and the
//   host and rank fields), answered with {seq, topology} (bytes); one
//   typed over is not read (only the newest waits);
// - the graph Fluxion's hwloc reader builds from a topology {seq, graph}
//   (the XML), answered with {seq, graph} (its JGF text, or why there is
//   none);
// - a text of a tab's system {seq, system} (bytes: its documents and
//   what flux resource prints) or {seq, systemRead} (what rscope system
//   prints), two lanes, each answered with {seq, system} (bytes); one
//   asked over is not printed (only the newest of its lane waits).
// Once loaded, and only while no message waits, the worker expands a few
// long shapes of its own (warmShape), so that V8 has optimized the
// expansion's code before the first long shape a person types.
// Bytes are postcard's binary form; their buffers are handed over.
// crates/rscope-web/src/shape_worker.rs posts.
import init, {
  expandShape,
  fit,
  hwlocGraphForTab,
  prepareFit,
  queueStep,
  systemText,
  topologyView,
  warmShape,
} from '../pkg/rscope.js';
import { loadCore, serve } from './channel.js';

const ready = loadCore(init);

const busy = serve(ready, [
  {
    name: 'prepare',
    match: (d) => d.prepare !== undefined,
    handle: ({ prepare, documents }) => prepareFit(prepare, documents),
  },
  {
    name: 'expand',
    match: (d) => d.expand !== undefined,
    handle: ({ seq, expand }) => {
      const reply = expandShape(expand);
      return [{ seq, expand: reply }, [reply.buffer]];
    },
  },
  {
    name: 'queue',
    match: (d) => d.queue !== undefined,
    handle: ({ seq, queue }, { newer }) => {
      const reply = queueStep(queue, !newer);
      return [{ seq, queue: reply }, [reply.buffer]];
    },
  },
  {
    name: 'topology',
    match: (d) => d.topology !== undefined,
    handle: ({ seq, topology }) => {
      const reply = topologyView(topology);
      return [{ seq, topology: reply }, [reply.buffer]];
    },
  },
  {
    name: 'system',
    match: (d) => d.system !== undefined,
    handle: ({ seq, system }) => {
      const reply = systemText(system);
      return [{ seq, system: reply }, [reply.buffer]];
    },
  },
  {
    name: 'system-read',
    match: (d) => d.systemRead !== undefined,
    handle: ({ seq, systemRead }) => {
      const reply = systemText(systemRead);
      return [{ seq, system: reply }, [reply.buffer]];
    },
  },
  {
    name: 'graph',
    match: (d) => d.graph !== undefined,
    handle: ({ seq, graph }) => [{ seq, graph: hwlocGraphForTab(graph) }],
  },
  {
    name: 'fit',
    match: (d) => d.shape !== undefined,
    handle: ({ seq, shape, r, policy, requires, documents, displace }) => {
      try {
        return [{ seq, answer: fit(shape, r, { policy, requires, documents, displace }) }];
      } catch (err) {
        return [{ seq, error: err instanceof Error ? err.message : String(err) }];
      }
    },
  },
]);

// Warm-up steps: two each of JSON and YAML (about 20 ms each in the
// baseline tier), one per task, none while a message waits.
const WARM_STEPS = 4;
function warm(step) {
  if (step >= WARM_STEPS) return;
  if (busy()) {
    setTimeout(() => warm(step), 50);
    return;
  }
  warmShape(step);
  setTimeout(() => warm(step + 1), 0);
}
ready.then(() => setTimeout(() => warm(0), 0));
