  // ---- refresh ------------------------------------------------------------
  // refresh(opts, since) returns what changed in the document since the
  // tracked walk number since, for Ariadne to splice into the snapshot it
  // holds (browser/snapshot_refresh.go). The answer is one of
  //
  //   ""                    nothing changed;
  //   "F\t<gen>\n" lines()  a full walk: the first one, a since that is not
  //                         the last walk, or changes that cannot be
  //                         bounded (fullReason);
  //   "P\t<gen>\t<doc>\t<url>\t<title>", then for each changed subtree a
  //                         line "@\t<handle>" (the element whose node it
  //                         replaces) and the subtree's lines as lines()
  //                         writes them, parent indexes counted from the
  //                         subtree's root (-1).
  //
  // A changed subtree is the node of the nearest element with a node at or
  // above a change, and above it every node whose name comes from its
  // content (a row around a changed cell), read again whole: what the walk
  // produces for a node depends only on the node's subtree, once its
  // ancestors are unchanged (hidden, disabled, their content rules), which
  // the observer makes sure of by noting the ancestor that changed instead.
  // A subtree whose root stopped being a node (hidden, no role) moves up
  // to the next node, up to a full walk at the body.
  let gen = 0;
  let lastActive = null; // the focused element at the last tracked walk
  let partialWalk = false; // set while refresh walks changed subtrees

  // stats describe the last refresh that walked: its time in ms, the
  // subtrees re-walked and whether it was a full walk (for benchmarks).
  let stats = null;

  // A poll (live follow's check) compares the style sheets' rules in
  // turns (silent.js, checkSilent) while nothing else changed, as the DOM
  // version check does, so that a quiet page with a large style sheet
  // costs little; before it walks, it compares them all.
  function refresh(opts, since, poll) {
    const t0 = performance.now();
    noteRecords(observer.takeRecords());
    if (since !== gen || gen === 0 || fullReason) return fullRefresh(opts, t0);
    checkSilent(!poll);
    // Focus moves without a mutation, and without focus events in a page
    // that does not have the window's focus.
    const active = deepActiveElement();
    if (active !== lastActive) {
      for (const el of [lastActive, active]) {
        if (el && el.isConnected) {
          mark(el);
          mark(parentOrHost(el) || el);
        }
      }
    }
    if (fullReason) return fullRefresh(opts, t0);
    if (dirty.size === 0) return "";
    if (poll && sheetsChanged(true)) return fullRefresh(opts, t0);
    beginCaches();
    containers = !!(opts && opts.containers);
    tracking = partialWalk = true;
    let parts;
    const walked = [];
    try {
      parts = regions(walked);
    } finally {
      endCaches();
      containers = false;
      tracking = partialWalk = false;
    }
    if (parts === null) return fullRefresh(opts, t0);
    noteControlsIn(walked);
    // The walk entered new shadow roots: their style sheets count too.
    if (scopes.length !== printScopes) readSheets();
    stats = { ms: performance.now() - t0, subtrees: parts.length, full: false };
    clearDirty();
    lastActive = active;
    gen++;
    const out = ["P\t" + gen + "\t" + esc(doc) + "\t" + esc(location.href) + "\t" + esc(document.title)];
    for (const n of parts) {
      out.push("@\t" + n.h);
      emitTree(out, n);
    }
    return out.join("\n");
  }

  // fullRefresh is a tracked full walk, which starts the notes afresh.
  function fullRefresh(opts, t0) {
    nodeEls = new WeakSet();
    sourceOf = new WeakMap();
    labelledBy = new Map();
    resetControls();
    clearDirty();
    lastActive = deepActiveElement();
    tracking = true;
    let text;
    try {
      text = lines(opts);
    } finally {
      tracking = false;
    }
    eachScope(noteControls);
    readSheets();
    ownsSeen = document.querySelector("[aria-owns]") !== null;
    gen++;
    stats = { ms: performance.now() - t0, subtrees: 0, full: true, reason: fullReason || "first" };
    fullReason = "";
    return "F\t" + gen + "\n" + text;
  }

  // walkParent is the element whose content the walk reads el in: its
  // slot, its parent, or its shadow root's host.
  function walkParent(el) {
    if (el.assignedSlot) return el.assignedSlot;
    return parentOrHost(el);
  }

  // regions walks the changed subtrees again and returns their nodes, or
  // null when only a full walk will do; walked gets the subtrees' roots.
  function regions(walked) {
    if (ownsSeen) return null; // aria-owns moves content between subtrees
    beginWalk();
    // :has(), :focus-within and validity rules restyle the anchors above
    // a change.
    if (anchors.length || hasAll) {
      const wide = new Set(), seen = new Set(), budget = { n: 0 };
      for (const el of dirty) if (el.isConnected && !hasWiden(el, wide, seen, budget)) return null;
      for (const el of wide) dirty.add(el);
    }
    const roots = new Set();
    const named = [];
    for (const el of dirty) {
      if (!el.isConnected) continue; // its removal marked its parent
      const r = regionOf(el, named);
      if (r === null) return null;
      roots.add(r);
    }
    for (const el of named) {
      if (!el.isConnected) continue;
      const r = regionOf(el, null);
      if (r === null) return null;
      roots.add(r);
    }
    for (const el of labelledBy.keys()) if (!el.isConnected) labelledBy.delete(el);
    for (;;) {
      const out = [];
      walked.length = 0;
      let again = null;
      for (const r of outermost(roots)) {
        if (r === document.body || r === document.documentElement) return null;
        const holder = { r: "", k: [] };
        visit(holder, r, contentFlags(r.getRootNode()), false);
        const k = holder.k;
        // Still one node, of the same element: it replaces the old one.
        if (k.length === 1 && k[0].h === handleOf(r)) {
          out.push(k[0]);
          walked.push(r);
        } else (again || (again = [])).push(r);
      }
      if (again === null) return out;
      for (const r of again) {
        roots.delete(r);
        const p = walkParent(r);
        const up = p && regionOf(p, null);
        if (!up) return null;
        roots.add(up);
      }
    }
  }

  // regionOf returns the element whose node a change at el is read again
  // in, or null for the document's root. It adds to named (when given) the
  // elements that el or its ancestors name (labels, aria-labelledby).
  function regionOf(el, named) {
    let r = null;
    for (let a = el; a; a = walkParent(a)) {
      if (named !== null) {
        const list = sourceOf.get(a);
        if (list !== undefined) named.push(...list);
      }
      if (!nodeEls.has(a)) continue;
      // A select's value is its selected option's text.
      if (r === null || nameFromContentRoles.has(getRole(a) || "") || tagOf(a) === "SELECT") r = a;
    }
    return r;
  }

  // outermost returns the roots that no other root contains.
  function outermost(roots) {
    const out = [];
    for (const r of roots) {
      let inside = false;
      for (let a = walkParent(r); a && !inside; a = walkParent(a)) inside = roots.has(a);
      if (!inside) out.push(r);
    }
    return out;
  }

  function refreshStats() {
    return stats;
  }
