  // ---- change tracking ------------------------------------------------------
  // A MutationObserver, started with the world, notes which parts of the
  // document changed since the last tracked walk (refresh.js), so that a
  // refresh re-reads only those. It notes elements, not answers: refresh.js
  // turns them into the subtrees to walk again. What it cannot bound (a
  // style sheet, the viewport's size, too many changes at once) asks for a
  // full walk instead.

  // tracking is set during walks whose result Ariadne keeps (refresh.js):
  // the walk then records which elements have nodes (nodeEls), which
  // elements name others (sourceOf: a label or an aria-labelledby target ->
  // the elements it names; labelledBy: an element with aria-labelledby ->
  // the element being named), and observes the shadow roots it enters.
  let tracking = false;
  let nodeEls = new WeakSet();
  let sourceOf = new WeakMap();
  let labelledBy = new Map();

  function addSource(src, named) {
    const list = sourceOf.get(src);
    if (list === undefined) sourceOf.set(src, [named]);
    else if (!list.includes(named)) list.push(named);
  }

  // noteNamedBy records that the name of named reads el's aria-labelledby
  // targets refs.
  function noteNamedBy(el, named, refs) {
    labelledBy.set(el, named);
    for (const r of refs) addSource(r, named);
  }

  // markNamed notes the elements that src (changed, added or removed) names.
  function markNamed(src) {
    const list = sourceOf.get(src);
    if (list !== undefined) for (const named of list) mark(named);
  }
  // version counts the mutation records, events and silent changes seen
  // (version(), for the DOM version check): it moves whenever the page
  // may have changed.
  let version = 0;

  // dirty are elements whose content, attributes or state changed since
  // the last tracked walk; fullReason is set when only a full walk will do.
  const dirty = new Set();
  let fullReason = "";
  // ownsSeen: the document has, or had since the last full walk, an
  // aria-owns (which moves content between subtrees: refreshes walk it
  // all).
  let ownsSeen = false;
  // maxDirty bounds the noted elements: past it, a full walk is cheaper.
  const maxDirty = 5000;
  // evMarked are the elements an event marked since the last tracked
  // walk: typing marks a field once, not at every key.
  const evMarked = new Set();

  function clearDirty() {
    dirty.clear();
    evMarked.clear();
  }

  const observed = new WeakSet();
  const observer = new MutationObserver(noteRecords);
  function observeRoot(root) {
    if (observed.has(root)) return;
    observed.add(root);
    if (root !== document) addScope(root);
    observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  }
  observeRoot(document);

  // styleTags are elements whose coming, going or changing restyles the
  // page: any of them asks for a full walk.
  const styleTags = new Set(["STYLE", "LINK"]);

  function needFull(reason) {
    if (!fullReason) fullReason = reason;
  }

  // mark notes el (an element, or a shadow root's host) as changed.
  function mark(el) {
    if (fullReason) return;
    if (el && el.nodeType === 11) el = el.host;
    if (!el || el.nodeType !== 1) {
      needFull("a change outside the elements");
      return;
    }
    dirty.add(el);
    if (dirty.size > maxDirty) needFull("more than " + maxDirty + " changed elements");
  }

  // touchesStyle reports whether node (added or removed) is or holds a
  // style sheet.
  function touchesStyle(node) {
    if (node.nodeType !== 1) return false;
    if (styleTags.has(tagOf(node))) return true;
    return node.firstElementChild !== null && node.querySelector("style, link") !== null;
  }

  // markSources notes the elements that node (added or removed) or its
  // descendants name: the control of a label, the elements whose
  // aria-labelledby lists an id in it.
  function markSources(node) {
    if (node.nodeType !== 1) return;
    const els = node.firstElementChild ? [node, ...node.querySelectorAll("label, [id]")] : [node];
    for (const el of els) {
      markNamed(el);
      if (tagOf(el) === "LABEL" && el.control) mark(el.control);
      if (el.id && labelledBy.size) {
        for (const [by, named] of labelledBy) {
          if ((by.getAttribute("aria-labelledby") || "").split(/\s+/).includes(el.id)) mark(named);
        }
      }
    }
  }

  function inHead(node) {
    const head = document.head;
    return head !== null && (node === head || head.contains(node));
  }

  function noteRecords(records) {
    version += records.length;
    for (const r of records) {
      if (fullReason) return;
      const t = r.target;
      switch (r.type) {
        case "attributes": {
          if (styleTags.has(tagOf(t))) needFull("a style sheet changed");
          else if (inHead(t)) continue;
          else if (r.attributeName === "id" || r.attributeName === "for") needFull("an id or label target changed");
          else if (r.attributeName === "aria-owns") needFull("an aria-owns changed");
          else {
            mark(t);
            // Under a sibling rule (.open + .panel, [aria-expanded=true] ~
            // div, :nth-child(odd of .x)) an attribute restyles the later
            // siblings too: the parent's content is read again.
            if (sibRules) mark(parentOrHost(t) || t);
          }
          break;
        }
        case "characterData": {
          const p = t.parentNode;
          if (p && p.nodeType === 1 && styleTags.has(tagOf(p))) needFull("a style sheet changed");
          else if (p && !inHead(p)) mark(p);
          break;
        }
        case "childList": {
          if (t.nodeType === 9) {
            needFull("the document element changed");
            break;
          }
          for (const list of [r.addedNodes, r.removedNodes]) {
            for (const n of list) {
              if (touchesStyle(n)) needFull("a style sheet came or went");
              if (n.nodeType === 1 && (n.hasAttribute("aria-owns") || (n.firstElementChild && n.querySelector("[aria-owns]")))) needFull("an aria-owns came or went");
              markSources(n);
            }
          }
          if (!inHead(t)) mark(t);
          break;
        }
      }
    }
  }

  // Events that change what the walk reads without a mutation: form values
  // and checked states (input, change), focus, a dialog or popover shown,
  // and the viewport's size (which can restyle everything).
  function markEvent(e) {
    version++;
    if (fullReason) return;
    const path = e.composedPath();
    const t = path.length ? path[0] : e.target;
    if (t && t.nodeType === 1 && !evMarked.has(t)) {
      evMarked.add(t);
      mark(t);
      // A state can restyle the siblings (input:checked + label).
      mark(parentOrHost(t) || t);
      // Checking a radio unchecks the others of its group.
      if (tagOf(t) === "INPUT" && t.type === "radio" && t.name) {
        const scope = t.form || t.getRootNode();
        for (const r of scope.querySelectorAll("input[type=radio]")) if (r.name === t.name) mark(r);
      }
    }
  }
  for (const type of ["input", "change", "focusin", "focusout", "toggle", "reset"]) {
    window.addEventListener(type, markEvent, true);
  }
  window.addEventListener("resize", () => {
    version++;
    needFull("the viewport changed");
  }, true);
  // A new fragment moves :target.
  window.addEventListener("hashchange", () => {
    version++;
    needFull("the URL's fragment changed");
  }, true);

  // pageVersion is the DOM version check's number (browser/live.go): it
  // changes when a mutation, an event or a silent change (silent.js) may
  // have changed what a walk reads.
  function pageVersion() {
    noteRecords(observer.takeRecords());
    if (checkSilent(false)) version++;
    return version;
  }
