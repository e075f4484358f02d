  // ---- what changes without a mutation ----------------------------------------
  // A script can set a control's value or checked state without an event,
  // and edit a style sheet through the CSSOM (insertRule, deleteRule,
  // replaceSync, adoptedStyleSheets): no mutation record says so, and
  // Ariadne's world cannot hook the page's own methods (another world).
  // So the version check (version(), browser/live.go) and every refresh
  // compare what they can read cheaply with what the last tracked walk
  // read:
  //
  //   - controls: each input, textarea and select of the document (and of
  //     the shadow roots the walks entered), and each option outside a
  //     select, with the value, checked state or selected options at its
  //     last walk; one that differs is marked
  //     changed (up to 2,000 controls a check, in turns on a page with
  //     more: sweepBudget);
  //   - the style sheets' shape (sheets.js); any difference asks for a
  //     full walk.

  // The controls and their state at their last walk, one list
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
    sweepAt = [0, 0, 0];
  }

  // optionsState is a select's selected options, or whether an option
  // outside any select (moved out of it, in a datalist) is selected.
  function optionsState(el) {
    if (el.selectedOptions === undefined) return el.selected ? "s" : "";
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
    else if (tag === "OPTION") {
      if (el.closest("select")) return; // its select's state holds it
      kind = 2;
    }
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
  const controlSel = "input:not([type=hidden]), textarea, select, option";
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
  // has them read in turns, each list from a position of its own (sweepAt;
  // a control added to a list goes at its end, so no other list's turn
  // moves), each list's share of the budget in proportion to its length,
  // so that a check costs the same on any page. A control a script changes
  // without an event is seen within ceil(controls / sweepBudget) checks
  // (at 10,000 controls, 5: five seconds of live follow), counted from the
  // last prune, which starts the turns again; one that an event reports
  // (input, change) is marked by the event at once.
  const sweepBudget = 2000;
  let sweepAt = [0, 0, 0];
  const sweepers = [sweepValues, sweepChecks, sweepSelects];

  // checkControls compares controls with their state at their last walk
  // (all of them, or sweepBudget of them in turns), marks those that
  // changed and reports whether any did.
  function checkControls() {
    const total = controlCount();
    let changed = false;
    for (let kind = 0; kind < 3; kind++) {
      const n = ctlEls[kind].length;
      if (n === 0) continue;
      if (total <= sweepBudget) {
        if (sweepers[kind](0, n)) changed = true;
        continue;
      }
      const share = Math.min(n, Math.ceil((sweepBudget * n) / total));
      const at = sweepAt[kind] < n ? sweepAt[kind] : 0;
      const end = at + share;
      if (sweepers[kind](at, Math.min(end, n))) changed = true;
      if (end > n && sweepers[kind](0, end - n)) changed = true;
      sweepAt[kind] = end % n;
    }
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

  // checkSilent compares the controls and the style sheets with what the
  // last tracked walk read, marks what changed (a control's parent: its
  // state can restyle its siblings, input:checked + label) and reports
  // whether anything did. all (a refresh) reads every sheet's rules; the
  // version check reads them in turns (sheets.js, sheetsChanged).
  function checkSilent(all) {
    let changed = checkControls();
    pruneControls();
    if (!fullReason && gen > 0 && sheetsChanged(all)) {
      needFull("a style sheet changed");
      changed = true;
    }
    return changed;
  }
