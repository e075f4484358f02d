  // ---- the walk -------------------------------------------------------------

  function round(x) {
    return Math.round(x * 100) / 100;
  }

  // snapshot returns the walk as JSON: {doc, url, title, count, nodes},
  // nodes in document order, each with the index of its parent (pi). Text
  // nodes have r "#" and their text in n.
  function snapshot(opts) {
    const w = walkWithCaches(opts);
    const nodes = [];
    const flatten = (n, parent) => {
      const idx = nodes.length;
      const kids = n.k;
      const out = { ...n, pi: parent };
      delete out.k;
      nodes.push(out);
      for (const c of kids) {
        if (typeof c === "string") nodes.push({ r: "#", n: c, pi: idx });
        else flatten(c, idx);
      }
    };
    flatten(w.root, -1);
    return JSON.stringify({ doc, url: location.href, title: document.title, count: w.count, nodes });
  }

  // lines returns the same walk in the compact form Ariadne reads
  // (browser/snapshot_build.go, decodeLines): one line per node, fields
  // separated by tabs, with \\, \t, \n and \r escaped in strings. The
  // first line is "A1", doc, url, title, count. A text node is "#", parent
  // index, text. An element is role, parent index, handle, tag, flags
  // (1 disabled, 2 selected, 4 required, 8 focused, 16 interactive,
  // 32 iframe, 64 password field), x, y, width, height, name, value, url, placeholder,
  // checked, pressed, expanded, level, invalid, content origin "x,y";
  // value and url start with "=" when present; trailing empty fields are
  // left out.
  function lines(opts) {
    const w = walkWithCaches(opts);
    const out = ["A1\t" + esc(doc) + "\t" + esc(location.href) + "\t" + esc(document.title) + "\t" + w.count];
    emitTree(out, w.root);
    return out.join("\n");
  }

  // emitTree appends the lines of root and its subtree to out, parent
  // indexes counted from root (whose parent is -1).
  function emitTree(out, root) {
    let index = 0;
    const emit = (n, parent) => {
      const idx = index++;
      const bits = (n.d ? 1 : 0) | (n.s ? 2 : 0) | (n.q ? 4 : 0) | (n.f ? 8 : 0) | (n.a ? 16 : 0) | (n.fr ? 32 : 0) | (n.pw ? 64 : 0);
      const f = [n.r, parent, n.h, n.t || "", bits];
      if (n.b) f.push(n.b[0], n.b[1], n.b[2], n.b[3]);
      else f.push("", "", "", "");
      f.push(n.n ? esc(n.n) : "", n.v !== undefined ? "=" + esc(n.v) : "", n.u !== undefined ? "=" + esc(n.u) : "",
        n.ph !== undefined ? esc(n.ph) : "", n.c || "", n.p || "", n.x || "", n.l || "", n.i || "", n.co ? n.co[0] + "," + n.co[1] : "");
      let end = f.length;
      while (end > 9 && f[end - 1] === "") end--;
      f.length = end;
      out.push(f.join("\t"));
      for (const c of n.k) {
        if (typeof c === "string") {
          index++;
          out.push("#\t" + idx + "\t" + esc(c));
        } else emit(c, idx);
      }
    };
    emit(root, -1);
  }

  const escRe = /[\\\t\n\r]/;
  const escAll = /[\\\t\n\r]/g;
  const escMap = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };
  function esc(s) {
    return escRe.test(s) ? s.replace(escAll, (c) => escMap[c]) : s;
  }

  function walkWithCaches(opts) {
    beginCaches();
    containers = !!(opts && opts.containers);
    try {
      return walk();
    } finally {
      endCaches();
      containers = false;
    }
  }

  // A Gap stands for the space around a block element's content (see
  // merge). Whether the element is a block is only read when it matters.
  class Gap {
    constructor(el, rec) {
      this.el = el;
      this.rec = rec;
    }
  }
  function isBlockGap(g) {
    return (displayOf(g.el, g.rec) || "inline") !== "inline";
  }
  const spaceRe = /\s/;
  function isSpace(ch) {
    return spaceRe.test(ch);
  }
  // firstSignificant and lastSignificant return the first and last
  // character that normalizeWS keeps (zero-width space and soft hyphen
  // vanish), or "".
  function firstSignificant(s) {
    for (let i = 0; i < s.length; i++) {
      const ch = s[i];
      if (ch !== "\u200b" && ch !== "\u00ad") return ch;
    }
    return "";
  }
  function lastSignificant(s) {
    for (let i = s.length - 1; i >= 0; i--) {
      const ch = s[i];
      if (ch !== "\u200b" && ch !== "\u00ad") return ch;
    }
    return "";
  }

  const lowerTags = new Map();
  function lowerTag(el) {
    const t = rawTag(el);
    let l = lowerTags.get(t);
    if (l === undefined) {
      l = t.toLowerCase();
      lowerTags.set(t, l);
    }
    return l;
  }

  // containers, set for one walk, gives a node (role "generic", with a ref)
  // to each element with no role of its own that holds only text: the
  // "Hover me" box or the draggable card a user wants to act on. Playwright's
  // ariaSnapshot has no such nodes, so walks for toMatchAriaSnapshot leave it
  // off.
  let containers = false;

  // Labels and captions stay text: they name something else, which is what
  // a user acts on.
  const notContainers = new Set(["LABEL", "LEGEND", "CAPTION", "FIGCAPTION", "SUMMARY", "OPTION", "TITLE"]);

  function textContainer(el, rec) {
    if (el.firstChild === null || notContainers.has(tagOf(el))) return false;
    let text = false;
    for (let c = el.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) {
        if (c.nodeValue.trim()) text = true;
      } else if (c.nodeType !== 8) return false;
    }
    if (!text || el.shadowRoot) return false;
    const d = displayOf(el, rec);
    return d !== "inline" && d !== "contents";
  }

  // The state of one walk, full or partial (refresh.js), set by beginWalk.
  let wActive = null; // the focused element
  let wCount = 0; // element nodes made
  let wOwned = null; // elements that aria-owns moves elsewhere
  let wSeen = null; // owned elements already read

  function beginWalk() {
    wActive = deepActiveElement();
    wCount = 0;
    // Elements that aria-owns moves elsewhere are read once, where the walk
    // meets them first (owners are looked up in the document, as
    // Playwright does).
    wOwned = new Set();
    // A refresh knows from its notes (changes.js) that there is none.
    if (partialWalk && !ownsSeen) {
      wSeen = new Set();
      return;
    }
    for (const owner of document.querySelectorAll("[aria-owns]")) {
      for (const id of owner.getAttribute("aria-owns").split(/\s+/)) {
        const o = id && document.getElementById(id);
        if (o) wOwned.add(o);
      }
    }
    wSeen = new Set();
  }

  // toNode makes the snapshot node of el, or null if el has no role of its
  // own (its content then belongs to the parent node).
  function toNode(el, rec) {
    const tag = tagOf(el);
    if (tag === "IFRAME" || tag === "FRAME") {
      const r = el.getBoundingClientRect();
      const st = styleOf(el, rec);
      wCount++;
      if (tracking) nodeEls.add(el);
      return {
        h: handleOf(el), r: "iframe", t: lowerTag(el), fr: 1, k: [],
        b: [round(r.x), round(r.y), round(r.width), round(r.height)],
        co: [round(r.x + el.clientLeft + parseFloat(st.paddingLeft || "0")), round(r.y + el.clientTop + parseFloat(st.paddingTop || "0"))],
      };
    }
    let role = getRole(el, rec);
    if (!role && containers && textContainer(el, rec)) role = "generic";
    if (!role || role === "presentation" || role === "none") return null;
    if (role === "generic" && el.childNodes.length === 1 && el.childNodes[0].nodeType === 3 && displayOf(el, rec) === "inline") return null;
    const n = { h: handleOf(el), r: role, t: lowerTag(el), k: [] };
    if (tracking) {
      nodeEls.add(el);
      noteControl(el, tag);
    }
    const name = accessibleName(el, rec);
    if (name) n.n = name;
    states(el, tag, role, n, wActive);
    if ((tag === "INPUT" || tag === "TEXTAREA") && el.type !== "checkbox" && el.type !== "radio" && el.type !== "file") {
      n.k.push(shownValue(el));
    }
    const r = el.getBoundingClientRect();
    n.b = [round(r.x), round(r.y), round(r.width), round(r.height)];
    wCount++;
    return n;
  }

  // hidden is hiddenForAria for an element the walk reached through its
  // parent, which is not hidden: only the element's own state is left.
  function hidden(el, rec) {
    if (isIgnored(el)) return true;
    if (el.nodeName !== "SLOT" && rendered(el, rec)) {
      const a = el.getAttribute("aria-hidden");
      return (rec.ah = a !== null && a.toLowerCase() === "true");
    }
    return hiddenForAria(el, rec);
  }

  // visit reads node into parent. flags are the content rules of node's
  // tree scope; byOwner is set when aria-owns brought node here, away from
  // its own parent.
  function visit(parent, node, flags, byOwner) {
    if (node.nodeType === 3) {
      const t = node.nodeValue;
      if (t && parent.r !== "textbox") parent.k.push(t);
      return;
    }
    if (node.nodeType !== 1) return;
    const el = node;
    if (wOwned.size && wOwned.has(el)) {
      if (wSeen.has(el)) return;
      wSeen.add(el);
    }
    // A record of its own when name computations have not made one: the
    // walk meets each element once.
    const rec = cInfo.get(el) || newInfo();
    if (byOwner ? hiddenForAria(el, rec) : hidden(el, rec)) return;
    let ownedKids = null;
    if (el.hasAttribute("aria-owns")) {
      ownedKids = [];
      for (const id of el.getAttribute("aria-owns").split(/\s+/)) {
        const o = id && document.getElementById(id);
        if (o) {
          ownedKids.push(o);
          wOwned.add(o);
        }
      }
    }
    const n = toNode(el, rec);
    if (n) parent.k.push(n);
    content(n || parent, el, rec, ownedKids, flags);
    if (n) merge(n);
  }

  function content(n, el, rec, ownedKids, flags) {
    const k = n.k;
    // Block content is set off by spaces: a gap, which merge resolves
    // (reading the display) only where it joins two words.
    const gap = el.nodeName === "BR" ? " " : new Gap(el, rec);
    if (k.length) k.push(gap);
    const host = el.shadowRoot !== null && contentFlags(el.shadowRoot).host;
    if (host || flags.allBefore || (flags.before && el.matches(flags.before))) {
      const before = cssContent(el, "::before", true);
      if (before) k.push(before);
    }
    const assigned = el.nodeName === "SLOT" ? el.assignedNodes() : null;
    if (assigned && assigned.length) {
      for (const c of assigned) visit(n, c, contentFlags(c.getRootNode()));
    } else {
      const root = el.shadowRoot;
      if (root && tracking) observeRoot(root);
      for (let c = el.firstChild; c; c = c.nextSibling) {
        if (root === null || !c.assignedSlot) visit(n, c, flags);
      }
      if (root) {
        const inner = contentFlags(root);
        for (let c = root.firstChild; c; c = c.nextSibling) visit(n, c, inner);
      }
    }
    if (ownedKids) for (const c of ownedKids) visit(n, c, contentFlags(c.getRootNode()), true);
    if (host || flags.allAfter || (flags.after && el.matches(flags.after))) {
      const after = cssContent(el, "::after", true);
      if (after) k.push(after);
    }
    k.push(gap);
    // As Playwright does, these come from the element whose content is
    // being read, which is the node's own element but for unusual nesting.
    if (n.r === "link" && el.hasAttribute("href")) n.u = dataURL(el.getAttribute("href"));
    if (n.r === "textbox" && el.hasAttribute("placeholder")) {
      const ph = el.getAttribute("placeholder");
      if (ph !== (n.n || "")) n.ph = ph;
    }
  }

  // merge joins runs of text children into one normalized string, and
  // drops a lone text child that only repeats the node's name.
  function merge(n) {
    const k = n.k;
    if (!k.length) return;
    const out = [];
    let buf = null;  // the current run of text
    let gaps = null; // gaps met since the run's last string
    for (const c of k) {
      if (typeof c === "string") {
        if (gaps !== null && buf !== null) {
          const next = firstSignificant(c);
          if (next === "") {
            buf += c; // only zero-width characters: the gaps still wait
            continue;
          }
          const last = lastSignificant(buf);
          if (last !== "" && !isSpace(last) && !isSpace(next) && gaps.some(isBlockGap)) buf += " ";
        }
        gaps = null;
        buf = buf === null ? c : buf + c;
      } else if (c instanceof Gap) {
        if (buf !== null) (gaps || (gaps = [])).push(c);
      } else {
        if (buf !== null) {
          const t = normalizeWS(buf);
          if (t) out.push(t);
          buf = null;
        }
        gaps = null;
        out.push(c);
      }
    }
    if (buf !== null) {
      const t = normalizeWS(buf);
      if (t) out.push(t);
    }
    if (out.length === 1 && out[0] === (n.n || "")) out.length = 0;
    n.k = out;
  }

  function walk() {
    beginWalk();
    // A document still being parsed may have no document element yet: it
    // reads as an empty page (its handle is the document's own), and the
    // element's coming asks the next refresh for a full walk (changes.js).
    const root = { h: handleOf(document.documentElement || document), r: "document", k: [] };
    const body = document.body;
    if (body) {
      // The body is read like any element, its ancestors as Playwright
      // reads them.
      if (!hiddenForAria(body)) {
        const rec = info(body);
        const n = toNode(body, rec);
        if (n) root.k.push(n);
        content(n || root, body, rec, null, contentFlags(document));
        if (n) merge(n);
      }
    }
    merge(root);
    return { root, count: wCount };
  }

