// Ariadne's in-page helper. It runs in an isolated world that Ariadne creates
// in each frame, so page scripts cannot see or change it, and it is installed
// once per document: a new document gets a new world and a new token, which
// is how Ariadne knows that old refs died.
//
// snapshot() reads the page as Playwright's ariaSnapshot() does (its role,
// name, visibility and text rules; where Chromium's own tree differs,
// Playwright's reading wins), adds what Ariadne needs (handles, boxes,
// values, focus), and returns it as one JSON string.
//
// The expression evaluates to the document token. It is our own code; it
// loads nothing from the page or the network.
(() => {
  if (globalThis.__ariadne) return globalThis.__ariadne.doc;

  const doc = Date.now().toString(36) + "-" + Math.random().toString(36).slice(2, 10);

  // ---- handles ------------------------------------------------------------
  // A small integer per element, stable for the life of the document.

  const handles = new WeakMap();
  const elements = new Map();
  let nextHandle = 1;
  function handleOf(el) {
    let h = handles.get(el);
    if (h === undefined) {
      h = nextHandle++;
      handles.set(el, h);
      elements.set(h, new WeakRef(el));
    }
    return h;
  }
  function elementOf(h) {
    const ref = elements.get(h);
    const el = ref && ref.deref();
    if (!el) {
      elements.delete(h);
      return null;
    }
    return el;
  }

  // ---- caches ---------------------------------------------------------------
  // Live only during one snapshot: the page may change between snapshots.
  // Every helper also works without them (actions call getRole at any time).

  let cStyle = null;   // element -> computed style
  let cRole = null;    // element -> role or null
  let cHidden = null;  // element -> hidden by display:none, aria-hidden or not slotted (self or ancestor)
  let cVisible = null; // element -> checkVisibility() and visibility:visible
  let cName = null;    // element -> accessible name
  let cDisabled = null;
  let cContent = null; // scope (document or shadow root) -> {p, e}: may have pseudo / element content

  function beginCaches() {
    cStyle = new Map();
    cRole = new Map();
    cHidden = new Map();
    cVisible = new Map();
    cName = new Map();
    cDisabled = new Map();
    cContent = new Map();
  }
  function endCaches() {
    cStyle = cRole = cHidden = cVisible = cName = cDisabled = cContent = null;
  }

  function styleOf(el) {
    let s = cStyle && cStyle.get(el);
    if (s === undefined) {
      const view = el.ownerDocument && el.ownerDocument.defaultView;
      s = view ? view.getComputedStyle(el) : null;
      if (cStyle) cStyle.set(el, s);
    }
    return s;
  }

  // ---- DOM helpers --------------------------------------------------------------

  // tagOf is the upper-case tag name (SVG elements have lower-case ones).
  function tagOf(el) {
    const t = el.tagName;
    const c = t.charCodeAt(0);
    return c >= 97 && c <= 122 ? t.toUpperCase() : t;
  }

  // parentOrHost is the parent element, or the host of a shadow root.
  function parentOrHost(el) {
    if (el.parentElement) return el.parentElement;
    const p = el.parentNode;
    if (p && p.nodeType === 11 && p.host) return p.host;
    return null;
  }

  // closestCrossShadow is Element.closest that continues through shadow hosts.
  function closestCrossShadow(el, css) {
    while (el) {
      const c = el.closest(css);
      if (c) return c;
      while (el.parentElement) el = el.parentElement;
      el = parentOrHost(el);
    }
    return null;
  }

  function idRefs(el, attr) {
    const ref = el.getAttribute(attr);
    if (!ref) return [];
    const root = el.getRootNode();
    if (!root || (root.nodeType !== 9 && root.nodeType !== 11)) return [];
    const out = [];
    for (const id of ref.split(" ")) {
      if (!id) continue;
      const e = root.getElementById(id);
      if (e && !out.includes(e)) out.push(e);
    }
    return out;
  }

  function deepActiveElement() {
    let a = document.activeElement;
    while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
    return a;
  }

  function normalizeWS(s) {
    return s.replace(/[\u200b\u00ad]/g, "").trim().replace(/\s+/g, " ");
  }

  // ---- roles --------------------------------------------------------------

  const validRoles = new Set((
    "alert alertdialog application article banner blockquote button caption cell checkbox code " +
    "columnheader combobox complementary contentinfo definition deletion dialog directory document " +
    "emphasis feed figure form generic grid gridcell group heading img insertion link list listbox " +
    "listitem log main mark marquee math menu menubar menuitem menuitemcheckbox menuitemradio meter " +
    "navigation none note option paragraph presentation progressbar radio radiogroup region row " +
    "rowgroup rowheader scrollbar search searchbox separator slider spinbutton status strong " +
    "subscript superscript switch tab table tablist tabpanel term textbox time timer toolbar tooltip " +
    "tree treegrid treeitem").split(" "));

  const noLabelRoles = new Set(["caption", "code", "deletion", "emphasis", "generic", "insertion",
    "paragraph", "presentation", "strong", "subscript", "superscript"]);
  // Global ARIA attributes, with the roles on which each does not count.
  const globalAria = [
    ["aria-atomic", null], ["aria-busy", null], ["aria-controls", null], ["aria-current", null],
    ["aria-describedby", null], ["aria-details", null], ["aria-dropeffect", null], ["aria-flowto", null],
    ["aria-grabbed", null], ["aria-hidden", null], ["aria-keyshortcuts", null],
    ["aria-label", noLabelRoles], ["aria-labelledby", noLabelRoles], ["aria-live", null],
    ["aria-owns", null], ["aria-relevant", null], ["aria-roledescription", new Set(["generic"])],
  ];

  function hasGlobalAria(el, forRole) {
    if (!el.hasAttributes()) return false;
    for (const [attr, not] of globalAria) {
      if (not && not.has(forRole || "")) continue;
      if (el.hasAttribute(attr)) return true;
    }
    return false;
  }

  function hasTabIndex(el) {
    return !Number.isNaN(Number(String(el.getAttribute("tabindex"))));
  }

  function isNativelyFocusable(el) {
    const t = tagOf(el);
    if (t === "BUTTON" || t === "DETAILS" || t === "SELECT" || t === "TEXTAREA") return true;
    if (t === "A" || t === "AREA") return el.hasAttribute("href");
    if (t === "INPUT") return !el.hidden;
    return false;
  }

  function isFocusable(el) {
    return !isNativelyDisabled(el) && (isNativelyFocusable(el) || hasTabIndex(el));
  }

  const landmarkStoppers = "article:not([role]), aside:not([role]), main:not([role]), nav:not([role]), section:not([role]), " +
    "[role=article], [role=complementary], [role=main], [role=navigation], [role=region]";

  const inputRoles = { button: "button", checkbox: "checkbox", image: "button", number: "spinbutton",
    radio: "radio", range: "slider", reset: "button", submit: "button" };

  function isListBoxSelect(el) {
    return el.multiple || el.size > 1;
  }

  function implicitRole(el) {
    switch (tagOf(el)) {
      case "A": case "AREA": return el.hasAttribute("href") ? "link" : null;
      case "ARTICLE": return "article";
      case "ASIDE": return "complementary";
      case "BLOCKQUOTE": return "blockquote";
      case "BUTTON": return "button";
      case "CAPTION": return "caption";
      case "CODE": return "code";
      case "DATALIST": return "listbox";
      case "DD": return "definition";
      case "DEL": return "deletion";
      case "DETAILS": return "group";
      case "DFN": case "DT": return "term";
      case "DIALOG": return "dialog";
      case "EM": return "emphasis";
      case "FIELDSET": return "group";
      case "FIGURE": return "figure";
      case "FOOTER": return closestCrossShadow(el, landmarkStoppers) ? null : "contentinfo";
      case "FORM": return el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby") ? "form" : null;
      case "H1": case "H2": case "H3": case "H4": case "H5": case "H6": return "heading";
      case "HEADER": return closestCrossShadow(el, landmarkStoppers) ? null : "banner";
      case "HR": return "separator";
      case "HTML": return "document";
      case "IMG":
        return el.getAttribute("alt") === "" && !el.getAttribute("title") && !hasGlobalAria(el) && !hasTabIndex(el) ? "presentation" : "img";
      case "INPUT": {
        const type = el.type.toLowerCase();
        if (type === "email" || type === "search" || type === "tel" || type === "text" || type === "url" || type === "") {
          const list = idRefs(el, "list")[0];
          if (list && tagOf(list) === "DATALIST") return "combobox";
          return type === "search" ? "searchbox" : "textbox";
        }
        if (type === "hidden") return null;
        if (type === "file") return "button";
        return inputRoles[type] || "textbox";
      }
      case "INS": return "insertion";
      case "LI": return "listitem";
      case "MAIN": return "main";
      case "MARK": return "mark";
      case "MATH": return "math";
      case "MENU": case "OL": case "UL": return "list";
      case "METER": return "meter";
      case "NAV": return "navigation";
      case "OPTGROUP": return "group";
      case "OPTION": return "option";
      case "OUTPUT": return "status";
      case "P": return "paragraph";
      case "PROGRESS": return "progressbar";
      case "SEARCH": return "search";
      case "SECTION": return el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby") ? "region" : null;
      case "SELECT": return isListBoxSelect(el) ? "listbox" : "combobox";
      case "STRONG": return "strong";
      case "SUB": return "subscript";
      case "SUP": return "superscript";
      case "SVG": return "img";
      case "TABLE": return "table";
      case "TBODY": case "THEAD": case "TFOOT": return "rowgroup";
      case "TD": {
        const table = closestCrossShadow(el, "table");
        const r = table ? explicitRole(table) : "";
        return r === "grid" || r === "treegrid" ? "gridcell" : "cell";
      }
      case "TEXTAREA": return "textbox";
      case "TH": return headerCellRole(el);
      case "TIME": return "time";
      case "TR": return "row";
    }
    return null;
  }

  function headerCellRole(el) {
    const scope = el.getAttribute("scope");
    if (scope === "col" || scope === "colgroup") return "columnheader";
    if (scope === "row" || scope === "rowgroup") return "rowheader";
    const next = el.nextElementSibling;
    const prev = el.previousElementSibling;
    const row = el.parentElement && tagOf(el.parentElement) === "TR" ? el.parentElement : null;
    if (!next && !prev) {
      if (row) {
        const table = closestCrossShadow(row, "table");
        if (table && table.rows.length <= 1) return null;
      }
      return "columnheader";
    }
    const isTH = (e) => !!e && tagOf(e) === "TH";
    const isDataCell = (e) => !!e && tagOf(e) === "TD" && !!((e.textContent || "").trim() || e.children.length > 0);
    if (isTH(next) && isTH(prev)) return "columnheader";
    if (isDataCell(next) || isDataCell(prev)) return "rowheader";
    return "columnheader";
  }

  // An element whose parent is role=none passes "none" down to the parts
  // that only make sense inside it (list items, table rows and cells).
  const presentationParents = {
    DD: ["DL", "DIV"], DIV: ["DL"], DT: ["DL", "DIV"], LI: ["OL", "UL"], TBODY: ["TABLE"], TD: ["TR"],
    TFOOT: ["TABLE"], TH: ["TR"], THEAD: ["TABLE"], TR: ["THEAD", "TBODY", "TFOOT", "TABLE"],
  };

  function implicitRoleInherited(el) {
    const role = implicitRole(el) || "";
    if (!role) return null;
    let a = el;
    while (a) {
      const parent = parentOrHost(a);
      const parents = presentationParents[tagOf(a)];
      if (!parents || !parent || !parents.includes(tagOf(parent))) break;
      const pr = explicitRole(parent);
      if ((pr === "none" || pr === "presentation") && !presentationConflict(parent, pr)) return pr;
      a = parent;
    }
    return role;
  }

  function explicitRole(el) {
    const attr = el.getAttribute("role");
    if (!attr) return null;
    for (const token of attr.split(" ")) {
      const r = token.trim();
      if (validRoles.has(r)) return r;
    }
    return null;
  }

  function presentationConflict(el, role) {
    return hasGlobalAria(el, role) || isFocusable(el);
  }

  function computeRole(el) {
    const explicit = explicitRole(el);
    if (!explicit) return implicitRoleInherited(el);
    if (explicit === "none" || explicit === "presentation") {
      const implicit = implicitRoleInherited(el);
      if (presentationConflict(el, implicit)) return implicit;
    }
    return explicit;
  }

  function getRole(el) {
    let r = cRole && cRole.get(el);
    if (r === undefined) {
      r = computeRole(el);
      if (cRole) cRole.set(el, r);
    }
    return r;
  }

  // ---- hidden -------------------------------------------------------------

  function isIgnored(el) {
    const t = tagOf(el);
    return t === "STYLE" || t === "SCRIPT" || t === "NOSCRIPT" || t === "TEMPLATE";
  }

  let textRange = null;
  function isVisibleText(node) {
    if (!textRange) textRange = document.createRange();
    textRange.selectNode(node);
    const r = textRange.getBoundingClientRect();
    textRange.setStart(document, 0);
    textRange.collapse(true);
    return r.width > 0 && r.height > 0;
  }

  function styleVisible(el, st) {
    let v = cVisible && cVisible.get(el);
    if (v === undefined) {
      v = !st || (el.checkVisibility() && st.visibility === "visible");
      if (cVisible) cVisible.set(el, v);
    }
    return v;
  }

  // hiddenForAria: the element is not in the accessibility tree.
  function hiddenForAria(el) {
    if (isIgnored(el)) return true;
    const st = styleOf(el);
    const isSlot = el.nodeName === "SLOT";
    if (st && st.display === "contents" && !isSlot) {
      for (let c = el.firstChild; c; c = c.nextSibling) {
        if (c.nodeType === 1 && !hiddenForAria(c)) return false;
        if (c.nodeType === 3 && isVisibleText(c)) return false;
      }
      return true;
    }
    const optionInSelect = el.nodeName === "OPTION" && !!el.closest("select");
    if (!optionInSelect && !isSlot && !styleVisible(el, st)) return true;
    return hiddenByAncestry(el);
  }

  function hiddenByAncestry(el) {
    let h = cHidden && cHidden.get(el);
    if (h === undefined) {
      h = false;
      if (el.parentElement && el.parentElement.shadowRoot && !el.assignedSlot) h = true;
      if (!h) {
        const st = styleOf(el);
        const ah = el.getAttribute("aria-hidden");
        h = !st || st.display === "none" || (ah !== null && ah.toLowerCase() === "true");
      }
      if (!h) {
        const p = parentOrHost(el);
        if (p) h = hiddenByAncestry(p);
      }
      if (cHidden) cHidden.set(el, h);
    }
    return h;
  }

  // ---- CSS generated content ------------------------------------------------
  // Text from content: on ::before/::after (and alt text given on an element
  // with content: ... / "alt"). Computing a pseudo-element's style is costly,
  // so each tree scope's style sheets are read first: without a rule that
  // sets content, no element of that scope can have any.

  function contentFlags(scope) {
    let f = cContent && cContent.get(scope);
    if (f) return f;
    f = { p: false, e: false };
    const scan = (rules) => {
      for (const r of rules) {
        if (f.p && f.e) return;
        if (r.styleSheet) sheet(r.styleSheet);
        if (r.cssRules && r.cssRules.length) scan(r.cssRules);
        if (r.style && r.style.getPropertyValue("content")) {
          if (/before|after/i.test(r.selectorText || "")) f.p = true;
          else f.e = true;
        }
      }
    };
    const sheet = (s) => {
      let rules;
      try {
        rules = s.cssRules;
      } catch {
        f.p = f.e = true; // not readable (another origin): assume the worst
        return;
      }
      if (rules) scan(rules);
    };
    try {
      for (const s of scope.styleSheets || []) sheet(s);
      for (const s of scope.adoptedStyleSheets || []) sheet(s);
    } catch {
      f.p = f.e = true;
    }
    if (cContent) cContent.set(scope, f);
    return f;
  }

  function mayHaveContent(el, pseudo) {
    if (!cContent) return true;
    const f = contentFlags(el.getRootNode());
    if (pseudo ? f.p : f.e) return true;
    if (el.shadowRoot && (pseudo ? contentFlags(el.shadowRoot).p : contentFlags(el.shadowRoot).e)) return true; // :host rules
    return !pseudo && el.hasAttribute("style") && !!el.style.getPropertyValue("content");
  }

  // cssContent returns the text that CSS content adds to el (pseudo "" for
  // the element itself, "::before" or "::after"), or undefined.
  function cssContent(el, pseudo) {
    if (!mayHaveContent(el, pseudo)) return undefined;
    const view = el.ownerDocument && el.ownerDocument.defaultView;
    const st = pseudo ? view && view.getComputedStyle(el, pseudo) : styleOf(el);
    if (!st) return undefined;
    let content;
    const value = st.content;
    if (value && value !== "none" && value !== "normal" && st.display !== "none" && st.visibility !== "hidden") {
      content = parseContent(el, value, !!pseudo);
    }
    if (pseudo && content !== undefined && (st.display || "inline") !== "inline") content = " " + content + " ";
    return content;
  }

  // parseContent reads a computed content value: strings and attr(name),
  // optionally after a "/" (alt text). Anything else (counters, quotes,
  // images without alt text) gives undefined.
  function parseContent(el, value, isPseudo) {
    const tokens = [];
    let i = 0;
    const n = value.length;
    while (i < n) {
      const ch = value[i];
      if (/\s/.test(ch)) {
        i++;
      } else if (ch === '"' || ch === "'") {
        let s = "";
        i++;
        while (i < n && value[i] !== ch) {
          if (value[i] === "\\") {
            i++;
            const hex = /^[0-9a-fA-F]{1,6}/.exec(value.slice(i, i + 6));
            if (hex) {
              s += String.fromCodePoint(parseInt(hex[0], 16) || 0xfffd);
              i += hex[0].length;
              if (i < n && /\s/.test(value[i])) i++;
            } else if (i < n) {
              if (value[i] !== "\n") s += value[i];
              i++;
            }
          } else {
            s += value[i++];
          }
        }
        i++;
        tokens.push({ s });
      } else if (ch === "/") {
        tokens.push({ d: true });
        i++;
      } else {
        const m = /^attr\(\s*([-\w]+)\s*\)/i.exec(value.slice(i));
        if (m) {
          tokens.push({ a: m[1] });
          i += m[0].length;
        } else {
          const w = /^[^\s"'/]+(\([^)]*\))?/.exec(value.slice(i));
          tokens.push({ x: true });
          i += w ? w[0].length : 1;
        }
      }
    }
    let start = 0;
    const d = tokens.findIndex((t) => t.d);
    if (d !== -1) start = d + 1;
    else if (!isPseudo) return undefined;
    let out = "";
    for (let j = start; j < tokens.length; j++) {
      const t = tokens[j];
      if (t.s !== undefined) out += t.s;
      else if (t.a !== undefined) out += el.getAttribute(t.a) || "";
      else return undefined;
    }
    return out;
  }

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

  function accessibleName(el) {
    let v = cName && cName.get(el);
    if (v === undefined) {
      v = noNameRoles.has(getRole(el) || "") ? "" : normalizeWS(textAlt(el, { visited: new Set(), tgt: "self" }));
      if (cName) cName.set(el, v);
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
        const labels = el.labels || [];
        if (labels.length && !o.lb) return fromLabels(labels, o);
        return "Choose File";
      }
      if (type === "image") {
        o.visited.add(el);
        const labels = el.labels || [];
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
      const labels = el.labels || [];
      if (labels.length) return fromLabels(labels, o);
    }
    if (!labelledBy && tag === "OUTPUT") {
      o.visited.add(el);
      const labels = el.labels || [];
      if (labels.length) return fromLabels(labels, o);
      return el.getAttribute("title") || "";
    }
    if (!labelledBy && (tag === "TEXTAREA" || tag === "SELECT" || tag === "INPUT" || tag === "METER" || tag === "PROGRESS")) {
      o.visited.add(el);
      const labels = el.labels || [];
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
        const st = styleOf(node);
        let t = textAlt(node, o);
        if ((st && st.display || "inline") !== "inline" || node.nodeName === "BR") t = " " + t + " ";
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

  // ---- states -------------------------------------------------------------

  const checkedRoles = new Set(["checkbox", "menuitemcheckbox", "option", "radio", "switch", "menuitemradio", "treeitem"]);
  const disabledRoles = new Set(["application", "button", "composite", "gridcell", "group", "input", "link",
    "menuitem", "scrollbar", "separator", "tab", "checkbox", "columnheader", "combobox", "grid", "listbox",
    "menu", "menubar", "menuitemcheckbox", "menuitemradio", "option", "radio", "radiogroup", "row", "rowheader",
    "searchbox", "select", "slider", "spinbutton", "switch", "tablist", "textbox", "toolbar", "tree", "treegrid",
    "treeitem"]);
  const expandedRoles = new Set(["application", "button", "checkbox", "combobox", "gridcell", "link", "listbox",
    "menuitem", "row", "rowheader", "tab", "treeitem", "columnheader", "menuitemcheckbox", "menuitemradio", "switch"]);
  const invalidRoles = new Set(["application", "checkbox", "columnheader", "combobox", "gridcell", "listbox",
    "radiogroup", "rowheader", "searchbox", "slider", "spinbutton", "switch", "textbox", "tree"]);
  const levelRoles = new Set(["heading", "listitem", "row", "treeitem"]);
  const selectedRoles = new Set(["gridcell", "option", "row", "tab", "rowheader", "columnheader", "treeitem"]);
  const interactiveRoles = new Set(["button", "checkbox", "combobox", "link", "listbox", "menuitem",
    "menuitemcheckbox", "menuitemradio", "option", "radio", "scrollbar", "searchbox", "slider", "spinbutton",
    "switch", "tab", "textbox", "treeitem", "gridcell"]);
  const nativeControls = new Set(["BUTTON", "INPUT", "SELECT", "TEXTAREA", "OPTION", "OPTGROUP"]);

  function isNativelyDisabled(el) {
    if (!nativeControls.has(tagOf(el))) return false;
    if (el.hasAttribute("disabled")) return true;
    if (tagOf(el) === "OPTION" && el.closest("OPTGROUP[DISABLED]")) return true;
    const fs = el.closest("FIELDSET[DISABLED]");
    if (!fs) return false;
    const legend = fs.querySelector(":scope > LEGEND");
    return !legend || !legend.contains(el);
  }

  function ariaDisabledChain(el) {
    let d = cDisabled && cDisabled.get(el);
    if (d === undefined) {
      const a = (el.getAttribute("aria-disabled") || "").toLowerCase();
      if (a === "true") d = true;
      else if (a === "false") d = false;
      else {
        const p = parentOrHost(el);
        d = p ? ariaDisabledChain(p) : false;
      }
      if (cDisabled) cDisabled.set(el, d);
    }
    return d;
  }

  // states adds the element's states to node n, in the wire format.
  function states(el, tag, role, n, active) {
    if (checkedRoles.has(role)) {
      let c;
      if (tag === "INPUT" && el.indeterminate) c = "mixed";
      else if (tag === "INPUT" && (el.type === "checkbox" || el.type === "radio")) c = el.checked ? "true" : "false";
      else {
        const a = el.getAttribute("aria-checked");
        c = a === "true" ? "true" : a === "mixed" ? "mixed" : "false";
      }
      n.c = c;
    }
    if (disabledRoles.has(role) && (isNativelyDisabled(el) || ariaDisabledChain(el))) n.d = 1;
    if (tag === "DETAILS") {
      if (expandedRoles.has(role)) n.x = el.open ? "true" : "false";
    } else if (expandedRoles.has(role)) {
      const x = el.getAttribute("aria-expanded");
      if (x !== null) n.x = x === "true" ? "true" : "false";
    }
    if (invalidRoles.has(role)) {
      const inv = el.getAttribute("aria-invalid");
      if (inv && inv.trim() !== "" && inv.toLowerCase() !== "false") n.i = inv === "grammar" || inv === "spelling" ? inv : "true";
    }
    if (levelRoles.has(role)) {
      const native = /^H[1-6]$/.test(tag) ? Number(tag[1]) : 0;
      if (native) n.l = native;
      else {
        const a = el.getAttribute("aria-level");
        const v = a === null ? NaN : Number(a);
        if (Number.isInteger(v) && v >= 1) n.l = v;
      }
    }
    if (role === "button") {
      const p = el.getAttribute("aria-pressed");
      if (p === "true" || p === "mixed") n.p = p;
    }
    if (selectedRoles.has(role)) {
      if (tag === "OPTION" ? el.selected : (el.getAttribute("aria-selected") || "").toLowerCase() === "true") n.s = 1;
    }
    if (el.required || (el.getAttribute("aria-required") || "").toLowerCase() === "true") n.q = 1;
    if (el === active) n.f = 1;
    if (interactiveRoles.has(role) || isFocusable(el) || (el.isContentEditable && !(el.parentElement && el.parentElement.isContentEditable))) n.a = 1;
    // The current value, for the UI and scripts (the text tree has its own
    // copy as a text child, as Playwright prints it).
    if (tag === "INPUT" || tag === "TEXTAREA") {
      const t = el.type;
      if (t === "file") {
        if (el.files && el.files.length) n.v = Array.from(el.files, (f) => f.name).join(", ");
      } else if (t !== "checkbox" && t !== "radio" && t !== "button" && t !== "submit" && t !== "reset" && t !== "image") {
        n.v = shownValue(el);
      }
    } else if (tag === "SELECT") {
      n.v = Array.from(el.selectedOptions, (o) => normalizeWS(o.label || o.textContent || "")).join(", ");
    } else if (rangeRoles.has(role)) {
      const v = el.getAttribute("aria-valuetext") || el.getAttribute("aria-valuenow");
      if (v !== null) n.v = v;
      else if (el.value !== undefined) n.v = String(el.value);
    } else if ((role === "textbox" || role === "searchbox" || role === "combobox") && el.isContentEditable) {
      n.v = el.innerText;
    }
  }

  // shownValue is an input's value; a password's is masked, so that no
  // secret reaches a terminal, a log or a prompt.
  function shownValue(el) {
    return el.type === "password" ? "\u2022".repeat(el.value.length) : el.value;
  }

  // ---- the walk -------------------------------------------------------------

  function round(x) {
    return Math.round(x * 100) / 100;
  }

  function snapshot() {
    beginCaches();
    try {
      return JSON.stringify(walk());
    } finally {
      endCaches();
    }
  }

  function walk() {
    const active = deepActiveElement();
    const visited = new Set();
    let count = 0;

    // toNode makes the snapshot node of el, or null if el has no role of its
    // own (its content then belongs to the parent node).
    function toNode(el) {
      const tag = tagOf(el);
      if (tag === "IFRAME" || tag === "FRAME") {
        const r = el.getBoundingClientRect();
        const st = styleOf(el);
        count++;
        return {
          h: handleOf(el), r: "iframe", t: tag.toLowerCase(), fr: 1, k: [],
          b: [round(r.x), round(r.y), round(r.width), round(r.height)],
          co: [round(r.x + el.clientLeft + parseFloat(st.paddingLeft || "0")), round(r.y + el.clientTop + parseFloat(st.paddingTop || "0"))],
        };
      }
      const role = getRole(el);
      if (!role || role === "presentation" || role === "none") return null;
      if (role === "generic" && el.childNodes.length === 1 && el.childNodes[0].nodeType === 3) {
        const st = styleOf(el);
        if (st && st.display === "inline") return null;
      }
      const n = { h: handleOf(el), r: role, t: el.tagName.toLowerCase(), k: [] };
      const name = accessibleName(el);
      if (name) n.n = name;
      states(el, tag, role, n, active);
      if ((tag === "INPUT" || tag === "TEXTAREA") && el.type !== "checkbox" && el.type !== "radio" && el.type !== "file") {
        n.k.push(shownValue(el));
      }
      const r = el.getBoundingClientRect();
      n.b = [round(r.x), round(r.y), round(r.width), round(r.height)];
      count++;
      return n;
    }

    function visit(parent, node) {
      if (node.nodeType === 3) {
        const t = node.nodeValue;
        if (t && parent.r !== "textbox") parent.k.push(t);
        return;
      }
      if (node.nodeType !== 1) return;
      const el = node;
      if (visited.has(el)) return;
      visited.add(el);
      if (hiddenForAria(el)) return;
      let owned = null;
      if (el.hasAttribute("aria-owns")) {
        owned = [];
        for (const id of el.getAttribute("aria-owns").split(/\s+/)) {
          const o = id && document.getElementById(id);
          if (o) owned.push(o);
        }
      }
      const n = toNode(el);
      if (n) parent.k.push(n);
      content(n || parent, el, owned);
      if (n) merge(n);
    }

    function content(n, el, owned) {
      const st = styleOf(el);
      const block = (st && st.display || "inline") !== "inline" || el.nodeName === "BR";
      const k = n.k;
      if (block) k.push(" ");
      const before = cssContent(el, "::before");
      if (before) k.push(before);
      const assigned = el.nodeName === "SLOT" ? el.assignedNodes() : null;
      if (assigned && assigned.length) {
        for (const c of assigned) visit(n, c);
      } else {
        for (let c = el.firstChild; c; c = c.nextSibling) {
          if (!c.assignedSlot) visit(n, c);
        }
        if (el.shadowRoot) {
          for (let c = el.shadowRoot.firstChild; c; c = c.nextSibling) visit(n, c);
        }
      }
      if (owned) for (const c of owned) visit(n, c);
      const after = cssContent(el, "::after");
      if (after) k.push(after);
      if (block) k.push(" ");
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
      let buf = null;
      for (const c of k) {
        if (typeof c === "string") {
          buf = buf === null ? c : buf + c;
          continue;
        }
        if (buf !== null) {
          const t = normalizeWS(buf);
          if (t) out.push(t);
          buf = null;
        }
        out.push(c);
      }
      if (buf !== null) {
        const t = normalizeWS(buf);
        if (t) out.push(t);
      }
      if (out.length === 1 && out[0] === (n.n || "")) out.length = 0;
      n.k = out;
    }

    const root = { h: handleOf(document.documentElement), r: "document", k: [] };
    const body = document.body;
    if (body) visit(root, body);
    merge(root);

    // Flatten in document order with parent indexes: Go decodes a flat list
    // in one pass, however deep the page is.
    const nodes = [];
    const flatten = (n, parent) => {
      const idx = nodes.length;
      const kids = n.k;
      delete n.k;
      n.pi = parent;
      nodes.push(n);
      for (const c of kids) {
        if (typeof c === "string") nodes.push({ r: "#", n: c, pi: idx });
        else flatten(c, idx);
      }
    };
    flatten(root, -1);
    return { doc, url: location.href, title: document.title, count, nodes };
  }

  function dataURL(href) {
    if (!href.startsWith("data:")) return href;
    const comma = href.indexOf(",");
    return comma === -1 ? href : href.slice(0, comma + 1) + "\u2026";
  }

  globalThis.__ariadne = { doc, handleOf, elementOf, snapshot, getRole, accessibleName };
  return doc;
})()
