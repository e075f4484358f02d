// Part of locators.js: global match lists and locator chains.
// Joined with the other files of this directory, in the order
// browser/scripts.go lists them, into one function body (one scope).

class Page extends PageBase {
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
      if (part.kind === "parent") {
        // locator('..'): each match's parent element, once each.
        const up = new Set();
        for (const r of roots) if (r.parentElement) up.add(r.parentElement);
        roots = this.sorted([...up]);
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

