  // ---- style sheets ---------------------------------------------------------
  // What the last tracked walk read of the style sheets, for the silent
  // check (silent.js): each sheet of the document and of the shadow roots
  // the walks entered, with its rules (their identity, nested lists
  // included). A rule's declarations edited in place (rule.style.x = ...)
  // and the rules of a sheet from another origin (unreadable) are not
  // seen.
  //
  // Rules whose match depends on other elements: under a sibling
  // combinator (+, ~, :nth-child(of S)) an attribute restyles the later
  // siblings (sibRules: changes.js then marks the parent); :has(),
  // :focus-within and a form's or fieldset's validity restyle an element
  // when something inside it (or after it) changes: their anchors (the
  // compound they sit in, without them) widen each change to the anchors
  // above it (hasWiden).

  // scopes are the shadow roots the walks entered (the document aside),
  // whose style sheets count too.
  const scopes = [];
  function addScope(root) {
    scopes.push(new WeakRef(root));
  }

  function eachScope(fn) {
    fn(document);
    for (let i = 0; i < scopes.length; i++) {
      const root = scopes[i].deref();
      if (root) fn(root);
      else scopes.splice(i--, 1);
    }
  }

  const ids = new WeakMap();
  let nextID = 1;
  function idOf(o) {
    let i = ids.get(o);
    if (i === undefined) {
      i = nextID++;
      ids.set(o, i);
    }
    return i;
  }

  // rulesOf is a sheet's rules, or null when they cannot be read (another
  // origin: remembered, since asking again throws again).
  const unreadable = new WeakSet();
  function rulesOf(sh) {
    if (unreadable.has(sh)) return null;
    try {
      return sh.cssRules;
    } catch (e) {
      if (e && e.name === "SecurityError") unreadable.add(sh);
      return null;
    }
  }

  // eachSheet calls fn for every style sheet of every scope (imports
  // included: they come first, after @charset and @layer statements) with
  // its rules, or null when they cannot be read.
  function eachSheet(fn) {
    const sheet = (sh) => {
      const rules = rulesOf(sh);
      fn(sh, rules);
      if (!rules) return;
      for (const r of rules) {
        if ("styleSheet" in r) {
          if (r.styleSheet) sheet(r.styleSheet);
        } else if (r.type !== 2 && !(r.cssRules === undefined && "nameList" in r)) break;
      }
    };
    eachScope((scope) => {
      for (const sh of scope.styleSheets || []) sheet(sh);
      for (const sh of scope.adoptedStyleSheets || []) sheet(sh);
    });
  }

  // sheetsShape is what every check reads of the style sheets, at the
  // cost of their number: each sheet's identity, disabled, and its number
  // of rules with the first and the last.
  function sheetsShape() {
    const out = [];
    eachSheet((sh, list) => {
      out.push(idOf(sh), sh.disabled ? "d" : "e");
      if (!list) out.push("x");
      else if (list.length) out.push(list.length, idOf(list[0]), idOf(list[list.length - 1]));
      else out.push(0);
    });
    return out.join(",");
  }

  // rulesPrint describes a list of rules: the identity of each, nested
  // lists included.
  function rulesPrint(list) {
    const out = [];
    const rules = (l) => {
      out.push("[");
      for (const r of l) {
        out.push(idOf(r));
        if (r.cssRules) rules(r.cssRules);
      }
      out.push("]");
    };
    rules(list);
    return out.join(",");
  }

  // What the last tracked walk read: the sheets' shape, and of each
  // readable sheet ({sh, ids, nested}) the identity of each top-level rule
  // and the print of each nested list. The version check compares
  // sheetBudget top-level rules at a time, in turns (sheetsAt, ruleAt: where
  // the next check starts); a refresh compares them all. An edit that
  // keeps a sheet's shape (a rule inserted and another deleted in its
  // middle) is seen within ceil(rules / 2,000) checks.
  let lastShape = "";
  let lastSheets = [];
  let sheetsAt = 0, ruleAt = 0;
  const sheetBudget = 2000;

  function noteSheets() {
    lastShape = sheetsShape();
    lastSheets = [];
    sheetsAt = ruleAt = 0;
    eachSheet((sh, list) => {
      if (!list) return;
      const ids = new Array(list.length), nested = new Map();
      for (let i = 0; i < list.length; i++) {
        const r = list[i];
        ids[i] = idOf(r);
        if (r.cssRules) nested.set(i, rulesPrint(r.cssRules));
      }
      lastSheets.push({ sh, ids, nested });
    });
  }

  // rulesSame compares the top-level rules from..to of a sheet (list)
  // with its record.
  function rulesSame(rec, list, from, to) {
    for (let i = from; i < to; i++) {
      const r = list[i];
      if (idOf(r) !== rec.ids[i]) return false;
      const nest = rec.nested.get(i);
      if (nest !== undefined && rulesPrint(r.cssRules) !== nest) return false;
    }
    return true;
  }

  // sheetsChanged reports whether the style sheets differ from what the
  // last tracked walk read: their shape, then their rules (all of them, or
  // sheetBudget of them in turns). The same shape means the same sheets,
  // with as many rules each.
  function sheetsChanged(all) {
    if (sheetsShape() !== lastShape) return true;
    const n = lastSheets.length;
    if (all) {
      for (const rec of lastSheets) {
        const list = rulesOf(rec.sh);
        if (!list || !rulesSame(rec, list, 0, rec.ids.length)) return true;
      }
      return false;
    }
    let budget = sheetBudget;
    for (let k = 0; k < n && budget > 0; k++) {
      if (sheetsAt >= n) sheetsAt = ruleAt = 0;
      const rec = lastSheets[sheetsAt];
      const list = rulesOf(rec.sh);
      if (!list) return true;
      const to = Math.min(rec.ids.length, ruleAt + budget);
      if (!rulesSame(rec, list, ruleAt, to)) return true;
      budget -= Math.max(to - ruleAt, 1);
      if (to >= rec.ids.length) {
        sheetsAt = (sheetsAt + 1) % n;
        ruleAt = 0;
      } else ruleAt = to;
    }
    return false;
  }

  // The anchors of the style sheets' :has(), :focus-within and validity
  // rules ({sel, sib: the argument looks at later siblings, up: the rule
  // styles later siblings of the anchor}; hasAll: a rule whose anchor is
  // unknown, so that every change walks the whole page); printScopes: the
  // scopes whose sheets were read.
  let printScopes = 0;
  let anchors = [];
  let hasAll = false;
  // sibRules: a rule depends on an earlier sibling (changes.js marks the
  // parent of an element whose attributes change).
  let sibRules = false;

  // contextRe finds what makes an element's match depend on its content:
  // :has(), :focus-within, and a form's or fieldset's validity.
  const contextRe = /:has\(|:focus-within|:(user-)?(in)?valid\b/i;

  // sibDependent reports whether a selector's match can depend on an
  // earlier sibling: a + or ~ combinator (outside strings and attribute
  // brackets) or an :nth-child(... of S). An :nth-* argument is no
  // combinator; one it cannot tell apart counts.
  function sibDependent(text) {
    if (!/[+~]|\bof\b/.test(text)) return false;
    text = text.replace(/:nth-(last-)?(child|of-type)\(([^()]*)\)/gi, (m, l, k, arg) => (/\bof\b/i.test(arg) ? "+" : ""));
    let found = false;
    eachUnquoted(text, (ch, i, parens, brackets) => {
      if (brackets === 0 && (ch === "+" || ch === "~")) found = true;
    });
    return found;
  }

  function readSheets() {
    noteSheets();
    printScopes = scopes.length;
    anchors = [];
    hasAll = false;
    sibRules = false;
    const seen = new Set();
    const scan = (list, nested) => {
      for (const r of list) {
        const text = r.selectorText;
        if (text !== undefined && !sibRules && sibDependent(text)) sibRules = true;
        if (text !== undefined && contextRe.test(text)) {
          if (nested || /:host|&/.test(text)) hasAll = true;
          else for (const one of splitSelectors(text)) anchorsOf(one, seen);
        }
        if (r.cssRules) scan(r.cssRules, nested || text !== undefined);
      }
    };
    eachSheet((sh, list) => {
      if (list) scan(list, false);
    });
  }

  // anchorsOf adds to anchors the compounds of one complex selector that
  // hold :has(), :focus-within or a validity, without them (a validity
  // alone depends on content only for a form or a fieldset).
  function anchorsOf(sel, seen) {
    const parts = []; // compounds: {text, comb: the combinator after it}
    let start = 0;
    // end closes the compound before i; ch is the combinator met there
    // (" " for white space, "" at the end).
    const end = (i, ch) => {
      const text = sel.slice(start, i).trim();
      if (text) parts.push({ text, comb: " " });
      if (ch !== " " && parts.length) parts[parts.length - 1].comb = ch;
    };
    eachTopLevel(sel, (ch, i) => {
      if (ch === ">" || ch === "+" || ch === "~" || /\s/.test(ch)) {
        end(i, /\s/.test(ch) ? " " : ch);
        start = i + 1;
      }
    });
    end(sel.length, "");
    for (let i = 0; i < parts.length; i++) {
      const text = parts[i].text;
      if (!contextRe.test(text)) continue;
      // A validity alone depends on content only for a form or a
      // fieldset (one inside another function: any form or fieldset).
      const onlyValidity = !/:has\(|:focus-within/i.test(text);
      let stripped = stripHas(text);
      if (stripped === null) {
        if (!onlyValidity) {
          hasAll = true; // inside :is(), :not() or :where()
          return;
        }
        stripped = "";
      }
      const sib = /:has\(\s*[+~]/i.test(text);
      let up = false;
      for (let j = i; j < parts.length - 1; j++) if (parts[j].comb === "+" || parts[j].comb === "~") up = true;
      let a = stripped.replace(/::?(before|after|marker|placeholder|selection|backdrop|first-line|first-letter)\b/gi, "") || "*";
      if (onlyValidity) a = (a === "*" ? "" : a) + ":is(form, fieldset)";
      try {
        document.createElement("div").matches(a);
      } catch {
        hasAll = true;
        return;
      }
      if (a === "*" && !sib && !up) {
        hasAll = true;
        return;
      }
      const key = a + "|" + sib + "|" + up;
      if (!seen.has(key)) {
        seen.add(key);
        anchors.push({ sel: a, sib, up });
      }
    }
  }

  // stripHas removes the top-level :has(...), :focus-within and
  // validities of a compound, or returns null when one sits inside
  // another function.
  const stripRe = /^(:has\(|:focus-within|:(user-)?(in)?valid\b)/i;
  function stripHas(text) {
    let out = "", depth = 0;
    for (let i = 0; i < text.length; i++) {
      const m = text[i] === ":" ? stripRe.exec(text.slice(i)) : null;
      if (m && depth > 0) return null;
      if (m && m[1].endsWith("(")) {
        let d = 0, j = i + m[1].length - 1;
        for (; j < text.length; j++) {
          if (text[j] === "(") d++;
          else if (text[j] === ")" && --d === 0) break;
        }
        i = j;
        continue;
      }
      if (m) {
        i += m[1].length - 1;
        continue;
      }
      const ch = text[i];
      if (ch === "(") depth++;
      else if (ch === ")") depth--;
      out += ch;
    }
    return out.trim();
  }

  // hasWiden adds to set the anchors that a change at el may restyle
  // through :has(), :focus-within or a validity, or returns false when
  // only a full walk will do. seen are the elements already climbed
  // through (their ancestors too); budget counts the matches() calls
  // of one refresh: past maxWiden, a full walk is cheaper.
  const maxWiden = 100000;
  // widenSibs bounds the earlier siblings read for one anchor: past it,
  // the parent (which holds them all) is read again instead.
  const widenSibs = 32;
  function hasWiden(el, set, seen, budget) {
    if (hasAll) return false;
    for (let a = el; a && !seen.has(a); a = parentOrHost(a)) {
      seen.add(a);
      budget.n += anchors.length;
      if (budget.n > maxWiden) return false;
      for (const an of anchors) {
        if (a.matches(an.sel)) set.add(an.up ? parentOrHost(a) || a : a);
        if (!an.sib) continue;
        let n = 0;
        for (let s = a.previousElementSibling; s; s = s.previousElementSibling) {
          if (++n > widenSibs) {
            set.add(parentOrHost(a) || a);
            break;
          }
          if (s.matches(an.sel)) set.add(an.up ? parentOrHost(s) || s : s);
        }
        budget.n += n;
      }
    }
    return true;
  }

