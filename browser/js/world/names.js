  // ---- accessible names -----------------------------------------------------
  // The accessible name computation (accname 1.2) as Playwright implements it.

  const noNameRoles = new Set(["caption", "code", "definition", "deletion", "emphasis", "generic", "insertion",
    "mark", "paragraph", "presentation", "strong", "subscript", "suggestion", "superscript", "term", "time"]);
  const nameFromContentRoles = new Set(["button", "cell", "checkbox", "columnheader", "gridcell", "heading",
    "link", "menuitem", "menuitemcheckbox", "menuitemradio", "option", "radio", "row", "rowheader", "switch",
    "tab", "tooltip", "treeitem"]);
  const nameFromContentInside = new Set(["", "caption", "code", "contentinfo", "definition", "deletion",
    "emphasis", "insertion", "list", "listitem", "mark", "none", "paragraph", "presentation", "region", "row",
    "rowgroup", "section", "strong", "subscript", "superscript", "table", "term", "time"]);
  const rangeRoles = new Set(["progressbar", "scrollbar", "slider", "spinbutton", "meter"]);
  const placeholderTypes = new Set(["text", "password", "number", "search", "tel", "email", "url"]);

  // naming is the element whose name is being computed, for change
  // tracking (changes.js): a name read from elsewhere (a label, an
  // aria-labelledby target) is read again when that source changes.
  let naming = null;

  function accessibleName(el, rec) {
    if (!rec) rec = info(el);
    let v = rec.name;
    if (v === undefined) {
      const saved = naming;
      naming = el;
      try {
        v = rec.name = noNameRoles.has(getRole(el, rec) || "") ? "" : normalizeWS(textAlt(el, { visited: new Set(), tgt: "self" }));
      } finally {
        naming = saved;
      }
    }
    return v;
  }

  // textAlt computes the text alternative of el. o: visited (a Set shared
  // by the whole computation), lb / lab / nta (traversing an aria-labelledby
  // target, a <label>, a native text alternative: {hidden}), tgt ("self" on
  // the element being named, "descendant" below it).
  function textAlt(el, o) {
    if (o.visited.has(el)) return "";
    const childO = o.tgt === "self" ? { ...o, tgt: "descendant" } : o;
    const inHiddenRef = (o.lb && o.lb.hidden) || (o.nta && o.nta.hidden) || (o.lab && o.lab.hidden);
    if (isIgnored(el) || (!inHiddenRef && hiddenForAria(el))) {
      o.visited.add(el);
      return "";
    }
    let labelledBy = null;
    if (el.hasAttribute("aria-labelledby")) {
      const refs = idRefs(el, "aria-labelledby");
      if (refs.length) labelledBy = refs;
      if (tracking && naming) noteNamedBy(el, naming, refs);
    }
    if (!o.lb && labelledBy) {
      const text = labelledBy.map((ref) => textAlt(ref, {
        visited: o.visited, lb: { hidden: hiddenForAria(ref) },
      })).join(" ");
      if (text) return text;
    }

    const role = getRole(el) || "";
    const tag = tagOf(el);

    // An embedded control contributes its value.
    if (o.lab || o.lb || o.tgt === "descendant") {
      if (!(labelledBy && labelledBy.includes(el))) {
        if (role === "textbox" || role === "searchbox") {
          o.visited.add(el);
          if (isSecret(el)) return ""; // a secret is nobody's name
          return (tag === "INPUT" || tag === "TEXTAREA" ? el.value : el.textContent) || "";
        }
        if (role === "combobox" || role === "listbox") {
          o.visited.add(el);
          let selected;
          if (tag === "SELECT") {
            selected = [...el.selectedOptions];
            if (!selected.length && el.options.length) selected.push(el.options[0]);
          } else {
            const listbox = role === "combobox" ? inAriaOwned(el, "*").find((e) => getRole(e) === "listbox") : el;
            selected = listbox ? inAriaOwned(listbox, '[aria-selected="true"]').filter((e) => getRole(e) === "option") : [];
          }
          if (!selected.length && tag === "INPUT") return el.value || "";
          return selected.map((opt) => textAlt(opt, childO)).join(" ");
        }
        if (rangeRoles.has(role)) {
          o.visited.add(el);
          if (el.hasAttribute("aria-valuetext")) return el.getAttribute("aria-valuetext") || "";
          if (el.hasAttribute("aria-valuenow")) return el.getAttribute("aria-valuenow") || "";
          return el.getAttribute("value") || "";
        }
        if (role === "menu") {
          o.visited.add(el);
          return "";
        }
      }
    }

    const ariaLabel = el.getAttribute("aria-label") || "";
    if (ariaLabel.trim()) {
      o.visited.add(el);
      return ariaLabel;
    }

    if (role !== "presentation" && role !== "none") {
      const native = nativeName(el, tag, o, childO, labelledBy);
      if (native !== undefined) return native;
    }

    const summary = tag === "SUMMARY" && role !== "presentation" && role !== "none";
    if (nameFromContentRoles.has(role) || (o.tgt === "descendant" && nameFromContentInside.has(role)) ||
      summary || o.lb || o.lab || o.nta) {
      o.visited.add(el);
      const text = contentText(el, childO);
      if (o.tgt === "self" ? text.trim() : text) return text;
    }

    if ((role !== "presentation" && role !== "none") || tag === "IFRAME" || tag === "FRAME") {
      o.visited.add(el);
      const title = el.getAttribute("title") || "";
      if (title.trim()) return title;
    }
    o.visited.add(el);
    return "";
  }

  // nativeName returns the name HTML gives el (labels, alt, legend, caption,
  // placeholder, ...) or undefined to go on with content and title.
  function nativeName(el, tag, o, childO, labelledBy) {
    if (tag === "INPUT") {
      const type = el.type;
      if (type === "button" || type === "submit" || type === "reset") {
        o.visited.add(el);
        const value = el.value || "";
        if (value.trim()) return value;
        if (type === "submit") return "Submit";
        if (type === "reset") return "Reset";
        return el.getAttribute("title") || "";
      }
      if (type === "file") {
        o.visited.add(el);
        const labels = labelsOf(el);
        if (labels.length && !o.lb) return fromLabels(labels, o);
        return "Choose File";
      }
      if (type === "image") {
        o.visited.add(el);
        const labels = labelsOf(el);
        if (labels.length && !o.lb) return fromLabels(labels, o);
        const alt = el.getAttribute("alt") || "";
        if (alt.trim()) return alt;
        const title = el.getAttribute("title") || "";
        if (title.trim()) return title;
        return "Submit";
      }
    }
    if (!labelledBy && tag === "BUTTON") {
      o.visited.add(el);
      const labels = labelsOf(el);
      if (labels.length) return fromLabels(labels, o);
    }
    if (!labelledBy && tag === "OUTPUT") {
      o.visited.add(el);
      const labels = labelsOf(el);
      if (labels.length) return fromLabels(labels, o);
      return el.getAttribute("title") || "";
    }
    if (!labelledBy && (tag === "TEXTAREA" || tag === "SELECT" || tag === "INPUT" || tag === "METER" || tag === "PROGRESS")) {
      o.visited.add(el);
      const labels = labelsOf(el);
      if (labels.length) return fromLabels(labels, o);
      const usePlaceholder = (tag === "INPUT" && placeholderTypes.has(el.type)) || tag === "TEXTAREA";
      const placeholder = el.getAttribute("placeholder") || "";
      const title = el.getAttribute("title") || "";
      if (!usePlaceholder || title) return title;
      return placeholder;
    }
    if (!labelledBy && (tag === "FIELDSET" || tag === "FIGURE")) {
      o.visited.add(el);
      const want = tag === "FIELDSET" ? "LEGEND" : "FIGCAPTION";
      for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
        if (tagOf(c) === want) return textAlt(c, { ...childO, nta: { hidden: hiddenForAria(c) } });
      }
      return el.getAttribute("title") || "";
    }
    if (tag === "IMG" || tag === "AREA") {
      o.visited.add(el);
      const alt = el.getAttribute("alt") || "";
      if (alt.trim()) return alt;
      return el.getAttribute("title") || "";
    }
    if (tag === "TABLE") {
      o.visited.add(el);
      for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
        if (tagOf(c) === "CAPTION") return textAlt(c, { ...childO, nta: { hidden: hiddenForAria(c) } });
      }
      const summary = el.getAttribute("summary") || "";
      if (summary) return summary;
    }
    if (tag === "SVG" || el.ownerSVGElement) {
      o.visited.add(el);
      for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
        if (tagOf(c) === "TITLE" && c.ownerSVGElement) return textAlt(c, { ...childO, lb: { hidden: hiddenForAria(c) } });
      }
    }
    if (el.ownerSVGElement && tag === "A") {
      const title = el.getAttribute("xlink:title") || "";
      if (title.trim()) {
        o.visited.add(el);
        return title;
      }
    }
    return undefined;
  }

  // labelsOf is el.labels, from one pass over the labels of el's tree
  // scope per snapshot: Chromium's el.labels walks the whole document on
  // every call, which made a page of labelled fields quadratic.
  function labelsOf(el) {
    if (!cLabels) return el.labels || [];
    // A refresh reads few elements: their labels are looked up one by one.
    const list = partialWalk ? labelsNear(el) : labelsIn(el);
    if (list.length && tracking && naming) for (const l of list) addSource(l, naming);
    return list;
  }

  // labelsNear is el.labels without walking the whole document (which
  // Chromium's el.labels does): the labels around el and those whose for
  // names its id, in document order.
  function labelsNear(el) {
    if (!el.labels) return [];
    const out = [];
    for (let a = el.parentElement; a; a = a.parentElement) {
      if (tagOf(a) === "LABEL" && a.control === el) out.push(a);
    }
    if (el.id) {
      const scope = el.getRootNode();
      if (scope.querySelectorAll) {
        for (const l of scope.querySelectorAll("label[for=\"" + CSS.escape(el.id) + "\"]")) {
          if (l.control === el && !out.includes(l)) out.push(l);
        }
      }
    }
    if (out.length > 1) out.sort((x, y) => (x.compareDocumentPosition(y) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    return out;
  }

  function labelsIn(el) {
    const scope = el.getRootNode();
    let m = cLabels.get(scope);
    if (!m) {
      m = new Map();
      if (scope.querySelectorAll) {
        for (const label of scope.querySelectorAll("label")) {
          const c = label.control;
          if (!c) continue;
          const list = m.get(c);
          if (list) list.push(label);
          else m.set(c, [label]);
        }
      }
      cLabels.set(scope, m);
    }
    return m.get(el) || [];
  }

  function fromLabels(labels, o) {
    const parts = [];
    for (const label of labels) {
      const t = textAlt(label, { visited: o.visited, lab: { hidden: hiddenForAria(label) } });
      if (t) parts.push(t);
    }
    return parts.join(" ");
  }

  function inAriaOwned(el, css) {
    const out = [...el.querySelectorAll(css)];
    for (const owned of idRefs(el, "aria-owns")) {
      if (owned.matches(css)) out.push(owned);
      out.push(...owned.querySelectorAll(css));
    }
    return out;
  }

  // contentText is the text of el's content (name from content): children
  // in the flat tree, CSS generated content, owned elements.
  function contentText(el, o) {
    let out = cssContent(el, "::before") || "";
    const visit = (node, skipSlotted) => {
      if (skipSlotted && node.assignedSlot) return;
      if (node.nodeType === 1) {
        let t = textAlt(node, o);
        if ((displayOf(node) || "inline") !== "inline" || node.nodeName === "BR") t = " " + t + " ";
        out += t;
      } else if (node.nodeType === 3) {
        out += node.textContent || "";
      }
    };
    const own = cssContent(el, "");
    if (own !== undefined) {
      out += own;
    } else {
      const assigned = el.nodeName === "SLOT" ? el.assignedNodes() : [];
      if (assigned.length) {
        for (const c of assigned) visit(c, false);
      } else {
        for (let c = el.firstChild; c; c = c.nextSibling) visit(c, true);
        if (el.shadowRoot) for (let c = el.shadowRoot.firstChild; c; c = c.nextSibling) visit(c, true);
        for (const owned of idRefs(el, "aria-owns")) visit(owned, true);
      }
    }
    out += cssContent(el, "::after") || "";
    return out;
  }

