// Part of locators.js: facts: what the Go ladder needs about each target.
// Joined with the other files of this directory, in the order
// browser/scripts.go lists them, into one function body (one scope).

// ---- the element a user means ------------------------------------------

// meant retargets an element inside a button or link to that control, and
// a label to the control it labels, as Playwright's actions do.
function meant(el) {
  if (el.matches("input, textarea, select") || el.isContentEditable) return [el, ""];
  const control = el.closest("button, [role=button], a[href], [role=link]");
  if (control && control !== el) return [control, control.getAttribute("role") || (tagOf(control) === "A" ? "link" : "button")];
  if (!el.matches("a, input, textarea, button, select, [role=link], [role=button], [role=checkbox], [role=radio]")) {
    const label = el.closest("label");
    if (label && label.control) return [label.control, "control"];
  }
  return [el, ""];
}

// ---- facts ---------------------------------------------------------------

const testAttrs = ["data-testid", "data-test-id", "data-test", "data-qa", "data-cy", "data-e2e"];
const keptAttrs = new Set(["id", "class", "name", "type", "href", "title", "alt", "placeholder", "role", "for"]);
const stateClasses = new Set(["active", "focus", "focused", "hover", "selected", "open", "opened", "closed",
  "disabled", "checked", "show", "shown", "hidden", "visible", "in", "collapsed", "expanded"]);
const containerRoles = new Set(["row", "listitem", "article", "form", "dialog", "alertdialog", "region",
  "banner", "main", "navigation", "complementary", "contentinfo", "search", "tabpanel", "group",
  "treeitem", "table", "list", "menu", "tablist", "toolbar", "grid", "figure"]);
const vagueRoles = new Set(["generic", "none", "presentation", "text", "paragraph", "group"]);

function attrsOf(el, testIdAttr, frame) {
  const out = {};
  for (const a of el.attributes) {
    const n = a.name;
    if (keptAttrs.has(n) || n.startsWith("aria-") || n === testIdAttr || testAttrs.includes(n) || (frame && n === "src")) {
      out[n] = a.value;
    }
  }
  return out;
}

function element(el, testIdAttr, frame) {
  return { tag: el.localName, attrs: attrsOf(el, testIdAttr, frame) };
}

function hasTestHook(el, testIdAttr) {
  if (el.hasAttribute(testIdAttr)) return true;
  return testAttrs.some((a) => el.hasAttribute(a));
}

function factsOf(P, el, frame) {
  const f = element(el, P.testIdAttr, frame);
  f.testIdAttr = P.testIdAttr;
  const role = P.role(el);
  if (role) {
    f.role = role;
    f.name = P.name(el);
  }
  const labels = P.labels(el);
  if (labels.length && labels[0]) f.label = labels[0];
  const text = P.textOf(el);
  if (text.length <= 200) f.text = text;
  const anchors = [];
  for (let p = parentOf(el); p && anchors.length < 4; p = parentOf(p)) {
    if (p.id || hasTestHook(p, P.testIdAttr)) anchors.push(element(p, P.testIdAttr, false));
  }
  if (anchors.length) f.ancestors = anchors;
  return f;
}

function cssQuote(v) {
  if (!/["\\\x00-\x1f\x7f]/.test(v)) return '"' + v + '"';
  let out = '"';
  for (const ch of v) {
    const c = ch.codePointAt(0);
    if (c === 0) out += "\ufffd";
    else if (ch === '"' || ch === "\\") out += "\\" + ch;
    else if (c < 0x20 || c === 0x7f) out += "\\" + c.toString(16) + " ";
    else out += ch;
  }
  return out + '"';
}

function codePoints(s) {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

// predict lists the one-part locators the Go ladder will propose for an
// element with facts f (see refs.Propose and refs.CSSCandidates): every
// text rung in both forms and a superset of its CSS selectors, some of
// them narrowed by a text filter (a part with a filter field). Counting
// them now saves a round trip; anything missed is counted later.
function predict(f, el, frame) {
  const dt = f.distinct || "";
  const parts = [];
  const shortText = !!f.text && codePoints(f.text) <= 80;
  const text = (kind, s, extra) => {
    const q = normalizeWS(s || "");
    if (!q) return;
    parts.push({ kind, text: q, ...extra });
    parts.push({ kind, text: q, exact: true, ...extra });
  };
  const a = f.attrs;
  const tidAttr = f.testIdAttr;
  if (!frame) {
    if (a[tidAttr]) parts.push({ kind: "testid", text: a[tidAttr], attr: tidAttr === "data-testid" ? "" : tidAttr });
    if (f.role && (!vagueRoles.has(f.role) || (f.role === "group" && f.name))) {
      if (f.name) text("role", f.name, { role: f.role });
      else parts.push({ kind: "role", role: f.role });
    }
    text("label", f.label);
    text("placeholder", a.placeholder);
    text("alt", a.alt);
    text("title", a.title);
    if (shortText) text("text", f.text);
    if (f.shortName) parts.push({ kind: "role", role: f.role, text: f.shortName });
    if (f.shortLabel) parts.push({ kind: "label", text: f.shortLabel });
    if (f.shortText) {
      parts.push({ kind: "text", text: f.shortText });
      parts.push({ kind: "css", css: CSS.escape(f.tag.toLowerCase()), filter: f.shortText });
    }
  }
  const tag = CSS.escape(f.tag.toLowerCase());
  const css = [];
  if (a.id) css.push("#" + CSS.escape(a.id));
  for (const t of testAttrs) if (t !== tidAttr && a[t]) css.push("[" + t + "=" + cssQuote(a[t]) + "]");
  const own = [];
  for (const n of ["name", "aria-label"]) if (a[n]) own.push(tag + "[" + n + "=" + cssQuote(a[n]) + "]");
  if (tag === "a" && a.href && a.href !== "#" && !a.href.toLowerCase().startsWith("javascript:")) own.push(tag + "[href=" + cssQuote(a.href) + "]");
  if (a.type) own.push(tag + "[type=" + cssQuote(a.type) + "]");
  const classes = [...new Set((a.class || "").split(/\s+/).filter(Boolean))]
    .filter((c) => !stateClasses.has(c.toLowerCase()) && !/^(is|has)-/i.test(c));
  for (const c of classes) own.push(tag + "." + CSS.escape(c));
  for (let i = 0; i < Math.min(classes.length, 4); i++) {
    for (let j = i + 1; j < Math.min(classes.length, 4); j++) own.push(tag + "." + CSS.escape(classes[i]) + "." + CSS.escape(classes[j]));
  }
  css.push(...own);
  const inners = own.slice(0, 1).concat(own.length ? [] : [tag]);
  for (const c of classes.slice(0, 3)) inners.push(tag + "." + CSS.escape(c));
  for (const anc of f.ancestors || []) {
    const anchors = [];
    if (anc.attrs.id) anchors.push("#" + CSS.escape(anc.attrs.id));
    for (const t of [tidAttr, ...testAttrs]) if (anc.attrs[t]) anchors.push("[" + t + "=" + cssQuote(anc.attrs[t]) + "]");
    for (const an of anchors) for (const inner of new Set(inners)) css.push(an + " " + inner);
  }
  if (frame) {
    for (const n of ["title", "src"]) if (a[n]) css.push(tag + "[" + n + "=" + cssQuote(a[n]) + "]");
  } else if (shortText) {
    parts.push({ kind: "css", css: tag, filter: f.text });
  }
  if (dt) {
    if (f.role && !vagueRoles.has(f.role)) {
      parts.push({ kind: "role", role: f.role, filter: dt });
      if (contentNamed.has(f.role) && f.name && f.name !== dt && f.name.toLowerCase().includes(dt.toLowerCase())) {
        parts.push({ kind: "role", role: f.role, text: dt });
      }
    }
    parts.push({ kind: "css", css: tag, filter: dt });
    for (const c of classes.slice(0, 3)) parts.push({ kind: "css", css: tag + "." + CSS.escape(c), filter: dt });
  }
  css.push(tag);
  for (const c of new Set(css)) parts.push({ kind: "css", css: c });
  return parts;
}

// counted runs each predicted locator (one part, then its text filter
// if it has one) and reports [kind, role, text, exact, attr, css,
// matches, index of el among them, filter text or ""].
function counted(P, parts, el) {
  const out = [];
  for (const p of parts) {
    const got = P.run(p.filter ? [p, { kind: "filter", text: p.filter }] : [p]);
    if (got === null) continue;
    out.push([p.kind, p.role || "", p.text || "", !!p.exact, p.attr || "", p.css || "", got.length, P.indexIn(got, el), p.filter || ""]);
  }
  return out;
}

// The durability flags of refs.Durability that concern text: digits,
// and long text (over 40 characters or 6 words and more).
const hasDigit = (s) => /\p{Nd}/u.test(s);
const isLong = (s) => codePoints(s) > 40 || s.split(/\s+/).filter(Boolean).length >= 6;

// sturdy tells a predicted row the Go ladder will take as it is (see
// refs.Improvable): unique, not CSS, and not fragile, which for text
// means long and holding digits at once.
function sturdy(k) {
  if (k[6] !== 1 || k[7] !== 0 || k[0] === "css") return false;
  const texts = [k[2], k[8]];
  return !(texts.some(hasDigit) && texts.some(isLong));
}

// distinctTexts lists a container's short texts that might tell it
// apart, best first: its headings', then the texts of its elements that
// hold text of their own, in document order. A row's are its cells',
// column headers aside: a header row is told by its whole name.
function distinctTexts(P, el) {
  const out = [];
  const add = (t) => {
    if (t && codePoints(t) <= 80 && !out.includes(t)) out.push(t);
  };
  for (const h of el.querySelectorAll("h1, h2, h3, h4, h5, h6, [role=heading]")) {
    add(P.textOf(h));
    if (out.length >= 2) break;
  }
  if (P.role(el) === "row") {
    for (const cell of el.children) if (P.role(cell) !== "columnheader") add(P.textOf(cell));
    return out;
  }
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(), seen = 0; n && out.length < 6 && seen < 40; n = walker.nextNode(), seen++) {
    const p = n.parentElement;
    if (!p || p.closest("script, style, noscript, template")) continue;
    add(p === el ? normalizeWS(n.nodeValue || "") : P.textOf(p));
  }
  return out;
}

// distinguishing is a container's most distinguishing short text (refs
// Facts.Distinct): the first of distinctTexts held by no other element
// of its kind (its role, its tag, or its tag and first class: what the
// filter will narrow, see refs.Propose), preferring texts free of digits
// and short; "" when none is.
function distinguishing(P, el) {
  let d = P.distinct.get(el);
  if (d !== undefined) return d;
  const texts = distinctTexts(P, el);
  const role = P.role(el) || "";
  const kinds = [];
  if (role && !vagueRoles.has(role)) kinds.push(P.list("like\u0001role\u0001" + role, () => new Set(P.byRole(role, "", false, false))));
  const tag = CSS.escape(el.localName);
  const bases = [tag];
  const cls = [...el.classList].find((c) => !stateClasses.has(c.toLowerCase()) && !/^(is|has)-/i.test(c));
  if (cls) bases.push(tag + "." + CSS.escape(cls));
  for (const b of bases) kinds.push(P.list("like\u0001css\u0001" + b, () => new Set(P.byCSS(b, document) || [])));
  const unique = (t) => {
    const holding = P.containing(t);
    return kinds.some((like) => {
      let n = 0;
      for (const x of holding) if (like.has(x) && ++n > 1) break;
      return n === 1;
    });
  };
  const clean = (t) => !hasDigit(t) && !isLong(t);
  d = texts.filter(clean).concat(texts.filter((t) => !clean(t))).find(unique) || "";
  if (d) d = shorten(d, unique) || d;
  P.distinct.set(el, d);
  return d;
}

function isContainer(P, el) {
  let yes = P.containers.get(el);
  if (yes === undefined) {
    const tag = tagOf(el);
    yes = tag !== "HTML" && tag !== "BODY" && (containerRoles.has(P.role(el) || "") || !!el.id ||
      hasTestHook(el, P.testIdAttr) || !!el.querySelector("h1, h2, h3, h4, h5, h6, [role=heading]"));
    P.containers.set(el, yes);
  }
  return yes;
}

// isContainerTarget tells a target that is a container in its own right
// (a row, card, list item, landmark, or an element without a telling
// role that holds a heading), which is located by its distinguishing
// text like a container is.
function isContainerTarget(P, el) {
  const role = P.role(el) || "";
  if (containerRoles.has(role)) return true;
  return (!role || vagueRoles.has(role)) && isContainer(P, el) && !!el.querySelector("h1, h2, h3, h4, h5, h6, [role=heading]");
}

function boxOf(el) {
  if (!el.getClientRects().length) return null;
  const r = el.getBoundingClientRect();
  return [r.x, r.y, r.width, r.height];
}

// contentOffset is where a frame element's document starts, in its own
// document's viewport.
function contentOffset(el) {
  const r = el.getBoundingClientRect();
  const cs = getComputedStyle(el);
  return [r.x + el.clientLeft + parseFloat(cs.paddingLeft || "0"), r.y + el.clientTop + parseFloat(cs.paddingTop || "0")];
}

// pageFor returns the page view for a call. The last call's view, and
// with it every index built so far, is reused for 2 s if nothing in the
// document changed (facts followed by count); then it is dropped.
let cached = null;
const keep = 2000; // ms a page view may be reused for
function forget(entry) {
  if (cached !== entry) return;
  entry.observer.disconnect();
  clearTimeout(entry.timer);
  cached = null;
}
function pageFor(attr) {
  if (cached && !cached.dirty && cached.attr === attr && performance.now() - cached.at < keep) {
    return cached.page;
  }
  if (cached) forget(cached);
  const page = new Page(attr);
  const entry = { page, attr, at: performance.now(), dirty: false };
  // Let go of the page's elements and indexes when nobody asks again.
  entry.timer = setTimeout(() => forget(entry), keep);
  entry.observer = new MutationObserver(() => { entry.dirty = true; });
  for (const root of page.roots) {
    entry.observer.observe(root === document ? document.documentElement || document : root,
      { subtree: true, childList: true, attributes: true, characterData: true });
  }
  cached = entry;
  return page;
}

// withPage runs fn with the page view for req.attr, world.js's caches
// being the view's while it runs.
function withPage(req, fn) {
  const P = pageFor(req.attr || "data-testid");
  return A.withCaches(P.caches, () => fn(P));
}

