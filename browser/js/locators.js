// Ariadne's in-page locator helpers, added to the isolated world's
// __ariadne as __ariadne.locate. Our own code: it follows the matching rules
// Playwright documents for getByRole, getByText, getByLabel, getByTestId,
// getByPlaceholder, getByAltText, getByTitle and CSS (open shadow roots
// pierced), so that a locator we count as unique here is unique there.
//
// locate.facts(request) gathers, in one pass over one document, what the
// ladder needs to know about each target element and counts every
// candidate it can predict; locate.count(request) counts arbitrary locator
// chains (scoped ones, and whatever facts did not predict). Both build the
// page's indexes once per call, so a call costs about one walk of the page
// plus one lookup per candidate, not one DOM query per candidate.
(() => {
  const A = globalThis.__ariadne;
  if (A.locate) return;

  // ---- DOM structure --------------------------------------------------------

  const tagNameOf = Object.getOwnPropertyDescriptor(Element.prototype, "tagName").get;

  // tagOf is an element's upper-case tag name, safe against forms whose
  // named controls shadow tagName.
  function tagOf(el) {
    const t = tagNameOf.call(el);
    return typeof t === "string" ? t.toUpperCase() : "";
  }

  // parentOf steps up one element, from a shadow root's top to its host.
  function parentOf(el) {
    if (el.parentElement) return el.parentElement;
    const p = el.parentNode;
    return p && p.nodeType === 11 && p.host ? p.host : null;
  }

  function isInside(scope, el) {
    for (let p = parentOf(el); p; p = parentOf(p)) if (p === scope) return true;
    return false;
  }

  function inClosedShadowRoot(el) {
    for (let n = el; n;) {
      const root = n.getRootNode();
      if (root.nodeType !== 11 || !root.host) return false;
      if (root.mode === "closed") return true;
      n = root.host;
    }
    return false;
  }

  // normalizeWS is Playwright's whitespace normalization for matching.
  const normalizeWS = A.normalizeWS;

  // ---- the page: elements in query order, roles, names, text --------------

  // Page holds one call's view of the document. Every index is built the
  // first time a query needs it.
  class Page {
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

    // ---- global match lists, one per query ----

    list(key, build) {
      let l = this.lists.get(key);
      if (!l) {
        l = build();
        this.lists.set(key, l);
        if (Array.isArray(l)) this.memo.add(l);
      }
      return l;
    }

    byText(text, exact) {
      const q = normalizeWS(text);
      return this.list("text\u0001" + q + "\u0001" + exact, () => {
        const t = this.texts();
        if (exact) {
          if (!t.exact) {
            t.exact = new Map();
            for (let i = 0; i < t.nodes.length; i++) {
              if (t.rs[i] < 0 || t.re[i] - t.rs[i] > 1000) continue;
              const s = t.R.slice(t.rs[i], t.re[i]).trim();
              let l = t.exact.get(s);
              if (!l) t.exact.set(s, (l = []));
              l.push(i);
            }
          }
          return this.selfMatches(t.exact.get(q) || []);
        }
        const lq = q.toLowerCase();
        const matched = new Set();
        if (!lq) {
          for (let i = 0; i < t.nodes.length; i++) if (t.rs[i] >= 0) matched.add(i);
        } else if (t.caseSafe) {
          for (let p = t.L.indexOf(lq); p >= 0; p = t.L.indexOf(lq, p + 1)) matched.add(this.lowest(p, lq.length));
          matched.delete(-1);
          // Ancestors of a lowest match contain it too; selfMatches drops them.
        } else {
          for (let i = 0; i < t.nodes.length; i++) {
            if (t.rs[i] >= 0 && t.R.slice(t.rs[i], t.re[i]).trim().toLowerCase().includes(lq)) matched.add(i);
          }
        }
        return this.selfMatches(matched);
      });
    }

    // containsText is Playwright's has-text: the element's text holds q.
    containsText(el, q) {
      return this.containing(q).has(el);
    }

    // filterText is Playwright's internal:has-text, filter({ hasText }):
    // the elements whose normalized text holds q in any case, or is q when
    // exact.
    filterText(els, q, exact) {
      // A filter of a memoized list (tag, role) is memoized with it: many
      // targets ask for the same one.
      if (this.memo.has(els)) {
        let byText = this.filtered.get(els);
        if (!byText) this.filtered.set(els, (byText = new Map()));
        const key = (exact ? "s" : "i") + q;
        let l = byText.get(key);
        if (!l) {
          l = this.filterTextIn(els, q, exact);
          byText.set(key, l);
          this.memo.add(l);
        }
        return l;
      }
      return this.filterTextIn(els, q, exact);
    }

    filterTextIn(els, q, exact) {
      if (exact) {
        const want = normalizeWS(q);
        return els.filter((el) => el.nodeType === 1 && this.textOf(el) === want);
      }
      const holding = this.containing(q);
      return els.filter((el) => el.nodeType === 1 && holding.has(el));
    }

    // containing is the set of elements whose text holds q, in any case:
    // every node from the lowest one holding an occurrence up to the root.
    containing(q) {
      const lq = normalizeWS(q).toLowerCase();
      return this.list("containing\u0001" + lq, () => {
        const t = this.texts();
        const out = new Set();
        if (!t.caseSafe || !lq) {
          for (let i = 0; i < t.nodes.length; i++) {
            if (t.rs[i] >= 0 && t.R.slice(t.rs[i], t.re[i]).trim().toLowerCase().includes(lq)) out.add(t.nodes[i]);
          }
          return out;
        }
        const seen = new Set();
        for (let p = t.L.indexOf(lq); p >= 0; p = t.L.indexOf(lq, p + 1)) {
          for (let i = this.lowest(p, lq.length); i >= 0 && !seen.has(i); i = t.parent[i]) {
            seen.add(i);
            out.add(t.nodes[i]);
          }
        }
        return out;
      });
    }

    byRole(role, name, exact, named) {
      const q = named ? normalizeWS(name) : "";
      return this.list("role\u0001" + role + "\u0001" + (named ? q : "\u0002") + "\u0001" + exact, () => {
        // Without includeHidden (Ariadne proposes none), getByRole
        // skips what is hidden for ARIA, as ariaSnapshot does.
        const base = this.list("role\u0001" + role, () => this.all.filter((el) => this.role(el) === role && !this.hidden(el)));
        if (!named) return base;
        if (exact) {
          const map = this.list("rolenames\u0001" + role, () => {
            const m = new Map();
            for (const el of base) {
              const n = this.name(el);
              let l = m.get(n);
              if (!l) m.set(n, (l = []));
              l.push(el);
            }
            return m;
          });
          return map.get(q) || [];
        }
        const joined = this.list("rolejoin\u0001" + role, () => joinTexts(base, (el) => [this.name(el).toUpperCase()]));
        return joined.find(q.toUpperCase());
      });
    }

    byLabel(text, exact) {
      const q = normalizeWS(text);
      return this.list("label\u0001" + q + "\u0001" + exact, () => {
        const labelled = this.list("labelled", () => this.all.filter((el) =>
          el.hasAttribute("aria-labelledby") || el.hasAttribute("aria-label") || labelableTags.has(tagOf(el)) || tagOf(el) === "INPUT"));
        if (exact) {
          const map = this.list("labelmap", () => {
            const m = new Map();
            for (const el of labelled) {
              for (const l of new Set(this.labels(el))) {
                let list = m.get(l);
                if (!list) m.set(l, (list = []));
                list.push(el);
              }
            }
            return m;
          });
          return map.get(q) || [];
        }
        const joined = this.list("labeljoin", () => joinTexts(labelled, (el) => this.labels(el).map((l) => l.toLowerCase())));
        return joined.find(q.toLowerCase());
      });
    }

    // byAttr is internal:attr: the raw attribute value, whole and
    // case-sensitive, or holding the text in any case.
    byAttr(attr, text, exact) {
      return this.list("attr\u0001" + attr + "\u0001" + text + "\u0001" + exact, () => {
        const having = this.list("having\u0001" + attr, () => this.all.filter((el) => el.hasAttribute(attr)));
        if (exact) return having.filter((el) => el.getAttribute(attr) === text);
        const joined = this.list("attrjoin\u0001" + attr, () => joinTexts(having, (el) => [el.getAttribute(attr).toLowerCase()]));
        return joined.find(text.toLowerCase());
      });
    }

    byTestID(attr, value) {
      const name = attr || "data-testid";
      const map = this.list("testids\u0001" + name, () => {
        const m = new Map();
        const names = name.split(",");
        for (const el of this.all) {
          for (const n of names) {
            const v = el.getAttribute(n);
            if (v === null) continue;
            let l = m.get(v);
            if (!l) m.set(v, (l = []));
            if (!l.includes(el)) l.push(el);
          }
        }
        return m;
      });
      return map.get(value) || [];
    }

    // ---- CSS, as Playwright evaluates it ----

    // byCSS returns the elements matching css inside scope (document or an
    // element), or null if css uses something we do not evaluate.
    byCSS(css, scope) {
      if (scope === document) return this.list("css\u0001" + css, () => this.cssIn(css, scope));
      return this.cssIn(css, scope);
    }

    cssIn(css, scope) {
      const parsed = this.list("cssparse\u0001" + css, () => parseCSS(css) || false);
      if (!parsed) return null;
      const last = parsed[parsed.length - 1];
      let candidates = this.compound(last);
      if (candidates === null) return null;
      if (scope !== document) candidates = this.within(candidates, scope, false);
      if (parsed.length === 1) return candidates;
      return candidates.filter((el) => this.matchesParents(el, parsed, parsed.length - 2, scope));
    }

    compound(c) {
      return this.list("compound\u0001" + c.css + "\u0001" + c.hasText.join("\u0001"), () => {
        let els = this.list("qsa\u0001" + (c.css || "*"), () => {
          let found = [];
          try {
            for (const root of this.roots) found = found.concat([...root.querySelectorAll(c.css || "*")]);
          } catch {
            return false;
          }
          return found;
        });
        if (!els) return null;
        for (const q of c.hasText) {
          const holding = this.containing(q);
          els = els.filter((el) => holding.has(el));
        }
        return els;
      });
    }

    matchesCompound(el, c) {
      try {
        if (c.css && !el.matches(c.css)) return false;
      } catch {
        return false;
      }
      return c.hasText.every((q) => this.containsText(el, q));
    }

    matchesParents(el, parsed, i, scope) {
      if (i < 0) return true;
      const c = parsed[i];
      const up = (x) => (x === scope ? null : parentOf(x));
      if (parsed[i + 1].combinator === ">") {
        const p = up(el);
        return !!p && p !== scope && this.matchesCompound(p, c) && this.matchesParents(p, parsed, i - 1, scope);
      }
      for (let p = up(el); p && p !== scope; p = up(p)) {
        if (this.matchesCompound(p, c)) {
          if (this.matchesParents(p, parsed, i - 1, scope)) return true;
        }
      }
      return false;
    }

    // ---- one step of a locator chain ----

    // query returns what part matches inside scope, in Playwright's order,
    // or null if we cannot evaluate the part.
    query(part, scope) {
      let l;
      switch (part.kind) {
        case "testid": l = this.byTestID(part.attr, part.text || ""); break;
        case "role": {
          if (part.checked || part.disabled || part.selected || part.expanded || part.level || part.pressed) return null;
          l = this.byRole((part.role || "").toLowerCase(), part.text || "", !!part.exact, !!(part.text || part.exact));
          break;
        }
        case "label": l = this.byLabel(part.text || "", !!part.exact); break;
        case "placeholder": l = this.byAttr("placeholder", part.text || "", !!part.exact); break;
        case "alt": l = this.byAttr("alt", part.text || "", !!part.exact); break;
        case "title": l = this.byAttr("title", part.text || "", !!part.exact); break;
        case "text": {
          l = this.byText(part.text || "", !!part.exact);
          return scope === document ? l : this.within(l, scope, true);
        }
        case "css": return this.byCSS(part.css || "", scope);
        case "xpath": return A.xpath ? A.xpath.query(part.xpath || "", scope) : null; // browser/js/xpath.js
        default: return null;
      }
      return scope === document ? l : this.within(l, scope, false);
    }

    // run evaluates a chain of parts from the document; null if some part
    // cannot be evaluated here.
    run(parts) {
      let roots = [document];
      for (const part of parts) {
        if (part.kind === "nth") {
          const i = part.nth === -1 ? roots.length - 1 : part.nth || 0;
          roots = roots.slice(i, i + 1);
          continue;
        }
        if (part.kind === "filter") {
          roots = this.filterText(roots, part.text || "", !!part.exact);
          continue;
        }
        if (roots.length === 1) {
          const got = this.query(part, roots[0]);
          if (got === null) return null;
          roots = got;
          continue;
        }
        const next = [], seen = new Set();
        for (const r of roots) {
          const got = this.query(part, r);
          if (got === null) return null;
          for (const el of got) {
            if (!seen.has(el)) {
              seen.add(el);
              next.push(el);
            }
          }
        }
        roots = next;
      }
      return roots;
    }
  }

  // joinTexts indexes the texts of many elements in one string, so that a
  // substring search is one indexOf scan instead of one call per element.
  function joinTexts(els, textsOf) {
    const parts = [], starts = [], owners = [];
    let len = 0;
    els.forEach((el, i) => {
      for (const s of textsOf(el)) {
        starts.push(len);
        owners.push(i);
        parts.push(s);
        len += s.length + 1;
      }
    });
    const big = parts.join("\u0000");
    return {
      find(q) {
        const hit = new Set();
        if (!q) {
          for (const i of owners) hit.add(i);
        } else {
          for (let p = big.indexOf(q); p >= 0; p = big.indexOf(q, p + 1)) {
            let lo = 0, hi = starts.length - 1;
            while (lo < hi) {
              const mid = (lo + hi + 1) >> 1;
              if (starts[mid] <= p) lo = mid;
              else hi = mid - 1;
            }
            hit.add(owners[lo]);
          }
        }
        return [...hit].sort((a, b) => a - b).map((i) => els[i]);
      },
    };
  }

  // ---- tables ----

  // Playwright's getByLabel reads the labels of these elements (and of
  // inputs that are not hidden).
  const labelableTags = new Set(["BUTTON", "METER", "OUTPUT", "PROGRESS", "SELECT", "TEXTAREA"]);
  // Roles named by their content.
  const contentNamed = A.nameFromContentRoles;

  // readCSSString reads the quoted string at v[i], returning its value and
  // the index after it (-1 if unterminated).
  function readCSSString(v, i) {
    const q = v[i];
    let out = "";
    for (let j = i + 1; j < v.length; j++) {
      const c = v[j];
      if (c === q) return [out, j + 1];
      if (c !== "\\") {
        out += c;
        continue;
      }
      j++;
      if (j >= v.length) break;
      const hex = /^[0-9a-fA-F]{1,6}/.exec(v.slice(j, j + 6));
      if (hex) {
        const cp = parseInt(hex[0], 16);
        out += cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ? "\ufffd" : String.fromCodePoint(cp);
        j += hex[0].length;
        if (j < v.length && /\s/.test(v[j])) {
          if (v[j] === "\r" && v[j + 1] === "\n") j++;
        } else {
          j--;
        }
      } else if (v[j] !== "\n") {
        out += v[j];
      }
    }
    return [out, -1];
  }

  // parseCSS splits a selector into compounds joined by descendant (" ")
  // or child (">") combinators, pulling :has-text("...") out of each
  // compound. Other Playwright extensions, sibling combinators and lists
  // give null.
  function parseCSS(css) {
    const out = [];
    let cur = { css: "", hasText: [], combinator: "" };
    let pending = "";
    const flush = () => {
      if (!cur.css && !cur.hasText.length) return false;
      out.push(cur);
      cur = { css: "", hasText: [], combinator: "" };
      return true;
    };
    let i = 0;
    const s = css.trim();
    while (i < s.length) {
      const c = s[i];
      if (/\s/.test(c) || c === ">") {
        let j = i, child = false;
        while (j < s.length && (/\s/.test(s[j]) || s[j] === ">")) {
          if (s[j] === ">") {
            if (child) return null;
            child = true;
          }
          j++;
        }
        if (!flush()) return null;
        pending = child ? ">" : " ";
        cur.combinator = pending;
        i = j;
        continue;
      }
      if (c === "+" || c === "~" || c === ",") return null;
      if (c === "\\") {
        const hex = /^[0-9a-fA-F]{1,6}\s?/.exec(s.slice(i + 1, i + 8));
        const n = hex ? 1 + hex[0].length : 2;
        cur.css += s.slice(i, i + n);
        i += n;
        continue;
      }
      if (c === '"' || c === "'") {
        const [, end] = readCSSString(s, i);
        if (end < 0) return null;
        cur.css += s.slice(i, end);
        i = end;
        continue;
      }
      if (c === "[") {
        let j = i + 1;
        while (j < s.length && s[j] !== "]") {
          if (s[j] === '"' || s[j] === "'") {
            const [, end] = readCSSString(s, j);
            if (end < 0) return null;
            j = end;
          } else if (s[j] === "\\") {
            j += 2;
          } else {
            j++;
          }
        }
        if (j >= s.length) return null;
        cur.css += s.slice(i, j + 1);
        i = j + 1;
        continue;
      }
      if (c === ":") {
        const m = /^:{1,2}([-\w]+)(\()?/.exec(s.slice(i));
        if (!m) return null;
        const name = m[1].toLowerCase();
        if (name === "has-text") {
          let j = i + m[0].length;
          while (/\s/.test(s[j] || "")) j++;
          if (s[j] !== '"' && s[j] !== "'") return null;
          const [value, end] = readCSSString(s, j);
          if (end < 0) return null;
          j = end;
          while (/\s/.test(s[j] || "")) j++;
          if (s[j] !== ")") return null;
          cur.hasText.push(value);
          i = j + 1;
          continue;
        }
        if (playwrightPseudos.has(name)) return null;
        if (m[2]) {
          let depth = 1, j = i + m[0].length;
          while (j < s.length && depth) {
            if (s[j] === "(") depth++;
            else if (s[j] === ")") depth--;
            else if (s[j] === '"' || s[j] === "'") {
              const [, end] = readCSSString(s, j);
              if (end < 0) return null;
              j = end;
              continue;
            }
            j++;
          }
          if (depth) return null;
          cur.css += s.slice(i, j);
          i = j;
          continue;
        }
        cur.css += m[0];
        i += m[0].length;
        continue;
      }
      cur.css += c;
      i++;
    }
    if (!flush()) return null;
    if (out[0].combinator) return null;
    return out;
  }

  // Pseudo-classes Playwright evaluates itself; we only read :has-text.
  const playwrightPseudos = new Set(["not", "is", "where", "has", "scope", "light", "visible", "text",
    "text-matches", "text-is", "above", "below", "right-of", "left-of", "near", "nth-match"]);

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

  // facts: request {attr, targets: [{h, frame}]}; response (a JSON string)
  // {targets: [{h, t, why, problem, box, co, f, k, c}], containers: [{h, f, k}]}.
  // A container's facts, and a target's that is a container itself, carry
  // its distinguishing text as f.distinct.
  function facts(req) {
    return withPage(req, (P) => {
      const targets = [];
      const containers = [];
      const containerIndex = new Map();
      for (const want of req.targets) {
        const el0 = A.elementOf(want.h);
        if (!el0 || !el0.isConnected) {
          targets.push({ h: want.h, problem: "gone" });
          continue;
        }
        if (inClosedShadowRoot(el0)) {
          targets.push({ h: want.h, problem: "closed-shadow" });
          continue;
        }
        const [el, why] = want.frame ? [el0, ""] : meant(el0);
        const f = factsOf(P, el, want.frame);
        if (!want.frame && isContainerTarget(P, el)) {
          const dt = distinguishing(P, el);
          if (dt) f.distinct = dt;
        }
        const out = { h: want.h, t: A.handleOf(el), f, box: boxOf(el), k: counted(P, predict(f, el, want.frame), el) };
        if (why) out.why = why;
        if (want.frame) out.co = contentOffset(el);
        if (!want.frame && !out.k.some(sturdy)) {
          const c = [];
          for (let p = parentOf(el); p && c.length < 4; p = parentOf(p)) {
            if (!isContainer(P, p)) continue;
            let i = containerIndex.get(p);
            if (i === undefined) {
              i = containers.length;
              containerIndex.set(p, i);
              const cf = factsOf(P, p, false);
              const dt = distinguishing(P, p);
              if (dt) cf.distinct = dt;
              containers.push({ h: A.handleOf(p), f: cf, k: counted(P, predict(cf, p, false), p) });
            }
            c.push(i);
          }
          if (c.length) out.c = c;
        }
        targets.push(out);
      }
      return JSON.stringify({ targets, containers });
    });
  }

  // count: request {attr, queries: [{t, parts}]}; response (a JSON string)
  // [[matches, index of the element with handle t], ...], [-1, -1] where a
  // chain cannot be evaluated here.
  function count(req) {
    return withPage(req, (P) => JSON.stringify(req.queries.map((q) => {
      const got = P.run(q.parts);
      if (got === null) return [-1, -1];
      const el = A.elementOf(q.t);
      return [got.length, el ? P.indexIn(got, el) : -1];
    })));
  }

  A.locate = { facts, count };

  // ---- find and state: recordings and replay (browser/find.go) ------------

  // find: request {attr, parts}; response (a JSON string) the handles of
  // the elements the chain matches, in Playwright's order, or null when a
  // part cannot be evaluated here. Frame parts are entered by the caller.
  A.locate.find = function find(req) {
    return withPage(req, (P) => {
      const got = P.run(req.parts || []);
      if (got === null) return JSON.stringify(null);
      return JSON.stringify(got.map((el) => A.handleOf(el)));
    });
  };

  // state: request {attr, h}; response (a JSON string) what Playwright's
  // assertions read of the element: toHaveText's normalized text,
  // toHaveValue's value, toBeChecked, toBeEnabled and toBeVisible; null
  // when the element is gone.
  A.locate.state = function state(req) {
    const el = A.elementOf(req.h);
    if (!el || !el.isConnected) return JSON.stringify(null);
    const P = pageFor(req.attr || "data-testid");
    const tag = tagOf(el);
    const type = (el.getAttribute("type") || "").toLowerCase();
    let value = null;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") value = el.value;
    let checked = null;
    if (tag === "INPUT" && (type === "checkbox" || type === "radio")) checked = el.checked;
    else if (el.hasAttribute("aria-checked")) checked = el.getAttribute("aria-checked") === "true";
    let disabled = A.isNativelyDisabled(el);
    for (let x = el; x && !disabled; x = parentOf(x)) {
      if ((x.getAttribute("aria-disabled") || "").toLowerCase() === "true") disabled = true;
    }
    const r = el.getBoundingClientRect();
    const st = getComputedStyle(el);
    const visible = r.width > 0 && r.height > 0 && st.visibility === "visible" && el.checkVisibility();
    return JSON.stringify({ text: P.textOf(el), value, checked, enabled: !disabled, visible, tag: tag.toLowerCase(), type });
  };
})()
