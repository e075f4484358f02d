  // ---- what changes without a mutation ----------------------------------------
  // A script can set a control's value or checked state without an event,
  // and edit a style sheet through the CSSOM (insertRule, deleteRule,
  // replaceSync, adoptedStyleSheets): no mutation record says so, and
  // Ariadne's world cannot hook the page's own methods (another world).
  // So the version check (version(), browser/live.go) and every refresh
  // compare what they can read cheaply with what the last tracked walk
  // read:
  //
  //   - controls: each input, textarea and select that has a node, with
  //     the value, checked state or selected options its walk read; one
  //     that differs is marked changed (up to 2,000 controls a check, in
  //     turns on a page with more: sweepBudget);
  //   - the style sheets' shape: each sheet of the document and of the
  //     shadow roots the walks entered, with its rules (their identity,
  //     nested lists included); any difference asks for a full walk.
  //
  // A rule's declarations edited in place (rule.style.x = ...) and the
  // rules of a sheet from another origin (unreadable) are not seen.
  //
  // :has() and :focus-within restyle an element when something inside it
  // (or after it) changes: their rules' anchors (the compound they sit in,
  // without them) widen each change to the anchors above it (hasWiden).

  // The controls with a node and their state at their last walk, one list
  // per kind (0 a value, 1 a checked state, 2 a select's options), each as
  // parallel arrays, so that the check reads one or two properties per
  // control and nothing else (10,000 controls on a large page, at every
  // version check and every refresh). ctlAt finds an element's kind and
  // place (index * 3 + kind); an element whose kind changed leaves a null
  // in its old list.
  let ctlEls = [[], [], []], ctlStates = [[], [], []];
  let ctlAt = new Map();
  let ctlPruned = 0; // how many were kept at the last prune

  function resetControls() {
    ctlEls = [[], [], []];
    ctlStates = [[], [], []];
    ctlAt = new Map();
    ctlPruned = 0;
  }

  function optionsState(el) {
    let s = "";
    for (const o of el.selectedOptions) s += o.index + ",";
    return s;
  }

  function controlState(el, kind) {
    if (kind === 0) return el.value;
    if (kind === 1) return el.indeterminate ? (el.checked ? 3 : 2) : el.checked ? 1 : 0;
    return optionsState(el);
  }

  // noteControl records el's state, for a tracked walk making its node.
  function noteControl(el, tag) {
    let kind;
    if (tag === "SELECT") kind = 2;
    else if (tag === "TEXTAREA") kind = 0;
    else if (tag === "INPUT") kind = el.type === "checkbox" || el.type === "radio" ? 1 : 0;
    else return;
    const st = controlState(el, kind);
    const at = ctlAt.get(el);
    if (at !== undefined) {
      if (at % 3 === kind) {
        ctlStates[kind][(at - kind) / 3] = st;
        return;
      }
      ctlEls[at % 3][(at - (at % 3)) / 3] = null;
    }
    ctlAt.set(el, ctlEls[kind].length * 3 + kind);
    ctlEls[kind].push(el);
    ctlStates[kind].push(st);
  }

  // A control with no node matters too: its state restyles others
  // (.toggle:checked + .panel, .card:has(input:checked)) and its value
  // names what an aria-labelledby points at it. noteControls notes every
  // control of root (an element and its subtree, or a tree scope), after
  // a tracked walk read it; the walk itself notes those with a node.
  const controlSel = "input:not([type=hidden]), textarea, select";
  function noteControls(root) {
    if (root.nodeType === 1 && root.matches(controlSel)) noteControl(root, tagOf(root));
    for (const el of root.querySelectorAll(controlSel)) noteControl(el, tagOf(el));
  }

  // noteControlsIn notes the controls of the subtrees a refresh walked
  // again, the shadow roots they hold included.
  function noteControlsIn(roots) {
    for (const r of roots) noteControls(r);
    eachScope((scope) => {
      if (scope === document) return;
      for (const r of roots) {
        if (r.contains(scope.host)) {
          noteControls(scope);
          break;
        }
      }
    });
  }

  function controlCount() {
    return ctlEls[0].length + ctlEls[1].length + ctlEls[2].length;
  }

  // pruneControls drops the controls that left the document, once the
  // lists doubled since the last prune (refreshes add the controls of the
  // subtrees they walk again).
  function pruneControls() {
    if (controlCount() <= 2 * ctlPruned + 64) return;
    const els = ctlEls, states = ctlStates;
    resetControls();
    for (let kind = 0; kind < 3; kind++) {
      const list = els[kind];
      for (let i = 0; i < list.length; i++) {
        const el = list[i];
        if (el === null || !el.isConnected) continue;
        ctlAt.set(el, ctlEls[kind].length * 3 + kind);
        ctlEls[kind].push(el);
        ctlStates[kind].push(states[kind][i]);
      }
    }
    ctlPruned = controlCount();
  }

  // controlChanged marks a control whose state changed (and its parent:
  // its state can restyle its siblings, input:checked + label).
  function controlChanged(el) {
    if (!el.isConnected) return false;
    mark(el);
    mark(parentOrHost(el) || el);
    return true;
  }

  // sweepBudget bounds the controls one check reads: a page with more
  // has them read in turns (sweepAt is where the next check starts), so
  // that a check costs the same on any page. A control a script changes
  // without an event is seen within ceil(controls / sweepBudget) checks
  // (at 10,000 controls, 5: five seconds of live follow); one that an
  // event reports (input, change) is marked by the event at once.
  const sweepBudget = 2000;
  let sweepAt = 0;

  // checkControls compares controls with their state at their last walk
  // (all of them, or sweepBudget of them in turns), marks those that
  // changed and reports whether any did.
  function checkControls() {
    const n0 = ctlEls[0].length, n1 = ctlEls[1].length, total = n0 + n1 + ctlEls[2].length;
    if (total <= sweepBudget) return sweepRange(0, total, n0, n1);
    if (sweepAt >= total) sweepAt = 0;
    const end = sweepAt + sweepBudget;
    let changed = sweepRange(sweepAt, Math.min(end, total), n0, n1);
    if (end > total && sweepRange(0, end - total, n0, n1)) changed = true;
    sweepAt = end % total;
    return changed;
  }

  // sweepRange checks the controls from..to of the three lists taken
  // as one (n0, n1: the lengths of the first two).
  function sweepRange(from, to, n0, n1) {
    let changed = false;
    if (from < n0 && sweepValues(from, Math.min(to, n0))) changed = true;
    if (to > n0 && from < n0 + n1 && sweepChecks(Math.max(from, n0) - n0, Math.min(to, n0 + n1) - n0)) changed = true;
    if (to > n0 + n1 && sweepSelects(Math.max(from, n0 + n1) - n0 - n1, to - n0 - n1)) changed = true;
    return changed;
  }

  function sweepValues(from, to) {
    let changed = false;
    const els = ctlEls[0], states = ctlStates[0];
    for (let i = from; i < to; i++) {
      const el = els[i];
      if (el === null) continue;
      const v = el.value;
      if (v !== states[i]) {
        states[i] = v;
        if (controlChanged(el)) changed = true;
      }
    }
    return changed;
  }

  function sweepChecks(from, to) {
    let changed = false;
    const els = ctlEls[1], states = ctlStates[1];
    for (let i = from; i < to; i++) {
      const el = els[i];
      if (el === null) continue;
      const c = el.indeterminate ? (el.checked ? 3 : 2) : el.checked ? 1 : 0;
      if (c !== states[i]) {
        states[i] = c;
        if (controlChanged(el)) changed = true;
      }
    }
    return changed;
  }

  function sweepSelects(from, to) {
    let changed = false;
    const els = ctlEls[2], states = ctlStates[2];
    for (let i = from; i < to; i++) {
      const el = els[i];
      if (el === null) continue;
      const o = optionsState(el);
      if (o !== states[i]) {
        states[i] = o;
        if (controlChanged(el)) changed = true;
      }
    }
    return changed;
  }

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

  // eachSheet calls fn for every style sheet of every scope (imports
  // included) with its rules, or null when they cannot be read.
  function eachSheet(fn) {
    const sheet = (sh) => {
      let rules = null;
      try {
        rules = sh.cssRules;
      } catch {
        // another origin: its rules cannot be read
      }
      fn(sh, rules);
      if (rules) for (const r of rules) if (r.styleSheet) sheet(r.styleSheet);
    };
    eachScope((scope) => {
      for (const sh of scope.styleSheets || []) sheet(sh);
      for (const sh of scope.adoptedStyleSheets || []) sheet(sh);
    });
  }

  // sheetsPrint describes the shape of every style sheet: identity,
  // disabled, and the identity of each rule, nested lists included.
  function sheetsPrint() {
    const out = [];
    const rules = (list) => {
      out.push("[");
      for (const r of list) {
        out.push(idOf(r));
        if (r.cssRules) rules(r.cssRules);
      }
      out.push("]");
    };
    eachSheet((sh, list) => {
      out.push(idOf(sh), sh.disabled ? "d" : "e");
      if (list) rules(list);
      else out.push("x");
    });
    return out.join(",");
  }

  // What the last tracked walk read of the style sheets, and the anchors
  // of their :has() and :focus-within rules ({sel, sib: the argument looks
  // at later siblings, up: the rule styles later siblings of the anchor};
  // hasAll: a rule whose anchor is unknown, so that every change walks the
  // whole page).
  let lastPrint = "";
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
    let quote = "", bracket = 0;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (quote) {
        if (ch === "\\") i++;
        else if (ch === quote) quote = "";
      } else if (ch === '"' || ch === "'") quote = ch;
      else if (ch === "[") bracket++;
      else if (ch === "]") bracket--;
      else if (bracket === 0 && (ch === "+" || ch === "~")) return true;
    }
    return false;
  }

  function readSheets() {
    lastPrint = sheetsPrint();
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

  // checkSilent compares the controls and the style sheets with what the
  // last tracked walk read, marks what changed (a control's parent: its
  // state can restyle its siblings, input:checked + label) and reports
  // whether anything did.
  function checkSilent() {
    let changed = checkControls();
    pruneControls();
    if (!fullReason && gen > 0 && sheetsPrint() !== lastPrint) {
      needFull("a style sheet changed");
      changed = true;
    }
    return changed;
  }
