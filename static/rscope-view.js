// <rscope-view>: one Flux resource set drawn read-only in any page.
//
//   <script type="module" src="pkg-embed/rscope-view.js"></script>
//   <rscope-view src="r.json" view="summary grid"></rscope-view>
//
// This file sits beside the wasm-pack output it loads (scripts/build.sh
// copies it, with style.css, into pkg-embed/ and pkg/), and finds both by
// its own URL, so the folder can be copied anywhere. Every element on a
// page shares one wasm instance and one stylesheet; each starts when it
// first comes near the viewport, and draws inside its own shadow root so
// neither the host's styles nor Rscope's cross the boundary.
//
// Attributes (read by the wasm core, the same reading as the iframe mode's
// query parameters, src/embed.rs): src, or the document inline as the
// element's text or in a child <script type="application/json">; view
// (summary grid tree problems shape timeline); height; theme (light, dark, auto);
// color-by; fold; shape; page (the Rscope page "Open in Rscope" goes to,
// by default the index.html one folder above this file); jobs (a link to
// a job list, `flux jobs --json` output: the grid is coloured by the job
// holding each core and GPU, or with color-by=user or job-queue by its
// user or queue, read by the job list part, rscope_jobs.js and its wasm
// beside this file, loaded only by an element that has jobs=); at (with
// view=timeline: the moment of a resource eventlog's timeline, drawn by
// the timeline part, rscope_timeline.js and its wasm beside this file, on
// the element's small bundle, which has no room for one; the page's bundle
// draws its own, with a slider; the views then draw the system's R at that
// moment, so "Open in Rscope" opens that R). Changing an attribute draws
// the element again.

const here = import.meta.url;

// One wasm instance, and one parsed stylesheet, for every element.
let bundle = null;
let sheet = null;

/**
 * The wasm bundle beside this file, started once. The wasm is fetched and
 * compiled while its JS loads, not after; where streaming compilation
 * fails (a server that sends the wasm with another type), the bundle's
 * own loader fetches it again and says why.
 */
function boot() {
  bundle ??= (() => {
    const wasm = new URL('./rscope_bg.wasm', here);
    const compiled = WebAssembly.compileStreaming(fetch(wasm)).catch(() => null);
    return import(new URL('./rscope.js', here).href).then(async (m) => {
      const module = await compiled;
      await m.default({ module_or_path: module ?? wasm });
      return m;
    });
  })();
  return bundle;
}

const parts = new Map();

/**
 * The part `name` beside this file (`rscope_NAME.js` and its wasm),
 * started once for every element (elements that start together share it).
 */
function part(name) {
  if (!parts.has(name)) {
    parts.set(name, import(new URL(`./rscope_${name}.js`, here).href).then(async (m) => {
      await m.default({ module_or_path: new URL(`./rscope_${name}_bg.wasm`, here) });
      return m;
    }));
  }
  return parts.get(name);
}

/**
 * The grid's colouring by the jobs of the element's `jobs=` list, read by
 * the job list part beside this file (imported and started once, by the
 * first element that has jobs=): `[bytes]`, or `[undefined, why]` when the
 * list could not be read; `[]` without one.
 */
async function jobColoring(element) {
  const src = element.getAttribute('jobs');
  if (!src?.trim()) return [];
  try {
    const [m, response] = await Promise.all([part('jobs'), fetch(src)]);
    if (!response.ok) throw new Error(`the server answered ${response.status}`);
    return [m.jobColoring(await response.text(), element.getAttribute('color-by') ?? 'job')];
  } catch (e) {
    return [undefined, `The job list ${src} could not be read: ${e.message ?? e}. The grid is drawn without it.`];
  }
}

/**
 * The page's stylesheet beside this file, made to style a shadow root:
 * what the page sets on the document root goes on the host, each theme
 * on the view's box, and nothing the host page sets is inherited.
 */
function styles() {
  sheet ??= fetch(new URL('./style.css', here)).then(async (response) => {
    if (!response.ok) throw new Error(`style.css answered ${response.status}`);
    const css = (await response.text())
      .replaceAll(':root[data-theme=', '.rscope-view[data-theme=')
      .replaceAll(':root', ':host');
    const s = new CSSStyleSheet();
    s.replaceSync(`:host { all: initial; display: block; }
:host([hidden]) { display: none; }
${css}
.rscope-view { display: block; background: var(--bg); color: var(--fg); padding: 0.5rem 0.75rem; }`);
    return s;
  });
  return sheet;
}

/**
 * The element's `src` fetched now, while the bundle loads, as
 * `[src, promise]`; the core reads the answer as it would its own fetch.
 */
function prefetch(element) {
  const src = element.getAttribute('src');
  if (!src?.trim() || inlineDocument(element) !== undefined) return undefined;
  const answer = fetch(src);
  // The core reads the failure and says it; this only keeps the browser
  // from reporting it as unhandled when the core fetches anew.
  answer.catch(() => {});
  return [src, answer];
}

/**
 * The default page of "Open in Rscope", index.html one folder above this
 * file, once found there (`beside`, asked once), else '' (a copy of the
 * four files alone: no link then, rather than one to nowhere). Another
 * origin's answer is opaque (status 0) in no-cors mode: there, only a
 * failed fetch says it is missing.
 */
let beside = null;

/** The document written inside the element, if any. */
function inlineDocument(element) {
  const script = element.querySelector(':scope > script[type="application/json"]');
  const text = script ? script.textContent : element.textContent;
  return text && text.trim() ? text : undefined;
}

// Elements start when they first come within a screen of the viewport.
const watcher = new IntersectionObserver(
  (entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) {
        watcher.unobserve(entry.target);
        entry.target.start();
      }
    }
  },
  { rootMargin: '100px' },
);

/** Whether `element` is within the observer's margin of the viewport. */
function nearView(element) {
  const r = element.getBoundingClientRect();
  // Not laid out (no size): the observer decides.
  return (r.width > 0 || r.height > 0) && r.bottom >= -100 && r.top <= innerHeight + 100
    && r.right >= -100 && r.left <= innerWidth + 100;
}

const OBSERVED = ['src', 'view', 'height', 'theme', 'color-by', 'fold', 'shape', 'page', 'jobs', 'at'];

class RscopeView extends HTMLElement {
  static observedAttributes = OBSERVED;

  #box = null;
  #handle = null;
  #started = false;
  // Which call of start() draws: an older one (an attribute changed
  // meanwhile) stops when its awaits end.
  #run = 0;

  connectedCallback() {
    if (!this.shadowRoot) this.attachShadow({ mode: 'open' });
    this.#say('Rscope starts when this part of the page is shown.', 'loading');
    // In view already: start now rather than at the observer's first call,
    // a frame later.
    if (nearView(this)) this.start();
    else watcher.observe(this);
  }

  disconnectedCallback() {
    watcher.unobserve(this);
    this.#stop();
  }

  attributeChangedCallback() {
    if (this.#started) this.start();
  }

  /** Draw the views (again): called when the element comes into view. */
  async start() {
    this.#started = true;
    const run = ++this.#run;
    try {
      const fetched = prefetch(this);
      const page = new URL('../index.html', here);
      if (!this.hasAttribute('page')) beside ??= fetch(page, { method: 'HEAD', mode: 'no-cors' }).then((r) => (r.status < 400 ? page.href : ''), () => '');
      // With view=timeline the timeline part reads the document too: a
      // copy of the answer, taken before the core reads it ('' when there
      // is none: the core says why).
      const timeline = /\btimeline\b/.test(this.getAttribute('view'));
      const text = fetched && timeline ? fetched[1].then((r) => (r.ok ? r.clone().text() : '')).catch(() => '') : inlineDocument(this);
      const [m, s, found, [jobs, jobsWhy]] = await Promise.all([boot(), styles(), beside ?? '', jobColoring(this)]);
      const t = timeline && !m.mountApp ? await text : '';
      // view=timeline on the small bundle (the page's draws its own).
      const still = t && await part('timeline').catch((e) => e);
      if (run !== this.#run || !this.isConnected) return;
      this.shadowRoot.adoptedStyleSheets = [s];
      this.#stop();
      this.#box = document.createElement('div');
      this.shadowRoot.replaceChildren(this.#box);
      // The timeline part draws the chart above the box, and gives the
      // grid's colouring by each node's state at its moment (unless jobs=
      // colours it) and the system's R then, which the views draw.
      const [states, r] = still?.stillTimeline?.(this.#box, t, this.getAttribute('at') ?? undefined, this.getAttribute('theme') ?? undefined) ?? [];
      if (still instanceof Error) this.#box.before(this.#line(`The timeline part could not be loaded: ${still.message}`, 'error'));
      const attributes = [...this.attributes].filter((a) => !r || a.name !== 'src').map((a) => [a.name, a.value]);
      this.#handle = m.mountView(this.#box, attributes, r || inlineDocument(this), found, this.#name(), r ? undefined : fetched, jobs ?? states);
      if (jobsWhy) this.#box.before(this.#line(jobsWhy, 'error'));
    } catch (e) {
      this.#say(
        `Rscope could not start: ${e && e.message ? e.message : e}. Check that rscope.js, rscope_bg.wasm (served as application/wasm) and style.css sit beside rscope-view.js.`,
        'error',
      );
    }
  }

  /** Its name on the page, which names its regions apart from another element's. */
  #name() {
    const all = [...document.querySelectorAll('rscope-view')];
    return this.getAttribute('aria-label') || `Flux resource set ${all.indexOf(this) + 1}`;
  }

  #stop() {
    const destroy = this.#handle;
    this.#handle = null;
    destroy?.();
  }

  /** A line of text in place of the views, as text, never as HTML. */
  #say(text, kind) {
    this.shadowRoot.replaceChildren(this.#line(text, kind));
  }

  /** A line of text, as text, never as HTML. */
  #line(text, kind) {
    const p = document.createElement('p');
    p.className = kind;
    p.setAttribute('role', kind === 'error' ? 'alert' : 'status');
    if (kind === 'error') p.dataset.testid = 'embed-error';
    p.textContent = text;
    return p;
  }
}

if (!customElements.get('rscope-view')) customElements.define('rscope-view', RscopeView);
