// The page object every spec drives Rscope through. It names once what a
// user does (load, fill, paste, open, drop, pick an example, hover or drag
// over grid cells, zoom) and what a user reads (summary counts, problems,
// the tooltip, the legend), so a change of markup is mended here and not in
// every spec. Actions wait on the page's state (attributes, roles, text),
// never on a clock, and grid geometry comes from the grid's own
// data-label-width and data-cell attributes, never from pixel constants.
import { expect } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';

/** The label of the editor's textarea. */
const EDITOR = 'R document (JSON)';

/** A document given as an object is written as compact JSON, as typed. */
const asText = (doc) => (typeof doc === 'string' ? doc : JSON.stringify(doc));

/** Four nodes of eight cores, node[0-3], for the shape panel's specs. */
/** The legend of static/examples/node-states.json coloured by state. */
export const NODE_STATES_LEGEND = [
  'avail: 9 nodes',
  'avail* (offline): 1 node',
  'torpid: 1 node',
  'drained: 3 nodes',
  'drained* (offline): 1 node',
  'exclude: 1 node',
];

/** Four nodes with properties: gpu on node[0-1], ssd on node1 and node3. */
export const FOUR_NODES_PROPERTIES = '{"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-7"}}], "nodelist": ["node[0-3]"], "properties": {"gpu": "0-1", "ssd": "1,3"}, "starttime": 0, "expiration": 0}}';

export const FOUR_NODES = '{"version": 1, "execution": {"R_lite": [{"rank": "0-3", "children": {"core": "0-7"}}], "nodelist": ["node[0-3]"], "starttime": 0, "expiration": 0}}';

/** 276 bytes that declare 1 048 576 nodes of one core: about a second of
 * analysis, for the specs of a slow analysis (progress, Cancel, supersede). */
export const MILLION_NODES = '{"version":1,"execution":{"R_lite":[{"rank":"0-1048575","children":{"core":"0"}}]}}';

/** A quartz-like machine of `nodes` nodes: 36 cores each, and 4 GPUs on
 * the last `gpus` nodes (what the grid's axis, labels and exports show). */
export function quartz(nodes, gpus) {
  return {
    version: 1,
    execution: {
      R_lite: [
        { rank: `0-${nodes - gpus - 1}`, children: { core: '0-35' } },
        { rank: `${nodes - gpus}-${nodes - 1}`, children: { core: '0-35', gpu: '0-3' } },
      ],
      nodelist: [`quartz[1-${nodes}]`],
    },
  };
}

/** Read one of the project's hwloc topologies (tests/fixtures/hwloc/NAME). */
export function topology(name) {
  return readFileSync(new URL(`../../tests/fixtures/hwloc/${name}`, import.meta.url), 'utf8');
}

/** Read one of the page's built-in examples (static/examples/NAME). */
export function example(name) {
  return readFileSync(new URL(`../../static/examples/${name}`, import.meta.url), 'utf8');
}

/** Read a test fixture of the Rust tests (tests/fixtures/PATH). */
export function fixture(path) {
  return readFileSync(new URL(`../../tests/fixtures/${path}`, import.meta.url), 'utf8');
}

/**
 * Run the native CLI with `args` and `input` on standard input:
 * `{ status, stdout, stderr }`. It is target/debug/rscope, which the native
 * tier's `cargo test` builds before the e2e tier runs (scripts/test.sh
 * builds no release binary); run `cargo build --bin rscope` (or `cargo
 * test`) before running these specs alone.
 */
export function cli(args, input = '') {
  const bin = new URL('../../target/debug/rscope', import.meta.url).pathname;
  const r = spawnSync(bin, args, { input, encoding: 'utf8' });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The violations axe reports on the page, one line each: rule, then the elements. */
export async function violations(page) {
  const { violations: found } = await new AxeBuilder({ page }).analyze();
  return found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

export class Rscope {
  /** @param {import('@playwright/test').Page} page */
  constructor(page) {
    this.page = page;
    this.editor = page.getByLabel(EDITOR);
    this.viewer = page.getByTestId('viewer');
    this.backdrop = page.getByTestId('backdrop');
    this.examples = page.getByLabel('Choose an example');
    this.openExample = page.getByRole('button', { name: 'Open example' });
    this.status = page.getByTestId('status');
    this.hwlocRead = page.getByTestId('hwloc-read');
    this.hwlocR = page.getByTestId('hwloc-r');
    this.hwlocHosts = page.getByLabel('Hosts of this topology (RFC 29 host list)');
    this.hwlocRanks = page.getByLabel('Ranks of this topology (RFC 22 id set)');
    this.share = page.getByTestId('share');
    this.hint = page.getByTestId('hint');
    this.alert = page.getByRole('alert');
    this.notKept = page.getByTestId('not-kept');
    this.closedTab = page.getByTestId('closed-tab');
    this.diagnostics = page.getByTestId('diagnostics');
    this.states = page.getByTestId('states');
    this.grid = page.getByTestId('grid');
    this.gridShape = page.getByTestId('grid-shape');
    this.gridAxis = page.getByTestId('grid-axis');
    this.pngNote = page.getByTestId('png-note');
    this.svgRefused = page.getByTestId('svg-refused');
    this.tooltip = page.getByTestId('tooltip');
    this.legend = page.getByTestId('legend');
    this.legendItems = this.legend.locator('li');
    this.drains = page.getByTestId('drains');
    this.drainRows = this.drains.getByTestId('drain-row');
    this.jobTable = page.getByTestId('job-table');
    this.jobRows = this.jobTable.getByTestId('job-row');
    this.jobFilter = this.jobTable.getByTestId('job-filter');
    /** The state filter (flux resource status -s) and what it says it outlines. */
    this.stateFilter = page.getByTestId('state-filter');
    this.stateFilterWords = page.getByTestId('state-filter-words');
    /** The state filter's "Hide the other nodes". */
    this.stateFilterOnly = page.getByTestId('state-filter-only');
    this.resourceText = page.getByTestId('resource-text');
    this.resourceOutput = page.getByTestId('resource-output');
    this.resourceNote = page.getByTestId('resource-note');
    this.landing = page.getByTestId('landing');
    this.queueConfig = page.getByTestId('queue-config');
    this.configText = this.queueConfig.getByLabel('Flux configuration');
    this.joinSystem = page.getByTestId('join-system');
    this.systemDocuments = page.getByTestId('system-documents');
    this.queueLines = this.queueConfig.getByTestId('queue-lines').locator('li');
    this.queueFindings = this.queueConfig.getByTestId('queue-findings').locator('li');
    this.queueConfigError = this.queueConfig.getByTestId('queue-config-error');
    this.rankOrderFindings = this.queueConfig.getByTestId('rank-order-findings').locator('li');
    this.rankOrderError = this.queueConfig.getByTestId('rank-order-error');
    this.configView = this.queueConfig.getByTestId('config-view');
    this.configRWords = this.queueConfig.getByTestId('config-r-words');
    this.configReport = this.queueConfig.getByTestId('config-report');
    this.configPath = this.queueConfig.getByTestId('config-path');
    this.configViewError = this.queueConfig.getByTestId('config-view-error');
    this.colorBy = page.getByTestId('color-by');
    this.viewsNav = page.getByTestId('views-nav');
    this.memberProblem = page.getByTestId('member-problem');
    this.fold = page.getByTestId('fold');
    this.selectionShort = page.getByTestId('selection-short');
    this.selectionJson = page.getByTestId('selection-json');
    this.tree = page.getByTestId('tree');
    this.treeRows = this.tree.getByTestId('tree-row');
    this.squiggleTip = page.getByTestId('squiggle-tip');
    this.progress = page.getByTestId('progress');
    this.more = page.getByTestId('more');
    this.setops = page.getByTestId('setops');
    this.setopsRefusal = page.getByTestId('setops-refusal');
    this.setopsWarning = page.getByTestId('setops-warning');
    this.setopsMessage = page.getByTestId('setops-message');
    this.setopsSpan = page.getByTestId('setops-span');
    this.explainCard = page.getByTestId('explain');
    this.explainTitle = page.getByTestId('explain-title');
    this.explainDecoded = page.getByTestId('explain-decoded').locator('li');
    /** What the explain card says the tab's system knows of the nodes explained, a line each. */
    this.explainSystem = page.getByTestId('explain-system').locator('li');
    this.explainRfc = page.getByTestId('explain-rfc');
    this.playground = page.getByTestId('playground');
    this.playFormat = page.getByTestId('play-format');
    this.playText = page.getByTestId('play-text');
    this.playOther = page.getByTestId('play-other');
    this.playOp = page.getByTestId('play-op');
    this.tour = page.getByTestId('tour');
    this.tourStart = page.getByTestId('tour-start');
    this.tourStep = page.getByTestId('tour-step');
    this.systemTour = page.getByTestId('system-tour');
    this.systemTourStart = page.getByTestId('system-tour-start');
    this.systemTourStep = page.getByTestId('system-tour-step');
    this.systemTourDecoded = page.getByTestId('system-tour-decoded').locator('li');
    this.buildProblems = page.getByTestId('build-problem');
    this.buildUnreadable = page.getByTestId('build-unreadable');
  }

  /** The build-an-R form's field `name`: hosts, cores, gpus, properties, starttime, expiration. */
  buildField(name) {
    return this.page.getByTestId(`build-${name}`);
  }

  /** The playground's answer named `part`: canonical, count, members, steps (its items), error, marked, result. */
  play(part) {
    const found = this.page.getByTestId(`play-${part}`);
    return part === 'steps' ? found.locator('li') : found;
  }

  // ---- loading and documents ------------------------------------------

  /** Open the page at `path` (with its query or fragment) and wait until it has started. */
  async load(path = '/') {
    await this.page.goto(path);
    await expect(this.page.locator('#loading')).toHaveCount(0);
  }

  /**
   * Open the iframe mode (`?embed`) with the query parameters `params` (an
   * object) and a fragment (`#r=…`), and wait until it has started.
   */
  async embed(params = {}, hash = '') {
    const query = new URLSearchParams(params).toString();
    await this.load(`/?embed${query ? `&${query}` : ''}${hash}`);
    await expect(this.page.getByTestId('embed')).toBeVisible();
  }

  /** Answer the page's requests for `path` (on its own server) with
   * `text`, as a document a host page links to. */
  async serve(path, text) {
    await this.page.route(`**/${path}`, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: text }));
  }

  /** Type a whole document into the editor (an object is written as JSON). */
  async fill(doc) {
    await this.editor.fill(asText(doc));
  }

  /** Paste a document into the editor through the clipboard, as Ctrl+V does. */
  async paste(doc) {
    await this.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await this.page.evaluate((text) => navigator.clipboard.writeText(text), asText(doc));
    await this.editor.focus();
    await this.page.keyboard.press('ControlOrMeta+V');
  }

  /** Select the editor's whole text and paste `doc` over it, as Ctrl+A then Ctrl+V do. */
  async pasteOver(doc) {
    await this.editor.focus();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.paste(doc);
  }

  /**
   * Open `r` as tab A (named `r.json`), then `payload` into its system
   * (named `status.json`) with the toolbar's "Open into tab A's system".
   */
  async openSystem(r, payload) {
    await this.openFile('r.json', r);
    await expect(this.grid).toBeVisible();
    await this.joinSystem.check();
    await this.openFile('status.json', payload);
    await expect(this.systemDocuments).toBeVisible();
  }

  /** Choose a file with the "Open file" button. */
  async openFile(name, text) {
    const input = this.page.getByTestId('open-file');
    if (text.length <= 32 << 20) {
      await input.setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
      return;
    }
    // Playwright passes at most 50 MB as a buffer: a larger file is
    // written to a folder of its own and chosen by its path. The browser
    // reads it when the page asks, so it goes when the page does.
    const dir = mkdtempSync(join(tmpdir(), 'rscope-open-'));
    this.page.once('close', () => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, name), text);
    await input.setInputFiles(join(dir, name));
  }

  /** Drop a file on the element `target` (a selector), as a file manager does. */
  async drop(name, text, target = 'body') {
    // index.html removes #loading before it mounts the app, whose drop
    // listener comes with its first render: a drop before that is lost.
    await expect(this.page.getByTestId('tab-A')).toBeAttached();
    const transfer = await this.page.evaluateHandle(([name, text]) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], name, { type: 'application/json' }));
      return dt;
    }, [name, text]);
    await this.page.locator(target).dispatchEvent('drop', { dataTransfer: transfer });
  }

  /** Pick a built-in example by its menu label and open it. */
  async pickExample(label) {
    await this.examples.selectOption({ label });
    await this.openExample.click();
  }

  /** Wait until the page's storage (IndexedDB) holds `text`, i.e. a save has run. */
  async saved(text) {
    // The list of tabs names each text by its key; the texts are kept under
    // their keys, as a head ({chunks, bytes}) and chunks of UTF-8 bytes
    // under `key#0`, `key#1`, … (or, as visits before chunks kept them, one
    // string). Stored means: the list holds `text` (a tab's name or
    // provenance, escaped as JSON), or names a key whose text holds it.
    const escaped = JSON.stringify(text).slice(1, -1);
    await expect.poll(() => this.page.evaluate(([text, escaped]) => new Promise((resolve) => {
      const open = indexedDB.open('rscope');
      // Never create the database here: the page creates it with its store.
      open.onupgradeneeded = () => open.transaction.abort();
      open.onerror = () => resolve(false);
      open.onsuccess = () => {
        const db = open.result;
        const store = db.transaction('documents').objectStore('documents');
        const list = store.get('tabs.v2');
        list.onsuccess = () => {
          const keys = typeof list.result === 'string' ? JSON.parse(list.result).docs.map((d) => d.text) : [];
          let left = keys.length;
          let found = keys.length > 0 && list.result.includes(escaped);
          if (!left) { db.close(); resolve(false); }
          const done = (kept) => {
            found = found || kept.includes(text);
            if (--left === 0) { db.close(); resolve(found); }
          };
          for (const key of keys) {
            const get = store.get(key);
            get.onsuccess = () => {
              const head = get.result;
              if (typeof head === 'string' || !head?.chunks) { done(typeof head === 'string' ? head : ''); return; }
              const bytes = new Uint8Array(head.bytes);
              let got = 0;
              let at = 0;
              const next = () => {
                const chunk = store.get(`${key}#${got}`);
                chunk.onsuccess = () => {
                  bytes.set(chunk.result, at);
                  at += chunk.result.length;
                  if (++got < head.chunks) next(); else done(new TextDecoder().decode(bytes));
                };
              };
              next();
            };
          }
        };
        list.onerror = () => { db.close(); resolve(false); };
      };
    }), [text, escaped])).toBe(true);
  }

  /** The text the editor has selected. */
  selectedText() {
    return this.editor.evaluate((el) => el.value.slice(el.selectionStart, el.selectionEnd));
  }

  /** Scroll the editor's text to `top` CSS pixels, as a scroll bar drag does (lines out of view are not drawn). */
  async scrollEditor(top) {
    await this.editor.evaluate((el, top) => { el.scrollTop = top; }, top);
  }

  /** Put the editor's caret at `offset` (UTF-16 units) without typing. */
  async caretAt(offset) {
    await this.editor.evaluate((el, at) => { el.focus(); el.setSelectionRange(at, at); }, offset);
  }

  // ---- tabs -------------------------------------------------------------

  /** Open each `[name, text]` as a file, in order: tabs A, B, … on a fresh page. */
  async openTabs(docs) {
    for (const [i, [name, text]] of docs.entries()) {
      await this.openFile(name, text);
      await expect(this.tab(String.fromCharCode(65 + i))).toContainText(name);
    }
  }

  /** The text of the tab shown. */
  shownText() {
    return this.editor.inputValue();
  }

  /**
   * Type `hosts` and `ranks` beside the topology shown, then open the R
   * they make as a new tab, tab `letter`, and wait for it to be shown.
   */
  async openTopologyAsR(letter, { hosts = '', ranks = '' } = {}) {
    await this.hwlocHosts.fill(hosts);
    await this.hwlocRanks.fill(ranks);
    await this.page.getByTestId('hwloc-open').press('Enter');
    await expect(this.tab(letter)).toHaveAttribute('aria-selected', 'true');
  }

  // ---- the set workbench --------------------------------------------------

  /**
   * Run workbench operation `op` (its menu value: 'union', 'diff', …) over
   * the tabs `letters`, with `fields` ({ 'setops-include': '0-3', … }) typed
   * first (a boolean checks or unchecks a checkbox: 'setops-keep-data');
   * wait until it has answered.
   */
  async combine(op, letters = [], fields = {}) {
    await this.page.getByTestId('setops-op').selectOption(op);
    for (const letter of letters) await this.page.getByTestId(`setops-tab-${letter}`).check();
    for (const [id, value] of Object.entries(fields)) {
      const field = this.page.getByTestId(id);
      await (typeof value === 'boolean' ? field.setChecked(value) : field.fill(value));
    }
    const before = Number(await this.setops.getAttribute('data-answers'));
    await this.page.getByTestId('setops-run').click();
    await expect(this.setops).toHaveAttribute('data-answers', String(before + 1));
  }

  /** Evaluate a set expression in the workbench. */
  combineByExpression(expression) {
    return this.combine('expression', [], { 'setops-expression': expression });
  }

  /** The tab with letter `letter` (A, B, …). */
  tab(letter) {
    return this.page.getByTestId(`tab-${letter}`);
  }

  /** Show tab `letter`. */
  async selectTab(letter) {
    await this.tab(letter).click();
    await expect(this.tab(letter)).toHaveAttribute('aria-selected', 'true');
  }

  /** Close tab `letter` with its × button. */
  async closeTab(letter) {
    await this.page.getByRole('button', { name: `Close ${letter}` }).click();
  }

  /** Undo the tab closed last, from the notice under the tabs. */
  async undoClose() {
    await this.page.getByTestId('undo-close').click();
  }

  /** Undo the active tab's last fix or typing. */
  async undo() {
    await this.page.getByTestId('undo').click();
  }

  /** Redo what the last undo undid. */
  async redo() {
    await this.page.getByTestId('redo').click();
  }

  // ---- what the page reads back ------------------------------------------

  /** The Copy button of the long text with test id `testid` ('short-form', 'selection-short'). */
  copyButton(testid) {
    return this.page.getByTestId(`copy-${testid}`);
  }

  /** What a copy button (a locator) announces: its live region, beside it. */
  copyNote(button) {
    return button.locator('xpath=following-sibling::*[@data-testid="copy-note"][1]');
  }

  /** Why the Graph section has no tree, when a set is too large for one. */
  get graphNotDrawn() {
    return this.page.getByTestId('graph-not-drawn');
  }

  /** Start recording, in order, every non-empty text the elements with
   * these test ids show (`nodes: 4`), to read back with recordedTexts. */
  async recordTexts(testids) {
    await this.page.evaluate((ids) => {
      window.RSCOPE_SEEN = [];
      const last = {};
      const look = () => {
        for (const id of ids) {
          const text = document.querySelector(`[data-testid="${id}"]`)?.textContent || '';
          if (text && text !== last[id]) window.RSCOPE_SEEN.push(`${id}: ${text}`);
          last[id] = text;
        }
      };
      new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
    }, testids);
  }

  /** What recordTexts has seen so far. */
  recordedTexts() {
    return this.page.evaluate(() => window.RSCOPE_SEEN);
  }

  /**
   * From the next load on, hold every message the page's workers send
   * until releaseWorkerAnswers: a spec can then act while an answer is
   * surely still on its way, however fast this machine analyses. The
   * page's handler is wrapped where it is set (`worker.onmessage`).
   * `{ firstStages: true }` lets through what an analysis sends first
   * (the first stage of an answer, and the worker's warm-up) and holds
   * only the rest.
   */
  async holdWorkerAnswers({ firstStages = false } = {}) {
    await this.page.addInitScript((firstStages) => {
      const held = [];
      // `ended`: how many workers the page has ended (terminate), whose
      // held answers are dropped, as a browser drops an ended worker's.
      window.RSCOPE_HOLD = { on: true, held, ended: 0 };
      // A worker's `{ready}` is no answer: it always passes.
      const passes = (e) => e.data?.ready || (firstStages && (e.data?.early || e.data?.warm));
      const set = Object.getOwnPropertyDescriptor(Worker.prototype, 'onmessage').set;
      Object.defineProperty(Worker.prototype, 'onmessage', {
        set(handler) {
          const worker = this;
          set.call(this, handler && ((e) => (window.RSCOPE_HOLD.on && !passes(e)
            ? held.push(() => worker.rscopeEnded || handler(e))
            : handler(e))));
        },
      });
      const terminate = Worker.prototype.terminate;
      Worker.prototype.terminate = function () {
        this.rscopeEnded = true;
        window.RSCOPE_HOLD.ended += 1;
        return terminate.call(this);
      };
    }, firstStages);
  }

  /** Deliver the held answers, in order, and stop holding. */
  async releaseWorkerAnswers() {
    await this.page.evaluate(() => {
      window.RSCOPE_HOLD.on = false;
      for (const deliver of window.RSCOPE_HOLD.held.splice(0)) deliver();
    });
  }

  /** How many workers the page has ended since holdWorkerAnswers. */
  endedWorkers() {
    return this.page.evaluate(() => window.RSCOPE_HOLD.ended);
  }

  /** A summary figure: 'version', 'nodes', 'cores', 'gpus', … */
  summary(name) {
    return this.page.getByTestId(name);
  }

  /** The problems list's findings, or those whose text contains `text`. */
  findings(text) {
    const all = this.page.getByTestId('finding');
    return text === undefined ? all : all.filter({ hasText: text });
  }

  /** The "Why?" fold of the finding that contains `text`. */
  whyOf(text) {
    return this.findings(text).getByTestId('finding-why');
  }

  /** Click the finding that contains `text`, which selects its place in the editor. */
  async locateFinding(text) {
    await this.findings(text).getByRole('button').first().click();
  }

  /** Apply the first suggested fix. */
  async applyFix() {
    await this.page.getByTestId('apply-fix').first().click();
  }

  /** The editor's underlined spans of severity `severity`. */
  squiggles(severity = 'error') {
    return this.backdrop.locator(`.sq-${severity}`);
  }

  /** The editor's lines or spans linked to the cell under the pointer. */
  linked() {
    return this.backdrop.locator('.linked');
  }

  /**
   * Move the pointer onto the first place the editor shows `text`. The
   * textarea lies over its backdrop, so the point is measured on the
   * backdrop's copy of the text and the textarea receives the pointer.
   */
  async hoverText(text) {
    await this.backdrop.locator('.bl', { hasText: text }).first().scrollIntoViewIfNeeded();
    const point = await this.backdrop.evaluate((root, needle) => {
      for (const line of root.querySelectorAll('.bl')) {
        const at = line.textContent.indexOf(needle);
        if (at < 0) continue;
        // Map the match onto the text nodes the line is split into.
        const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
        const range = document.createRange();
        let seen = 0;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const len = node.data.length;
          if (seen <= at && at < seen + len) range.setStart(node, at - seen);
          if (seen < at + needle.length && at + needle.length <= seen + len) {
            range.setEnd(node, at + needle.length - seen);
            break;
          }
          seen += len;
        }
        const box = range.getBoundingClientRect();
        return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
      }
      return null;
    }, text);
    if (!point) throw new Error(`the editor does not show ${JSON.stringify(text)}`);
    await this.page.mouse.move(point.x, point.y);
  }

  // ---- the grid ---------------------------------------------------------

  /** The grid's geometry now: label column and cell pitch, in CSS px. */
  async geometry() {
    await expect(this.grid).toHaveAttribute('data-cell', /.+/);
    return this.grid.evaluate((el) => ({
      left: Number(el.dataset.labelWidth),
      cell: Number(el.dataset.cell),
    }));
  }

  /**
   * The viewport point at the centre of the cell in display row `row`,
   * column `col` (gaps between child types count as columns). Scrolls the
   * grid, then the page, until the cell is in view, as a user would.
   */
  async cellPoint(row, col) {
    await this.geometry();
    await this.grid.scrollIntoViewIfNeeded();
    return this.grid.evaluate((el, [row, col]) => {
      const left = Number(el.dataset.labelWidth);
      const cell = Number(el.dataset.cell);
      // The page finds a cell from the scroller's corner, its scroll offsets
      // and the label column; this is the inverse of that.
      const x = left + col * cell;
      const y = row * cell;
      const reveal = (start, scroll, view) => {
        if (start < scroll) return start;
        if (start + cell > scroll + view) return start + cell - view;
        return scroll;
      };
      el.scrollLeft = reveal(x, el.scrollLeft, el.clientWidth);
      el.scrollTop = reveal(y, el.scrollTop, el.clientHeight);
      const point = () => {
        const box = el.getBoundingClientRect();
        return { x: box.left + x - el.scrollLeft + cell / 2, y: box.top + y - el.scrollTop + cell / 2 };
      };
      let p = point();
      if (p.y < 0 || p.y >= window.innerHeight) {
        window.scrollBy(0, p.y - window.innerHeight / 2);
        p = point();
      }
      return p;
    }, [row, col]);
  }

  /** Move the pointer onto a cell. */
  async hoverCell(row, col, options) {
    const { x, y } = await this.cellPoint(row, col);
    await this.page.mouse.move(x, y, options);
  }

  /** Move the pointer off the grid, onto the page's heading. */
  async leaveGrid() {
    await this.page.getByRole('heading', { name: 'Rscope' }).hover();
  }

  /** Click a cell. */
  async clickCell(row, col) {
    const { x, y } = await this.cellPoint(row, col);
    await this.page.mouse.click(x, y);
  }

  /** Press the button on a cell and hold it: a drag begins. */
  async pressCell(row, col) {
    await this.hoverCell(row, col);
    await this.page.mouse.down();
  }

  /** Drag on to a cell in a few steps and let go. */
  async releaseOnCell(row, col) {
    await this.hoverCell(row, col, { steps: 4 });
    await this.page.mouse.up();
  }

  /** Select the cells from `[row, col]` to `[row, col]` by dragging. */
  async dragCells([r0, c0], [r1, c1]) {
    await this.pressCell(r0, c0);
    await this.releaseOnCell(r1, c1);
  }

  /**
   * Zoom the grid in or out `steps` times, each waiting for the step to
   * show: every step changes the cell size or the nodes per strip, which
   * the grid's shape line names.
   */
  async zoom(direction, steps = 1) {
    const button = this.page.getByRole('button', { name: direction === 'in' ? 'Zoom in' : 'Zoom out' });
    const level = async () => `${(await this.geometry()).cell} ${await this.gridShape.textContent()}`;
    for (let i = 0; i < steps; i++) {
      const before = await level();
      await button.click();
      await expect.poll(level).not.toBe(before);
    }
  }

  /** Zoom in `steps` times. */
  zoomIn(steps = 1) {
    return this.zoom('in', steps);
  }

  /** Zoom out `steps` times. */
  zoomOut(steps = 1) {
    return this.zoom('out', steps);
  }

  /** Give the grid the keyboard focus. */
  async focusGrid() {
    await this.grid.focus();
  }

  /** Sort the drain table by the column headed `name` (again: reversed). */
  async sortDrains(name) {
    await this.drains.getByRole('button', { name, exact: true }).click();
  }

  /** Outline on the grid the drained nodes the table lists as `nodelist`. */
  async outlineDrained(nodelist) {
    await this.drains.getByRole('button', { name: nodelist, exact: true }).click();
  }

  /** Open the text flux resource prints for the payload. */
  async showResourceText() {
    await this.resourceText.locator('summary').click();
  }

  /** Print `command` (status, drain, list, info) in the open flux resource text. */
  async pickResourceCommand(command) {
    await this.resourceText.getByTestId('resource-command').selectOption(command);
  }

  /** Open the first screen's example for a kind of document by its button. */
  async openLandingExample(button) {
    await this.landing.getByRole('button', { name: button }).click();
  }

  /** Type `format` into the open flux resource text's format field. */
  async formatResourceText(format) {
    await this.resourceText.getByLabel('Format (-o)').fill(format);
  }

  /** Type a Flux configuration (TOML or JSON) into the queue box. */
  async typeConfig(text) {
    await this.queueConfig.getByLabel('Flux configuration').fill(text);
  }

  /** Open a configuration file with the queue box's button. */
  async openConfigFile(name, text) {
    const input = this.queueConfig.getByTestId('queue-config-file');
    await input.setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
  }

  /** Take the tour from configuration to running jobs as a keyboard user
   * does: Tab to its button, then Enter. */
  async takeSystemTour() {
    await this.tabTo(this.systemTourStart);
    await this.page.keyboard.press('Enter');
  }

  /** Take the tour from configuration to running jobs and step to step
   * `n` (from 1) with the arrow key, as a keyboard user does. */
  async systemTourTo(n) {
    await this.takeSystemTour();
    await expect(this.systemTourStep).toBeFocused();
    for (let i = 1; i < n; i++) await this.page.keyboard.press('ArrowRight');
    await expect(this.systemTourStep).toContainText(`Step ${n} of `);
  }

  /** Answer the system tour's fetch of a year of thing2's resource
   * eventlog (from flux-core's repository, as a site would) with `body`;
   * with an HTTP `status` of 404 when `body` is null. */
  async answerTourYear(body) {
    const url = 'https://raw.githubusercontent.com/flux-framework/flux-core/**/t/resource/resource.eventlog.thing2';
    const headers = { 'Access-Control-Allow-Origin': '*' };
    await this.page.route(url, (route) => route.fulfill(body === null
      ? { status: 404, headers, body: 'Not Found' }
      : { status: 200, headers, contentType: 'text/plain', body }));
  }

  /** Open a conf.d folder (a directory on disk) with the box's folder
   * button. */
  async openConfigFolder(dir) {
    await this.queueConfig.getByTestId('queue-config-folder').setInputFiles(dir);
  }

  /** Open the R the configuration makes as a tab, or (`reranked`) that R
   * re-ranked by [bootstrap] hosts. */
  async openConfigR({ reranked = false } = {}) {
    await this.queueConfig.getByTestId(reranked ? 'open-config-reranked' : 'open-config-r').click();
  }

  /** Open the R file `[resource] path` names with the box's button. */
  async openConfigPathFile(name, text) {
    const input = this.queueConfig.getByTestId('config-path-file');
    await input.setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
  }

  /** Choose how cells are coloured, by option value or `{ label }`. */
  async colorCellsBy(choice) {
    await this.colorBy.selectOption(choice);
  }

  /** The colour menu's chosen option, as the user reads it. */
  colorChoice() {
    return this.colorBy.evaluate((s) => s.selectedOptions[0]?.textContent ?? '');
  }

  /** Follow the sticky navigation's link to the view `name` ("Shape", "Graph"…). */
  async goToView(name) {
    await this.viewsNav.getByRole('link', { name, exact: true }).click();
  }

  /** The row labels the grid's canvas drew last, top to bottom. */
  async rowLabels() {
    const text = await this.grid.locator('canvas').getAttribute('data-row-labels');
    return text ? text.split('\n') : [];
  }

  /** The column axis as the page drew it last: `core: 0 2 4; gpu: 0`. */
  axisIds() {
    return this.gridAxis.getAttribute('data-axis');
  }

  /** Scroll the grid's rows to `top` CSS pixels, as a scroll bar drag does. */
  async scrollGrid(top) {
    await this.grid.evaluate((el, top) => { el.scrollTop = top; }, top);
  }

  /** Scroll the grid sideways to `left` CSS pixels, as a scroll bar drag does. */
  async scrollGridLeft(left) {
    await this.grid.evaluate((el, left) => { el.scrollLeft = left; }, left);
  }

  /** How far the grid is scrolled sideways and how far it can be, in CSS pixels. */
  gridScrollX() {
    return this.grid.evaluate((el) => ({ left: el.scrollLeft, max: el.scrollWidth - el.clientWidth }));
  }

  /**
   * The distinct colours the grid's canvas shows in its row-label column
   * beside display row `row` (in view), as '#rrggbb' strings, most common
   * first: the page's background, then the label's ink.
   */
  labelColors(row) {
    return this.grid.evaluate((el, row) => {
      const canvas = el.querySelector('canvas');
      const cell = Number(el.dataset.cell);
      const width = Number(el.dataset.labelWidth) - 4;
      const ratio = canvas.width / parseFloat(canvas.style.width);
      const y = Math.ceil((row * cell - el.scrollTop) * ratio);
      const [w, h] = [Math.floor(width * ratio), Math.floor(cell * ratio)];
      const probe = document.createElement('canvas');
      probe.width = w;
      probe.height = h;
      const ctx = probe.getContext('2d', { willReadFrequently: true });
      ctx.drawImage(canvas, 0, y, w, h, 0, 0, w, h);
      const data = ctx.getImageData(0, 0, w, h).data;
      const counts = new Map();
      for (let i = 0; i < data.length; i += 4) {
        const hex = `#${[data[i], data[i + 1], data[i + 2]].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
        counts.set(hex, (counts.get(hex) ?? 0) + 1);
      }
      return [...counts].sort((a, b) => b[1] - a[1]).map(([c]) => c);
    }, row);
  }

  /**
   * The height the page's style gives the grid's sideways scroll bar (the
   * browser under test hides scroll bars, so it is read from the style).
   */
  gridScrollbarHeight() {
    return this.grid.evaluate((el) => getComputedStyle(el, '::-webkit-scrollbar').height);
  }

  /** Turn the mouse wheel by `dy` pixels wherever the pointer is. */
  async wheel(dy) {
    await this.page.mouse.wheel(0, dy);
  }

  /**
   * The [display row, column] under the viewport point `{x, y}` now, from
   * the grid's geometry and scroll offsets (the inverse of cellPoint).
   */
  cellUnder({ x, y }) {
    return this.grid.evaluate((el, [x, y]) => {
      const box = el.getBoundingClientRect();
      const left = Number(el.dataset.labelWidth);
      const cell = Number(el.dataset.cell);
      return [
        Math.floor((y - box.top + el.scrollTop) / cell),
        Math.floor((x - box.left + el.scrollLeft - left) / cell),
      ];
    }, [x, y]);
  }

  /**
   * The colour the grid's canvas shows at the middle of the cell in display
   * row `row`, column `col` (in view), as [red, green, blue, alpha].
   */
  cellColor(row, col) {
    return this.grid.evaluate((el, [row, col]) => {
      const canvas = el.querySelector('canvas');
      const left = Number(el.dataset.labelWidth);
      const cell = Number(el.dataset.cell);
      const ratio = canvas.width / parseFloat(canvas.style.width);
      const x = (left + col * cell + cell / 2 - el.scrollLeft) * ratio;
      const y = (row * cell + cell / 2 - el.scrollTop) * ratio;
      // Read a copy: reading the page's canvas again and again makes the
      // browser warn that it was not made for reading.
      const probe = document.createElement('canvas');
      probe.width = 1;
      probe.height = 1;
      const ctx = probe.getContext('2d', { willReadFrequently: true });
      ctx.drawImage(canvas, Math.floor(x), Math.floor(y), 1, 1, 0, 0, 1, 1);
      return [...ctx.getImageData(0, 0, 1, 1).data];
    }, [row, col]);
  }

  /**
   * The distinct colours the grid's canvas shows inside the cell in
   * display row `row`, column `col` (in view), as '#rrggbb' strings, most
   * common first: one for a plain cell, two for a striped or dotted one.
   */
  cellColors(row, col) {
    return this.grid.evaluate((el, [row, col]) => {
      const canvas = el.querySelector('canvas');
      const left = Number(el.dataset.labelWidth);
      const cell = Number(el.dataset.cell);
      const ratio = canvas.width / parseFloat(canvas.style.width);
      const x = Math.ceil((left + col * cell - el.scrollLeft) * ratio);
      const y = Math.ceil((row * cell - el.scrollTop) * ratio);
      const size = Math.floor((cell - 2) * ratio);
      const probe = document.createElement('canvas');
      probe.width = size;
      probe.height = size;
      const ctx = probe.getContext('2d', { willReadFrequently: true });
      ctx.drawImage(canvas, x, y, size, size, 0, 0, size, size);
      const data = ctx.getImageData(0, 0, size, size).data;
      const counts = new Map();
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3] === 0) continue; // the gap between cells
        const hex = `#${[data[i], data[i + 1], data[i + 2]].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
        counts.set(hex, (counts.get(hex) ?? 0) + 1);
      }
      return [...counts].sort((a, b) => b[1] - a[1]).map(([c]) => c);
    }, [row, col]);
  }

  /** Click an export button ('png' or 'svg') and return the download. */
  async exportGrid(kind) {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByTestId(`export-${kind}`).click(),
    ]);
    return download;
  }

  // ---- a resource eventlog's timeline --------------------------------------

  /** The timeline panel's parts, by test id. */
  get timeline() { return this.page.getByTestId('timeline'); }
  get timelineSlider() { return this.page.getByTestId('timeline-slider'); }
  get timelineMoment() { return this.page.getByTestId('timeline-moment'); }
  get timelineLegend() { return this.page.getByTestId('timeline-legend').locator('li'); }

  /** Press `key` on the timeline's slider (an event with the arrows, a day
   * with Page Up and Page Down). */
  async stepTimeline(key) {
    await this.timelineSlider.press(key);
  }

  /** Click one of the timeline's buttons ('first', 'day-back', 'previous',
   * 'next', 'day-on', 'last'). */
  async clickTimeline(button) {
    await this.page.getByTestId(`timeline-${button}`).click();
  }

  /** One of the timeline's tables of figures, by its caption's start. */
  figuresTable(caption) {
    return this.page.getByTestId('figures').filter({ has: this.page.locator('summary', { hasText: caption }) });
  }

  /** Open a table of figures. */
  async openFigures(caption) {
    await this.figuresTable(caption).locator('summary').click();
  }

  /** Press a column's heading in a table of figures. */
  async sortFigures(caption, heading) {
    await this.figuresTable(caption).getByRole('button', { name: heading, exact: true }).click();
  }

  /** The cells' texts of table rows `rows` (a locator), row by row. */
  cellTexts(rows) {
    return rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
  }

  /** The event list's parts. */
  get events() { return this.page.getByTestId('events'); }
  get eventRows() { return this.page.getByTestId('event-row'); }
  get eventsCount() { return this.page.getByTestId('events-count'); }
  get eventsProblem() { return this.page.getByTestId('events-problem'); }

  /** Open the event list. */
  async openEvents() {
    await this.events.locator('summary').click();
  }

  /** Type into one of the event list's filters ('node', 'reason', 'since',
   * 'until'), its list open. */
  async filterEvents(which, text) {
    if (!(await this.events.evaluate((d) => d.open))) await this.openEvents();
    await this.page.getByTestId(`events-${which}`).fill(text);
  }

  /** Export the timeline as SVG and return the download. */
  async exportTimeline() {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByTestId('timeline-export-svg').click(),
    ]);
    return download;
  }

  // ---- the resource picture ---------------------------------------------

  /** The picture's parts, by test id. */
  get picture() { return this.page.getByTestId('picture'); }
  get pictureCanvas() { return this.page.getByTestId('picture-canvas'); }
  get pictureTooltip() { return this.page.getByTestId('picture-tooltip'); }
  get pictureAbout() { return this.page.getByTestId('picture-about'); }
  get pictureCrumbs() { return this.page.getByTestId('picture-crumbs').getByRole('button'); }
  get pictureFound() { return this.page.getByTestId('picture-found'); }

  /** Focus the picture and press `keys` one after another. */
  async pressPicture(...keys) {
    await this.picture.focus();
    for (const key of keys) await this.page.keyboard.press(key);
  }

  /** A point inside the focused box's own header (not in a child box), in page pixels. */
  async focusedBoxPoint() {
    const [x, y] = (await this.picture.getAttribute('data-focus-rect')).split(' ').map(Number);
    const at = await this.pictureCanvas.boundingBox();
    return { x: at.x + x + 3, y: at.y + y + 3 };
  }

  /** Move the keyboard focus with `keys`, then click (or double-click) the box it lands on. */
  async clickBox(keys, { double = false } = {}) {
    await this.pressPicture(...keys);
    const { x, y } = await this.focusedBoxPoint();
    if (double) await this.page.mouse.dblclick(x, y);
    else await this.page.mouse.click(x, y);
  }

  /** Find `query` in the picture. */
  async findInPicture(query) {
    await this.page.getByTestId('picture-find').fill(query);
    await this.page.getByTestId('picture-find').press('Enter');
  }

  /** The tree's rows that the picture's find marked (matches, and closed rows over them). */
  get treeFound() { return this.tree.locator('[data-testid="tree-row"][data-found]'); }

  /** The picture's legend entries, in order. */
  get pictureLegend() { return this.page.getByTestId('picture-panel').getByRole('list', { name: 'Colours' }).locator('li'); }

  /** Colour the picture's boxes by `choice`: 'type', 'state' or 'property:NAME'. */
  async colourPicture(choice) {
    await this.page.getByTestId('picture-colour').selectOption(choice);
  }

  /**
   * The picture's scroll position and view size, and the focused box's
   * rectangle, in picture pixels: { left, top, width, height, box: {x, y, w, h} }.
   */
  async pictureView() {
    return this.picture.evaluate((el) => {
      const [x, y, w, h] = el.dataset.focusRect.split(' ').map(Number);
      return { left: el.scrollLeft, top: el.scrollTop, width: el.clientWidth, height: el.clientHeight, box: { x, y, w, h } };
    });
  }

  /**
   * The colour [r, g, b, a] the picture's canvas shows just inside the
   * focused box's bottom left corner: its own fill, below its children
   * and inside its border.
   */
  async focusedBoxColour() {
    return this.picture.evaluate((el) => {
      const [x, y, , h] = el.dataset.focusRect.split(' ').map(Number);
      const canvas = el.querySelector('canvas');
      const ratio = canvas.width / parseFloat(canvas.style.width);
      const cx = (x + 3.5 - parseFloat(canvas.style.left)) * ratio;
      const cy = (y + h - 2.5 - parseFloat(canvas.style.top)) * ratio;
      // Read a copy, as cellColour does.
      const probe = document.createElement('canvas');
      probe.width = 1;
      probe.height = 1;
      const ctx = probe.getContext('2d', { willReadFrequently: true });
      ctx.drawImage(canvas, Math.floor(cx), Math.floor(cy), 1, 1, 0, 0, 1, 1);
      return [...ctx.getImageData(0, 0, 1, 1).data];
    });
  }

  /** Click a picture export button ('png' or 'svg') and return the download. */
  async exportPicture(kind) {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByTestId(`picture-export-${kind}`).click(),
    ]);
    return download;
  }

  // ---- the shape panel ----------------------------------------------------

  /** The shape panel's parts, by test id. */
  get shapePanel() { return this.page.getByTestId('shape-panel'); }
  get shapeInput() { return this.page.getByTestId('shape-input'); }
  get shapeExamples() { return this.page.getByTestId('shape-examples'); }
  get shapeOutput() { return this.page.getByTestId('shape-output'); }
  get shapeSquiggle() { return this.page.getByTestId('shape-squiggle'); }
  get shapeMessage() { return this.page.getByTestId('shape-message'); }
  get reverseOutput() { return this.page.getByTestId('reverse-output'); }
  get fitAnswer() { return this.page.getByTestId('fit-answer'); }
  get fitReason() { return this.page.getByTestId('fit-reason'); }
  get fitShort() { return this.page.getByTestId('fit-short'); }
  /** The running jobs a fit beside a job list would displace. */
  get fitDisplaced() { return this.page.getByTestId('fit-displaced'); }
  get constraintWords() { return this.page.getByTestId('constraint-words'); }
  get constraintJson() { return this.page.getByTestId('constraint-json'); }
  get constraintWhy() { return this.page.getByTestId('constraint-why'); }
  /** The line saying librlist would read the constraint otherwise. */
  get constraintNote() { return this.page.getByTestId('constraint-note'); }
  get constraintError() { return this.page.getByTestId('constraint-error'); }

  /** Type `text` into the constraint field over the grid (replacing what
   * is there): the grid outlines the nodes it selects. */
  async typeConstraint(text) {
    await this.page.getByLabel('Outline nodes matching a constraint').fill(text);
  }

  /** Type `text` as the fit's constraint (the shape panel's "Only nodes
   * matching"). */
  async typeFitConstraint(text) {
    await this.page.getByLabel('Only nodes matching').fill(text);
  }

  // ---- constraints taught: the playground and the explain card --------

  /** Choose the playground's constraint format and type `text` (a
   * --requires query, or an RFC 31 object) as its text. */
  async playConstraint(text) {
    await this.playFormat.selectOption('constraint');
    await this.playText.fill(text);
  }

  /** Type the constraint document `text` into the editor and move the
   * caret onto the first `needle` in it, one key press in (as a keyboard
   * user reaches it): the explain card says what is there. */
  async caretOnConstraint(text, needle) {
    await this.caretOn(text, needle);
  }

  /** Put `text` in the editor and the caret just inside the first `needle` (by a key press, as a user moves it). */
  async caretOn(text, needle) {
    await this.fill(text);
    await this.caretAt(text.indexOf(needle));
    await this.editor.press('ArrowRight');
  }

  /** Type `text` as the shape (replacing what is there). */
  async typeShape(text) {
    await this.shapeInput.fill(text);
  }

  /** Paste a jobspec or resources list into the reverse box. */
  async reverseShape(text) {
    await this.page.getByLabel('Jobspec or resources (JSON or YAML)').fill(text);
  }

  /** Fit the shape into the active tab under `policy` and wait for the
   * answer (unless `answered` is false). */
  async fitShape(policy = 'worst', { answered = true } = {}) {
    await this.page.getByTestId('shape-policy').selectOption(policy);
    await this.page.getByTestId('shape-fit-button').click();
    if (answered) await expect(this.fitReason).toBeVisible();
  }

  /** Press Tab until `target` has the focus (at most `limit` presses):
   * how a keyboard user reaches a control. */
  async tabTo(target, limit = 200) {
    for (let i = 0; i < limit; i++) {
      if (await target.evaluate((el) => el === document.activeElement)) return;
      await this.page.keyboard.press('Tab');
    }
    throw new Error(`Tab never reached ${target}`);
  }

  // ---- the job queue ------------------------------------------------------

  /** The queue's parts, by test id. */
  get queueJobs() { return this.page.getByTestId('queue-job'); }
  get queueNote() { return this.page.getByTestId('queue-note'); }
  get queueStep() { return this.page.getByTestId('queue-step'); }
  get queueCores() { return this.page.getByTestId('queue-cores'); }
  get queueLargest() { return this.page.getByTestId('queue-largest'); }

  /** Job `n` (1-based) of the queue. */
  queueJob(n) { return this.queueJobs.nth(n - 1); }

  /** The free cores per node as rows of [free cores, nodes]. */
  async queueCoreRows() {
    return this.queueCores.locator('tbody tr').evaluateAll((rows) =>
      rows.map((r) => [...r.cells].map((c) => Number(c.textContent))));
  }

  /** Type each shape and add it to the queue, waiting until it is listed. */
  async queueAdd(...shapes) {
    for (const shape of shapes) {
      const before = await this.queueJobs.count();
      await this.typeShape(shape);
      await this.page.getByTestId('queue-add').click();
      await expect(this.queueJobs).toHaveCount(before + 1);
    }
  }

  /** Press "Allocate next" and wait until job `n` (1-based) is no longer waiting. */
  async queueAllocate(n) {
    await this.page.getByTestId('queue-next').click();
    await expect(this.queueJob(n)).not.toHaveAttribute('data-state', 'waiting');
  }

  /** Press one of the queue's buttons: 'next', 'back', 'forward' or 'export'. */
  async queuePress(which) {
    await this.page.getByTestId(`queue-${which}`).click();
  }

  /** Press Free on job `n` (1-based). */
  async queueFree(n) {
    await this.queueJob(n).getByRole('button', { name: `Free job ${n}` }).click();
  }

  // ---- where a result tab came from (the set workbench) -------------------

  /** The shown result tab's provenance ("Where tab C came from"). */
  get provenance() { return this.page.getByTestId('provenance'); }

  /** Its input tabs, one line each: letter, name then, and where it is now. */
  get provenanceInputs() { return this.provenance.getByTestId('provenance-input'); }

  /** Open the provenance from the keyboard: focus its summary, press Enter. */
  async showProvenance() {
    const summary = this.provenance.locator('summary');
    await summary.focus();
    await summary.press('Enter');
    await expect(this.provenance).toHaveAttribute('open', '');
  }

  // ---- grid overlays (compare view, jobs, fit) ---------------------------

  /** The compare view's written diff under the colour menu. */
  get compareSummary() { return this.page.getByTestId('compare-summary'); }
  /** The table of what changed between two status snapshots, and its rows. */
  get statusChanges() { return this.page.getByTestId('status-changes'); }
  get changeRows() { return this.page.getByTestId('change-row'); }

  /** Compare the active tab with tab `letter` named `name` on one grid, and
   * wait until the regions are drawn (the diff summary shows with them). */
  async compareWith(letter, name) {
    await this.colorCellsBy({ label: `compare with tab ${letter} (${name})` });
    await expect(this.compareSummary).toBeVisible();
  }

  /** Each legend entry's marks beside its colour ('striped', 'dotted', both, or ''). */
  legendMarks() {
    return this.legendItems.evaluateAll((items) => items.map((li) => li.dataset.mark ?? ''));
  }

  /** The colour each legend entry names (its data-color), in order. */
  legendColors() {
    return this.legendItems.evaluateAll((items) => items.map((li) => li.dataset.color));
  }
}

/** A download's bytes. */
export async function downloadBytes(download) {
  return Buffer.concat(await (await download.createReadStream()).toArray());
}

/** A PNG's width and height, read from its header (the IHDR chunk). */
export function pngSize(bytes) {
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

// ---- the <rscope-view> element ---------------------------------------------

/** Where the element and its small bundle are served. */
export const ELEMENT_MODULE = '/pkg-embed/rscope-view.js';

/**
 * A host page of the site's origin, `/element-host.html`, whose body is
 * `body` (HTML) after `head` (HTML), with the element's module loaded: the
 * page an author writes around `<rscope-view>` elements. `module` is the
 * element's small bundle unless given (`/pkg/rscope-view.js`: the page's).
 */
export async function elementHost(page, body, head = '', { once = false, module = ELEMENT_MODULE } = {}) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>A page that embeds Rscope</title><link rel="icon" href="data:,">${head}
<script type="module" src="${module}"></script></head>
<body><main><h1>A page that embeds Rscope</h1>${body}</main></body></html>`;
  // `once` (for benchmarks): a route left in place has the browser hold
  // every later request of the page for the test process to pass on,
  // slowing what it loads. (The page names no favicon: the server has
  // none, and the browser's request for one would log an error.)
  await page.route('**/element-host.html', (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }), once ? { times: 1 } : {});
  await page.goto('/element-host.html');
}

/** The attributes `attrs` (an object) written as HTML, values escaped. */
export function attributes(attrs = {}) {
  const esc = (v) => String(v).replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
  return Object.entries(attrs).map(([k, v]) => ` ${k}="${esc(v)}"`).join('');
}

/** An element's HTML with `attrs` and `inside` (text or markup). */
export function viewTag(attrs = {}, inside = '') {
  return `<rscope-view${attributes(attrs)}>${inside}</rscope-view>`;
}

/**
 * The n-th `<rscope-view>` of the page (0-based). Playwright's locators
 * reach into its open shadow root, so `view.getByTestId('grid')` finds
 * what it draws.
 */
export function rscopeView(page, n = 0) {
  return page.locator('rscope-view').nth(n);
}

/** Wait until the element `view` has drawn its document (its "Open in Rscope" link is there). */
export async function viewDrawn(view) {
  await expect(view.getByTestId('open-in-rscope')).toBeVisible();
}

/** Whether `target` has the keyboard focus, within its shadow root too. */
export function hasFocus(target) {
  return target.evaluate((el) => el.getRootNode().activeElement === el);
}

/** Press Tab until `target` (in the page or an element's shadow root) has the focus. */
export async function tabInto(page, target, limit = 100) {
  for (let i = 0; i < limit; i++) {
    if (await hasFocus(target)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Two overlapping documents for the compare view: A holds node[0-3],
 * B node[2-5], eight cores each. */
export const COMPARE_A = FOUR_NODES;
export const COMPARE_B = '{"version": 1, "execution": {"R_lite": [{"rank": "2-5", "children": {"core": "0-7"}}], "nodelist": ["node[2-5]"], "starttime": 0, "expiration": 0}}';
