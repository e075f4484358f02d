// Part of locators.js: the page: elements in query order, roles, names, text, tree.
// Joined with the other files of this directory, in the order
// browser/scripts.go lists them, into one function body (one scope).

// ---- the page: elements in query order, roles, names, text --------------

// Page holds one call's view of the document. Every index is built the
// first time a query needs it.
class PageBase {
  constructor(testIdAttr) {
    this.testIdAttr = testIdAttr || "data-testid";
    // Elements in the order Playwright's queries return them: the
    // document's light tree, then each open shadow root depth-first in
    // the order of its host.
    this.all = [];
    this.roots = [document];
    const assign = (root) => {
      const els = root.querySelectorAll("*");
      for (const el of els) this.all.push(el);
      for (const el of els) {
        if (el.shadowRoot) {
          this.roots.push(el.shadowRoot);
          assign(el.shadowRoot);
        }
      }
    };
    assign(document);
    this.order = new Map();
    this.all.forEach((el, i) => this.order.set(el, i));
    this.caches = A.newCaches(); // world.js's caches for this view of the page
    this.lists = new Map(); // memoized global match lists by query key
    this.positions = new WeakMap(); // list -> Map(element -> index)
    this.treeSorted = new WeakMap(); // list -> its elements in tree order
    this.memo = new WeakSet(); // the lists kept in this.lists
    this.containers = new Map();
    this.distinct = new Map(); // container -> its distinguishing text
    this.filtered = new WeakMap(); // memoized list -> Map(text -> filtered list)
    this.text = null;
  }

  // ---- roles, accessible names, hidden for ARIA: world.js's ----
  // getByRole reads Playwright's getAriaRole, isElementHiddenForAria and
  // accessible name, the rules ariaSnapshot reads too and world.js
  // follows. They use world.js's caches, which must be this page's
  // (see withPage): outside a walk world.js caches nothing.

  role(el) {
    return A.getRole(el);
  }

  hidden(el) {
    return A.hiddenForAria(el);
  }

  // name is the accessible name whitespace-normalized: getByRole
  // normalizes it before matching, as ariaSnapshot does before printing
  // (Playwright's raw name keeps non-breaking spaces; neither reader sees
  // them).
  name(el) {
    return A.accessibleName(el);
  }

  // ---- labels (Playwright's getElementLabels) ----

  // labels are what getByLabel matches: the text of each label element
  // (Playwright's elementText, as getByText reads it), not the label's
  // accessible name, which is why this is not world.js's name code.
  labels(el) {
    const by = A.idRefs(el, "aria-labelledby");
    if (by.length) return by.map((l) => this.textOf(l));
    const aria = el.getAttribute("aria-label");
    if (aria !== null && aria.trim()) return [normalizeWS(aria)];
    const tag = tagOf(el);
    if (labelableTags.has(tag) || (tag === "INPUT" && el.type !== "hidden")) {
      return A.labelsOf(el).map((l) => this.textOf(l));
    }
    return [];
  }

  // ---- element text (Playwright's elementText) ----

  // textOf is the element's text, whitespace normalized.
  textOf(el) {
    const t = this.texts();
    const i = t.index.get(el);
    if (i === undefined || t.rs[i] < 0) return "";
    return t.R.slice(t.rs[i], t.re[i]).trim();
  }

  // texts builds the text model: the normalized text of the whole
  // document as one string R, each element (and open shadow root)
  // holding the range [rs, re) of R that is its own normalized text.
  texts() {
    if (this.text) return this.text;
    const parts = [];
    let len = 0;
    let inRun = false;
    const nodes = [], parent = [], rs = [], re = [], segStart = [], segOwner = [];
    const index = new Map();
    const head = document.head;
    const emit = (s, owner) => {
      s = s.replace(/[\u200b\u00ad]/g, "");
      if (!s) return;
      if (inRun) s = s.replace(/^\s+/, "");
      if (!s) return;
      s = s.replace(/\s+/g, " ");
      inRun = s.endsWith(" ");
      segStart.push(len);
      segOwner.push(owner);
      parts.push(s);
      len += s.length;
    };
    const add = (node, p) => {
      const i = nodes.length;
      nodes.push(node);
      parent.push(p);
      rs.push(-1);
      re.push(-1);
      index.set(node, i);
      return i;
    };
    const visitChildren = (node, i) => {
      for (let c = node.firstChild; c; c = c.nextSibling) {
        if (c.nodeType === 3) emit(c.nodeValue || "", i);
        else if (c.nodeType === 1) visit(c, i);
      }
    };
    const visit = (el, p) => {
      const i = add(el, p);
      const name = el.nodeName;
      if (name === "SCRIPT" || name === "NOSCRIPT" || name === "STYLE" || (head && head.contains(el))) return;
      rs[i] = len;
      if (name === "INPUT" && (el.type === "submit" || el.type === "button" || el.type === "reset")) {
        emit(el.value || "", i);
      } else {
        visitChildren(el, i);
        if (el.shadowRoot) {
          const j = add(el.shadowRoot, i);
          rs[j] = len;
          visitChildren(el.shadowRoot, j);
          re[j] = len;
        }
      }
      re[i] = len;
    };
    if (document.documentElement) visit(document.documentElement, -1);
    const R = parts.join("");
    const L = R.toLowerCase();
    // Lower-casing the whole text equals lower-casing each element's
    // text unless a character changes length or depends on its context.
    const caseSafe = L.length === R.length && !R.includes("\u03a3");
    this.text = { R, L, caseSafe, nodes, parent, rs, re, segStart, segOwner, index, exact: null };
    return this.text;
  }

  // lowest returns the deepest node whose text holds [p, p+n) of R.
  lowest(p, n) {
    const t = this.text;
    let lo = 0, hi = t.segStart.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (t.segStart[mid] <= p) lo = mid;
      else hi = mid - 1;
    }
    let i = t.segOwner[lo];
    while (i >= 0 && !(t.rs[i] <= p && p + n <= t.re[i])) i = t.parent[i];
    return i;
  }

  // selfMatches keeps the nodes that match without a child (element or
  // shadow root) that matches too: Playwright's "self" text matches.
  selfMatches(matched) {
    const t = this.text;
    const covered = new Set();
    for (const i of matched) {
      for (let p = t.parent[i]; p >= 0 && !covered.has(p); p = t.parent[p]) covered.add(p);
    }
    const out = [];
    for (const i of matched) {
      const node = t.nodes[i];
      if (!covered.has(i) && node.nodeType === 1) out.push(node);
    }
    return this.sorted(out);
  }

  // tree numbers every element depth-first through open shadow roots
  // (light children, then the shadow root's): an element's descendants
  // are the elements numbered in [enter, exit).
  tree() {
    if (this.dfs) return this.dfs;
    const enter = new Map(), exit = new Map();
    let n = 0;
    const visit = (el) => {
      enter.set(el, n++);
      for (let c = el.firstElementChild; c; c = c.nextElementSibling) visit(c);
      if (el.shadowRoot) for (let c = el.shadowRoot.firstElementChild; c; c = c.nextElementSibling) visit(c);
      exit.set(el, n);
    };
    if (document.documentElement) visit(document.documentElement);
    this.dfs = { enter, exit };
    return this.dfs;
  }

  // within keeps the elements of list (in query order) that are inside
  // scope, and scope itself if self is set: a range search in a copy of
  // the list sorted in tree order, kept for the next scope.
  within(list, scope, self) {
    const { enter, exit } = this.tree();
    let byTree = this.treeSorted.get(list);
    if (!byTree) {
      const els = list.filter((el) => enter.has(el)).sort((a, b) => enter.get(a) - enter.get(b));
      byTree = { els, at: els.map((el) => enter.get(el)) };
      this.treeSorted.set(list, byTree);
    }
    const from = enter.get(scope), to = exit.get(scope);
    if (from === undefined) return list.filter((el) => (self && el === scope) || isInside(scope, el));
    const first = (v) => {
      let lo = 0, hi = byTree.at.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (byTree.at[mid] < v) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    const out = byTree.els.slice(first(self ? from : from + 1), first(to));
    // Without shadow roots, tree order is query order.
    return out.length > 1 && this.roots.length > 1 ? this.sorted(out) : out;
  }

  // indexIn is list.indexOf(el), with an index kept for long lists.
  indexIn(list, el) {
    if (list.length < 64 || !this.memo.has(list)) return list.indexOf(el);
    let pos = this.positions.get(list);
    if (!pos) {
      pos = new Map();
      list.forEach((x, i) => pos.set(x, i));
      this.positions.set(list, pos);
    }
    const i = pos.get(el);
    return i === undefined ? -1 : i;
  }

  sorted(els) {
    return els.sort((a, b) => this.order.get(a) - this.order.get(b));
  }
}
