// Rscope's analysis worker: the same wasm core as the page (pkg/), so the
// page stays responsive while a large document is read. Its lanes, served
// by the one dispatcher (channel.js), only the newest message of each:
// - another tab's resources, {seq, member: bytes} (its documents: its own,
//   those added to it, its configuration), answered with {seq, member:
//   bytes}, for colouring by membership;
// - a compare view, {seq, compare: [bytes] (each tab's documents),
//   letters, names}, answered with {seq, compared: parts};
// - what the documents added to a tab's system say of its nodes (node
//   states; allocated and down; running jobs): their texts' UTF-8 bytes
//   in pieces of a few MB (handed over), {seq, beside: the text's index,
//   besideCount, besidePiece: bytes, more: true} until the last, which
//   adds besideNames and besidePast (whether a resource eventlog's
//   timeline will want the jobs that ran); answered with {seq, states:
//   parts} (the running jobs' cells in parts after the first);
// - a resource eventlog's timeline and its system at a moment, {seq,
//   timeline: the log's number, at, withTimeline}, answered with {seq,
//   answer: parts} (the head, then with the timeline its moments as
//   little-endian f64s and its figures, a few thousand rows a part);
// - a page of a resource eventlog's events, {seq, events: the log's
//   number, query: bytes}, answered with {seq, page: bytes}. The worker
//   keeps the last log it read under its number, and the page sends its
//   text only when the worker may not have it (the answer says when it
//   has not: timeline.rs's NOT_KEPT, alone or as the first part), as
//   UTF-8 bytes in pieces of a few MB (handed over): each message then
//   has logPiece, and more: true until the last;
// - an analysis, {seq, text}, answered with {seq, early: true, parts:
//   [grid]} as soon as the grid is laid out, then {seq, parts: [rest,
//   entries, ...the outline's pieces]}: what the page draws, as byte
//   arrays in postcard's binary form (crates/rscope-web/src/analysis_worker.rs), whose buffers
//   are handed over, not copied. A large text comes in pieces, {seq, text,
//   more: true} until the last, {seq, text}, and is analysed once joined
//   (the page posts it a few pieces to a task: posting 64 MiB at once held
//   its thread for 46 ms).
// Once, as it starts, it posts {warm: parts} (see below).
import init, { analyzeForPage, compareForPage, memberSetForPage, besideForPage, timelineForPage, eventsForPage, tidy, warmUp } from '../pkg/rscope.js';
import { loadCore, serve } from './channel.js';

const ready = loadCore(init);
let gathered = null; // the pieces of a text that comes in pieces: {seq, pieces}

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
  return { seq: data.seq, newest: data.newest, text };
};

let besideGathered = null; // the pieces of the texts beside a grid: {seq, texts}

/** A request for what the texts beside a grid say, once all their pieces
 * are here (null until then): `beside` is then, for each text, the array
 * of its pieces' bytes. */
const wholeBeside = (data) => {
  if (besideGathered?.seq !== data.seq) {
    // A newer request: the pieces of an older one are dropped.
    besideGathered = { seq: data.seq, texts: Array.from({ length: data.besideCount }, () => []) };
  }
  besideGathered.texts[data.beside]?.push(data.besidePiece);
  if (data.more) return null;
  const { texts } = besideGathered;
  besideGathered = null;
  return { seq: data.seq, newest: data.newest, beside: texts, besideNames: data.besideNames, besidePast: data.besidePast };
};

/** A lane's gatherer of a log's pieces: a timeline's or an event list's
 * request, once its log's text is here (null until then), with `pieces`,
 * the array of the text's bytes, when it carries one. Each lane has its
 * own: both may be sent the log at once. */
const logGatherer = () => {
  let gathered = null; // {seq, pieces}
  return (data) => {
    // A request without the text: the pieces of an older one are dropped.
    if (data.logPiece === undefined) {
      gathered = null;
      return data;
    }
    // A newer request: the pieces of an older one are dropped.
    if (gathered?.seq !== data.seq) gathered = { seq: data.seq, pieces: [] };
    gathered.pieces.push(data.logPiece);
    if (data.more) return null;
    const { pieces } = gathered;
    gathered = null;
    return { ...data, pieces };
  };
};

const buffers = (parts) => parts.map((p) => p.buffer);

const busy = serve(ready, [
  {
    name: 'member',
    match: (d) => d.member !== undefined,
    handle: ({ seq, member }) => {
      const set = memberSetForPage(member);
      return [{ seq, member: set }, [set.buffer]];
    },
  },
  {
    name: 'beside',
    match: (d) => d.beside !== undefined,
    accept: wholeBeside,
    handle: ({ seq, beside, besideNames, besidePast }) => {
      const states = besideForPage(beside, besideNames ?? [], besidePast === true);
      return [{ seq, states }, buffers(states)];
    },
    after: tidy,
  },
  {
    name: 'timeline',
    match: (d) => d.timeline !== undefined,
    accept: logGatherer(),
    handle: ({ seq, timeline, pieces, at, withTimeline }) => {
      const answer = timelineForPage(timeline, pieces, at ?? undefined, withTimeline);
      return [{ seq, answer }, buffers(answer)];
    },
  },
  {
    name: 'events',
    match: (d) => d.events !== undefined,
    accept: logGatherer(),
    handle: ({ seq, events, pieces, query }) => {
      const page = eventsForPage(events, pieces, query);
      return [{ seq, page }, [page.buffer]];
    },
  },
  {
    name: 'compare',
    match: (d) => d.compare !== undefined,
    handle: ({ seq, compare, letters, names }) => {
      const parts = compareForPage(compare, letters, names);
      return [{ seq, compared: parts }, buffers(parts)];
    },
  },
  {
    name: 'analysis',
    match: (d) => d.text !== undefined,
    accept: whole,
    handle: ({ seq, text }, { post }) => {
      // The grid goes first, as soon as it is laid out; then the rest.
      const early = (parts) => post({ seq, early: true, parts }, buffers(parts));
      const parts = analyzeForPage(text, early);
      return [{ seq, parts }, buffers(parts)];
    },
  },
]);

// Once loaded, and unless a request is already waiting, analyse a small
// graph: the browser compiles each wasm function when it is first called,
// and would otherwise do so during the first paste's analysis
// (crates/rscope-web/src/analysis_worker.rs, warm_up). The page is sent its answer, {warm: parts},
// and draws it off-screen for the same reason.
ready.then((wasm) => {
  // Its size is what this worker's wasm has ever held (wasm memory only
  // grows): www/bench/elcap.bench.js reads it.
  self.rscopeMemory = wasm.memory;
  if (busy()) return;
  const parts = warmUp();
  postMessage({ warm: parts }, buffers(parts));
});
