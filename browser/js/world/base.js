// Ariadne's in-page helper. It runs in an isolated world that Ariadne creates
// in each frame, so page scripts cannot see or change it, and it is installed
// once per document: a new document gets a new world and a new token, which
// is how Ariadne knows that old refs died.
//
// snapshot() reads the page as Playwright's ariaSnapshot() does (its role,
// name, visibility and text rules; where Chromium's own tree differs,
// Playwright's reading wins), adds what Ariadne needs (handles, boxes,
// values, focus), and returns it as one JSON string.
//
// The expression evaluates to the document token. It is our own code; it
// loads nothing from the page or the network.
  if (globalThis.__ariadne) return globalThis.__ariadne.doc;

  const doc = Date.now().toString(36) + "-" + Math.random().toString(36).slice(2, 10);

  // ---- handles ------------------------------------------------------------
  // A small integer per element, stable for the life of the document.

  const handles = new WeakMap();
  const elements = new Map();
  let nextHandle = 1;
  function handleOf(el) {
    let h = handles.get(el);
    if (h === undefined) {
      h = nextHandle++;
      handles.set(el, h);
      elements.set(h, new WeakRef(el));
    }
    return h;
  }
  function elementOf(h) {
    const ref = elements.get(h);
    const el = ref && ref.deref();
    if (!el) {
      elements.delete(h);
      return null;
    }
    return el;
  }
  // ---- secrets ------------------------------------------------------------
  // A field is a secret when it is a password field now, or when Ariadne
  // typed into it a value from a secret or while it was a password field
  // (markSecret): it stays one whatever its type becomes later (a "show
  // password" toggle, a field that turns into a password on focus), so its
  // value never reads out, in a snapshot, a name, an action's answer or an
  // assertion. The mark lives as long as the element.

  const secretFields = new WeakSet();
  function isPasswordInput(el) {
    return !!el && el.tagName === "INPUT" && String(el.type).toLowerCase() === "password";
  }
  function isSecret(el) {
    return !!el && (secretFields.has(el) || isPasswordInput(el));
  }
  function markSecret(el) {
    if (el) secretFields.add(el);
  }


  // ---- caches ---------------------------------------------------------------
  // Live only during one snapshot: the page may change between snapshots.
  // Every helper also works without them (actions call getRole at any time).

  // One record per element: {st: computed style, d: display, role, cv:
  // rendered (see rendered), ah: aria-hidden on it or an ancestor, vis:
  // checkVisibility() and visibility:visible, hid: hidden by display:none,
  // aria-hidden or not being slotted (itself or an ancestor), name, dis:
  // aria-disabled through ancestors}.
  let cInfo = null;
  let cContent = null; // scope (document or shadow root) -> content rules
  let cLabels = null;  // scope -> Map(control -> [label])

  function beginCaches() {
    cInfo = new Map();
    cContent = new Map();
    cLabels = new Map();
  }
  function endCaches() {
    cInfo = cContent = cLabels = null;
  }

  // withCaches runs fn with caches c (from newCaches) in place of the
  // current ones, for a caller outside a walk that reads many elements of
  // one state of the page (the locator pass, browser/js/locators.js): it
  // keeps c for as long as it trusts the page not to have changed.
  function newCaches() {
    return { info: new Map(), content: new Map(), labels: new Map() };
  }
  function withCaches(c, fn) {
    const saved = [cInfo, cContent, cLabels];
    cInfo = c.info;
    cContent = c.content;
    cLabels = c.labels;
    try {
      return fn();
    } finally {
      [cInfo, cContent, cLabels] = saved;
    }
  }

  function newInfo() {
    return { st: undefined, d: undefined, role: undefined, cv: undefined, ah: undefined, vis: undefined, hid: undefined, name: undefined, dis: undefined };
  }

  function info(el) {
    if (!cInfo) return newInfo();
    let r = cInfo.get(el);
    if (r === undefined) {
      r = newInfo();
      cInfo.set(el, r);
    }
    return r;
  }

  function styleOf(el, rec) {
    if (!rec) rec = info(el);
    let s = rec.st;
    if (s === undefined) {
      const view = el.ownerDocument && el.ownerDocument.defaultView;
      s = rec.st = view ? view.getComputedStyle(el) : null;
    }
    return s;
  }

  // displayOf is the computed display, "" without a style.
  function displayOf(el, rec) {
    if (!rec) rec = info(el);
    let d = rec.d;
    if (d === undefined) {
      const st = styleOf(el, rec);
      d = rec.d = st ? st.display : "";
    }
    return d;
  }

  // ---- DOM helpers --------------------------------------------------------------

  // tagOf is the upper-case tag name (SVG elements have lower-case ones).
  // A form's named controls shadow its properties (<input name="tagName">),
  // so the tag name is read through Element's own getter when the plain
  // read does not give a string.
  const tagNameGetter = Object.getOwnPropertyDescriptor(Element.prototype, "tagName").get;
  function rawTag(el) {
    const t = el.tagName;
    return typeof t === "string" ? t : tagNameGetter.call(el);
  }

  function tagOf(el) {
    const t = rawTag(el);
    const c = t.charCodeAt(0);
    return c >= 97 && c <= 122 ? t.toUpperCase() : t;
  }

  // parentOrHost is the parent element, or the host of a shadow root.
  function parentOrHost(el) {
    if (el.parentElement) return el.parentElement;
    const p = el.parentNode;
    if (p && p.nodeType === 11 && p.host) return p.host;
    return null;
  }

  // closestCrossShadow is Element.closest that continues through shadow hosts.
  function closestCrossShadow(el, css) {
    while (el) {
      const c = el.closest(css);
      if (c) return c;
      while (el.parentElement) el = el.parentElement;
      el = parentOrHost(el);
    }
    return null;
  }

  function idRefs(el, attr) {
    const ref = el.getAttribute(attr);
    if (!ref) return [];
    const root = el.getRootNode();
    if (!root || (root.nodeType !== 9 && root.nodeType !== 11)) return [];
    const out = [];
    for (const id of ref.split(" ")) {
      if (!id) continue;
      const e = root.getElementById(id);
      if (e && !out.includes(e)) out.push(e);
    }
    return out;
  }

  function deepActiveElement() {
    let a = document.activeElement;
    while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
    return a;
  }

  function normalizeWS(s) {
    return s.replace(/[\u200b\u00ad]/g, "").trim().replace(/\s+/g, " ");
  }

