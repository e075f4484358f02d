// Text-anchored XPath for recordings (browser/xpath.go): a fallback
// locator of another kind than the ladder's role, text and CSS ones,
// anchored on the words a user reads (the element's own text, its label,
// the text of the card it sits in) rather than on ids, classes or
// positions. Also evaluates xpath parts of locator chains for
// locators.js. Installed after world.js as __ariadne.xpath. Our own code;
// safe to run twice.
(() => {
  const A = globalThis.__ariadne;
  if (!A || A.xpath) return;

  const norm = (s) => A.normalizeWS(s || "");

  // lit quotes s as an XPath 1.0 string literal.
  function lit(s) {
    if (!s.includes("'")) return "'" + s + "'";
    if (!s.includes('"')) return '"' + s + '"';
    return "concat(" + s.split("'").map((p) => "'" + p + "'").join(", \"'\", ") + ")";
  }

  // digitFree is the longest prefix of s, cut at a word boundary, before
  // its first digit-bearing word ("Express (next day) — $14.99" gives
  // "Express (next day)"), or "" when that leaves too little.
  function digitFree(s) {
    const words = s.split(" ");
    const keep = [];
    for (const w of words) {
      if (/[0-9]/.test(w)) break;
      keep.push(w);
    }
    while (keep.length && !/[\p{L}\p{N})]/u.test(keep[keep.length - 1])) keep.pop();
    const t = keep.join(" ");
    return t.length >= 3 ? t : "";
  }

  // textTest is an XPath predicate on an element's normalized text: equal
  // to t, or starting with its digit-free part when t holds digits.
  function textTest(t, expr) {
    if (!/[0-9]/.test(t)) return "normalize-space(" + expr + ")=" + lit(t);
    const p = digitFree(t);
    return p ? "starts-with(normalize-space(" + expr + "), " + lit(p) + ")" : "";
  }

  function evaluate(xp, scope) {
    const out = [];
    try {
      const r = document.evaluate(xp, scope || document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
      for (let i = 0; i < r.snapshotLength; i++) {
        const n = r.snapshotItem(i);
        if (n.nodeType === 1) out.push(n);
      }
    } catch (e) {
      return null;
    }
    return out;
  }

  const tagOf = (el) => el.localName.includes(":") || !/^[a-z][a-z0-9-]*$/.test(el.localName) ? "*" : el.localName;

  // self lists predicates that say which element el is by its own words.
  function self(el) {
    const tag = tagOf(el);
    const out = [];
    const own = norm(el.textContent);
    if (own && own.length <= 80) {
      const t = textTest(own, ".");
      if (t) out.push("//" + tag + "[" + t + "]");
    }
    for (const a of ["aria-label", "placeholder", "alt", "title"]) {
      const v = norm(el.getAttribute(a));
      if (v && v.length <= 80) {
        const t = textTest(v, "@" + a);
        if (t) out.push("//" + tag + "[" + t + "]");
      }
    }
    for (const l of el.labels || []) {
      const t = textTest(norm(l.textContent), ".");
      if (!t) continue;
      if (l.contains(el)) out.push("//label[" + t + "]//" + tag);
      else if (el.id) out.push("//" + tag + "[@id=//label[" + t + "]/@for]");
    }
    return out;
  }

  // of: request {h, within}; response (a JSON string) an XPath that
  // matches el alone, anchored on text, or "". within is the text of the
  // card el sits in (identity.js), used when el's own words are shared.
  function of(req) {
    const el = A.elementOf(req.h);
    if (!el || !el.isConnected || el.getRootNode() !== document) return JSON.stringify("");
    const mine = self(el);
    for (const xp of mine) {
      const got = evaluate(xp);
      if (got && got.length === 1 && got[0] === el) return JSON.stringify(xp);
    }
    const w = norm(req.within || "").replace(/^[a-z]+: /, "");
    if (w) {
      const anchor = "//*[text()[" + (textTest(w, ".") || "false()") + "]]";
      for (const xp of mine) {
        const rel = "." + xp;
        const full = anchor + "/ancestor::*[" + rel + "][1]" + xp.replace(/^\/\//, "//");
        const got = evaluate(full);
        if (got && got.length === 1 && got[0] === el) return JSON.stringify(full);
      }
    }
    return JSON.stringify("");
  }

  // card: request {h, within}; response (a JSON string) how many levels
  // up from the element whose own text is within (the card's title) the
  // nearest ancestor of el that holds such an element is: the card, for a
  // getByText(within).locator('..')... locator; -1 when there is none.
  function card(req) {
    const el = A.elementOf(req.h);
    const w = norm(req.within || "");
    if (!el || !el.isConnected || el.getRootNode() !== document || !w || /^[a-z]+: /.test(w)) return JSON.stringify(-1);
    const anchor = ".//*[text()[normalize-space(.)=" + lit(w) + "]]";
    for (let c = el.parentElement; c; c = c.parentElement) {
      const got = evaluate(anchor, c);
      if (!got || !got.length) continue;
      if (got.length > 1) return JSON.stringify(-1); // two titles: not a card
      let up = 0;
      for (let a = got[0]; a && a !== c; a = a.parentElement) up++;
      return JSON.stringify(up);
    }
    return JSON.stringify(-1);
  }

  // query evaluates an xpath part inside scope (document or an element).
  function query(xp, scope) {
    if (scope !== document && xp.startsWith("/") && !xp.startsWith("//")) return [];
    const expr = scope === document || xp.startsWith(".") ? xp : "." + xp;
    return evaluate(expr, scope);
  }

  A.xpath = { of, card, query };
})()
