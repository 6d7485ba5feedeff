// Every function of the JS API called as an embedding page would, checked
// by `tsc --noEmit -p www/types` against the generated pkg/rscope.d.ts, so
// the declared types cannot drift from what the functions take and give.
// Each `@ts-expect-error` line must be refused: tsc fails on one that is not.
import init, {
  decode, encode, fit, fromHwloc, graphFromHwloc, formatShape, graph, graphCheck, graphExport, graphFind, hostlist, idset,
  shape, summary, validate, wasmMemoryBytes, constraintParse, constraintMatch, systemConfig, system,
  union, append, diff, intersect, verify, evalSetExpression, explain, whyFinding, readSmall, resource, nodeQueues,
  type ResourcePrinted, type NodeQueues, type ConstraintMatchOptions, type SystemConfigView, type SystemView,
  type Explained, type WhyFinding, type Finding, type FitAnswer, type DisplacedJob, type HwlocOptions, type GraphCheck, type GraphExportOptions, type Summary, type Verdict, type IntersectOptions,
} from '../../pkg/rscope.js';
// The jobs part: a module of its own, with its own wasm and init.
import initJobs, { jobs, jobMap, type JobsOptions, type JobsPrinted } from '../../pkg/rscope_jobs.js';

await init();
const r = '{"version": 1, "execution": {"R_lite": [{"rank": "0", "children": {"core": "0-3"}}]}}';

const findings: Finding[] = validate(r);
const ranksOutOfOrder: Finding[] = validate(r, { hosts: 'tiny[1-4]', strictRfc40: false });
const parsedConstraint: string = constraintParse('gpu -host:node3');
const matchOptions: ConstraintMatchOptions = { query: true, why: false };
const matching: string = constraintMatch('gpu', r, matchOptions);
const leftOut: string = constraintMatch('{"properties": ["^gpu"]}', r, { why: true });
const view: SystemConfigView | null = systemConfig('[resource]\npath = "/etc/flux/system/R"\n');
const reranked: string | null = view ? view.reranked : null;
const merged: SystemView = system([{ name: 'R.json', text: r }, { name: 'system.toml', text: '[bootstrap]\n' }]);
const firstKind: string | undefined = merged.documents[0]?.kind;
console.log(merged.text, merged.findings.length, firstKind);
// @ts-expect-error a document is {name, text}, not a string
system([r]);
console.log(parsedConstraint, matching, leftOut, reranked);
const first: Finding | undefined = findings[0];
if (first) {
  const where: [number, number] = first.span;
  const severity: 'error' | 'warning' | 'note' = first.severity;
  const fix: string | undefined = first.fix?.replacement;
  console.log(first.line, first.column, first.pointer, first.message, where, severity, fix);
}
const s: Summary = summary(r);
const cores: number = s.cores;
const printed: string = s.text;
const counts: { version: number; nodes: number; cores: number; gpus: number } = summary(r);

const text: string = decode(r);
const short: string = decode(r, { short: true, nodelist: true, ranks: true, count: 'gpu', include: '0', exclude: '1', properties: '^x' });
const byHosts: string = decode(r, { include: 'node[0-3]', exclude: 'node2', nodelist: true });
const made: string = encode({ ranks: '0-1', cores: '0-3', gpus: '0', hosts: 'n[0-1]', property: ['big:1'] });
const local: string = encode();
const lstopo = '<topology version="2.0"><object type="Machine"><object type="Core"><object type="PU"/></object></object></topology>';
const hwlocOptions: HwlocOptions = { ranks: '0-1', hosts: 'n[0-1]', properties: ['big:1'], gpuNoDedup: true };
const fromXml: string = fromHwloc(lstopo, hwlocOptions);
const fromXmlAlone: string = fromHwloc(lstopo);
const hwlocGraph: string = graphFromHwloc(lstopo);

const list: string = hostlist('union', ['node[1-3]', 'node4']);
const many: number = hostlist('count', ['node[1-3]']);
const hosts: string[] = hostlist('expand', ['node[1-3]']);
const ids: string = idset('intersect', ['0-5', '3-9']);
const n: number = idset('count', ['0-5']);
const each: number[] = idset('expand', ['0-5']);

const joined: string = union(r, r, r);
const appended: string = append(r);
const less: string = diff(r, r);
const both: string = intersect(r, r);
const keepOptions: IntersectOptions = { keepData: true };
const kept: string = intersect(r, r, keepOptions);
const verdict: Verdict = verify(r, r);
const verified: boolean = verdict.ok;
const evaluated: string = evalSetExpression('(A | B) - A', { A: r, B: r });

const tree: string = graph(r);
const shallow: string = graph(r, { depth: 1 });
const check: GraphCheck = graphCheck(r);
const consistent: boolean = check.consistent;
const differences: string[] = check.differences;
const paths: string[] = graphFind(r, 'type=core');
const dotText: string = graphExport(r, 'dot');
const graphmlText: string = graphExport(r, 'graphml');
const containmentOnly: GraphExportOptions = { subsystems: ['containment'] };
const containmentDot: string = graphExport(r, 'dot', containmentOnly);

const expanded: string = shape('slot=2/core', { yaml: true, rangedict: false, wrapresources: true, label: 'task' });
const back: string = formatShape(expanded);
const answer: FitAnswer = fit('node=1/slot/core', r, { policy: 'best', requires: 'x' });
const status: 'now' | 'notnow' | 'never' = answer.status;
const note: string | null = answer.note;
const beside: FitAnswer = fit('node=2', r, { config: '[resource]\n', documents: [{ name: 'status.json', text: '{}' }] });
const gone: DisplacedJob[] = fit('node=2', r, { documents: [{ name: 'jobs.json', text: '{}' }], displace: true }).displaced;
const goneIds: string[] = gone.map((d) => `${d.id} ${d.holds}`);
const bytes: number = wasmMemoryBytes();

const card: Explained | null = explain(r, 30);
if (card) {
  const lines: string[] = card.decoded;
  const url: string = card.rfc.url;
  const cells: string | undefined = card.place?.ranks;
  const when: number | null = card.time;
  console.log(card.title, card.body, lines, url, card.span[0], cells, when);
}
const why: WhyFinding = whyFinding('missing key \'R_lite\'', '/execution');
const rule: string = why.why;
console.log(rule, why.fix, why.kind, why.rfc.number);
const small = readSmall('hostlist', 'node[1-4,7]');
const constraintJson: string | undefined = readSmall('constraint', 'gpu -host:foo3').reading?.canonical;
console.log(constraintJson);
if (small.reading) {
  const canonical: string = small.reading.canonical;
  const total: number | null = small.reading.count;
  console.log(canonical, total, small.reading.steps);
} else {
  const column: number = small.problem.column;
  console.log(column, small.problem.marked);
}

console.log(byHosts, joined, appended, less, both, kept, verified, verdict.message, evaluated);
console.log(fromXml, fromXmlAlone, hwlocGraph, cores, printed, counts, text, short, made, local, list, many, hosts, ids, n, each,
  tree, shallow, consistent, differences, paths, dotText, graphmlText, back, status, bytes);

// Wrong types, each refused by tsc (and by the function, with an Error, at run time).
// @ts-expect-error text is a string
validate(42);
// @ts-expect-error systemConfig may answer null
const notNull: SystemConfigView = systemConfig('[resource]\n');
// @ts-expect-error a query is a string
constraintParse(['gpu']);
// @ts-expect-error no such constraintMatch option
constraintMatch('gpu', r, { json: true });
// @ts-expect-error summary answers an object, not a string
const notText: string = summary(r);
// @ts-expect-error no such decode option
decode(r, { shrt: true });
// @ts-expect-error short is a boolean
decode(r, { short: 'yes' });
// @ts-expect-error property is a list
encode({ property: 'big' });
// @ts-expect-error no such operation
hostlist('shuffle', ['a']);
// @ts-expect-error lists are an array
hostlist('union', 'a,b');
// @ts-expect-error count answers a number
const notCount: string = hostlist('count', ['a']);
// @ts-expect-error expand of ids answers numbers
const notIds: string[] = idset('expand', ['1']);
// @ts-expect-error depth is a number
graph(r, { depth: '1' });
// @ts-expect-error graphCheck takes one text
graphCheck(r, r);
// @ts-expect-error query is a string
graphFind(r, { type: 'core' });
// @ts-expect-error no such export format
graphExport(r, 'svg');
// @ts-expect-error subsystems is a list of names
graphExport(r, 'dot', { subsystems: 'containment' });
// @ts-expect-error no such policy
fit('node', r, { policy: 'random' });
// @ts-expect-error documents are {name, text}, not texts
fit('node', r, { documents: [r] });
// @ts-expect-error keepData is a boolean
intersect(r, r, { keepData: 'yes' });
// @ts-expect-error no such intersect option
intersect(r, r, { keep: true });
// @ts-expect-error properties is a list
fromHwloc(lstopo, { properties: 'big' });
// @ts-expect-error no such fromHwloc option
fromHwloc(lstopo, { cores: '0-3' });
// @ts-expect-error graphFromHwloc answers JGF text
const notGraph: object = graphFromHwloc(lstopo);
// @ts-expect-error the offset is a number
explain(r, '30');
// @ts-expect-error no such format
readSmall('yaml', 'a');
// @ts-expect-error decoded is a list
const notLines: string = explain(r, 0)!.decoded;
const payload = '{"R": null, "online": "", "offline": "", "exclude": "", "drain": {}}';
const statusText: ResourcePrinted = resource('status', payload, { format: 'long', states: 'drain', noHeader: true });
const exit: number = statusText.code;
resource('list', payload, { queues: ['batch'], config: '[queues.batch]', configToml: true, skipEmpty: true });
const replayed: ResourcePrinted = resource('replay', '{"timestamp": 1, "name": "restart", "context": {}}', { at: '-3d', R: r, exclude: '0' });
// @ts-expect-error the time is text
resource('replay', payload, { at: 1700000000 });
const journal: ResourcePrinted = resource('eventlog', payload, { format: 'json', timeFormat: 'iso', include: '0', wait: 'drain', matchContext: ['overwrite=1'] });
const figures: string = resource('history', payload, { by: 'week', since: '-7d', groupReasons: true, json: true }).stdout;
// @ts-expect-error matchContext is a list of KEY=VAL
resource('eventlog', payload, { matchContext: 'a=1' });
const inQueues: NodeQueues = nodeQueues(r, '[queues.batch]');
const firstQueue: string = inQueues.queues[0].nodes + inQueues.findings.join('\n');
// @ts-expect-error the configuration is text
nodeQueues(r, { queues: {} });
// @ts-expect-error no such command
resource('undrain', payload);
// @ts-expect-error queues is a list
resource('list', payload, { queues: 'batch' });
console.log(notText, notCount, notIds, notGraph, notLines, exit, firstQueue, replayed, journal, figures);

await initJobs();
const jobsOptions: JobsOptions = { format: 'long', noHeader: true, sort: '-t_submit', width: 80, json: false, color: true, formatDefault: '{id}', now: 1700000000, ascii: true, users: { '1000': 'alice' } };
const listed: JobsPrinted = jobs('{"id": 1}\n', jobsOptions);
const mapped: string = jobMap('{"id": 1}\n', r, { now: 1700000000, ascii: false }).stdout;
// @ts-expect-error width is a number
jobs('', { width: '80' });
// @ts-expect-error jobMap needs the instance's R
jobMap('');
console.log(listed.code, mapped);
