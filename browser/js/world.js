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

  // One record per element: {st: computed style, d: display, role, cv:
  // rendered (see rendered), ah: aria-hidden on it or an ancestor, vis:
  // checkVisibility() and visibility:visible, hid: hidden by display:none,
  // aria-hidden or not being slotted (itself or an ancestor), name, dis:
  // aria-disabled through ancestors}.
  let cInfo = null;
  let cContent = null; // scope (document or shadow root) -> content rules
  let cLabels = null;  // scope -> Map(control -> [label])

  function beginCaches() {
    cInfo = new Map();
    cContent = new Map();
    cLabels = new Map();
  }
  function endCaches() {
    cInfo = cContent = cLabels = null;
  }

  // withCaches runs fn with caches c (from newCaches) in place of the
  // current ones, for a caller outside a walk that reads many elements of
  // one state of the page (the locator pass, browser/js/locators.js): it
  // keeps c for as long as it trusts the page not to have changed.
  function newCaches() {
    return { info: new Map(), content: new Map(), labels: new Map() };
  }
  function withCaches(c, fn) {
    const saved = [cInfo, cContent, cLabels];
    cInfo = c.info;
    cContent = c.content;
    cLabels = c.labels;
    try {
      return fn();
    } finally {
      [cInfo, cContent, cLabels] = saved;
    }
  }

  function newInfo() {
    return { st: undefined, d: undefined, role: undefined, cv: undefined, ah: undefined, vis: undefined, hid: undefined, name: undefined, dis: undefined };
  }

  function info(el) {
    if (!cInfo) return newInfo();
    let r = cInfo.get(el);
    if (r === undefined) {
      r = newInfo();
      cInfo.set(el, r);
    }
    return r;
  }

  function styleOf(el, rec) {
    if (!rec) rec = info(el);
    let s = rec.st;
    if (s === undefined) {
      const view = el.ownerDocument && el.ownerDocument.defaultView;
      s = rec.st = view ? view.getComputedStyle(el) : null;
    }
    return s;
  }

  // displayOf is the computed display, "" without a style.
  function displayOf(el, rec) {
    if (!rec) rec = info(el);
    let d = rec.d;
    if (d === undefined) {
      const st = styleOf(el, rec);
      d = rec.d = st ? st.display : "";
    }
    return d;
  }

  // ---- DOM helpers --------------------------------------------------------------

  // tagOf is the upper-case tag name (SVG elements have lower-case ones).
  // A form's named controls shadow its properties (<input name="tagName">),
  // so the tag name is read through Element's own getter when the plain
  // read does not give a string.
  const tagNameGetter = Object.getOwnPropertyDescriptor(Element.prototype, "tagName").get;
  function rawTag(el) {
    const t = el.tagName;
    return typeof t === "string" ? t : tagNameGetter.call(el);
  }

  function tagOf(el) {
    const t = rawTag(el);
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

  function getRole(el, rec) {
    if (!rec) rec = info(el);
    let r = rec.role;
    if (r === undefined) r = rec.role = computeRole(el);
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

  function styleVisible(el, rec) {
    let v = rec.vis;
    if (v === undefined) {
      const st = styleOf(el, rec);
      v = rec.vis = !st || (el.checkVisibility() && st.visibility === "visible");
    }
    return v;
  }

  // rendered: the element has a box and visibility: visible. The common
  // case, answered without computing the element's style.
  function rendered(el, rec) {
    let v = rec.cv;
    if (v === undefined) v = rec.cv = el.checkVisibility({ visibilityProperty: true });
    return v;
  }

  // ariaHiddenUp: aria-hidden="true" on the element or an ancestor.
  function ariaHiddenUp(el, rec) {
    if (!rec) rec = info(el);
    let h = rec.ah;
    if (h === undefined) {
      const a = el.getAttribute("aria-hidden");
      h = a !== null && a.toLowerCase() === "true";
      if (!h) {
        const p = parentOrHost(el);
        if (p) h = ariaHiddenUp(p);
      }
      rec.ah = h;
    }
    return h;
  }

  // hiddenForAria: the element is not in the accessibility tree.
  function hiddenForAria(el, rec) {
    if (isIgnored(el)) return true;
    if (!rec) rec = info(el);
    const isSlot = el.nodeName === "SLOT";
    // A rendered, visible element has no display:none or unslotted
    // ancestor: only aria-hidden can hide it.
    if (!isSlot && rendered(el, rec)) return ariaHiddenUp(el, rec);
    if (displayOf(el, rec) === "contents" && !isSlot) {
      for (let c = el.firstChild; c; c = c.nextSibling) {
        if (c.nodeType === 1 && !hiddenForAria(c)) return false;
        if (c.nodeType === 3 && isVisibleText(c)) return false;
      }
      return true;
    }
    const optionInSelect = el.nodeName === "OPTION" && !!el.closest("select");
    if (!optionInSelect && !isSlot && !styleVisible(el, rec)) return true;
    return hiddenByAncestry(el, rec);
  }

  function hiddenByAncestry(el, rec) {
    if (!rec) rec = info(el);
    let h = rec.hid;
    if (h === undefined) {
      h = false;
      const parent = el.parentElement;
      if (parent && parent.shadowRoot && !el.assignedSlot) h = true;
      if (!h) {
        const ah = el.getAttribute("aria-hidden");
        h = !styleOf(el, rec) || displayOf(el, rec) === "none" || (ah !== null && ah.toLowerCase() === "true");
      }
      if (!h) {
        const p = parent || parentOrHost(el);
        if (p) h = hiddenByAncestry(p);
      }
      rec.hid = h;
    }
    return h;
  }

  // ---- CSS generated content ------------------------------------------------
  // Text from content: on ::before/::after (and alt text given on an element
  // with content: ... / "alt"). Computing a pseudo-element's style is costly,
  // so each tree scope's style sheets are read first: only elements that
  // match a rule setting content can have any. For each scope we keep the
  // selectors of those rules (the originating element's part, for
  // ::before and ::after) and test elements with matches(); when a sheet
  // cannot be read or a selector not understood, every element is checked.

  // splitSelectors splits a selector list at its top-level commas.
  function splitSelectors(text) {
    const out = [];
    let depth = 0, quote = "", start = 0;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (quote) {
        if (ch === "\\") i++;
        else if (ch === quote) quote = "";
      } else if (ch === '"' || ch === "'") quote = ch;
      else if (ch === "(" || ch === "[") depth++;
      else if (ch === ")" || ch === "]") depth--;
      else if (ch === "," && depth === 0) {
        out.push(text.slice(start, i).trim());
        start = i + 1;
      }
    }
    out.push(text.slice(start).trim());
    return out;
  }

  function contentFlags(scope) {
    let f = cContent && cContent.get(scope);
    if (f) return f;
    // all*: check every element; sel*: selector lists to match; host: a
    // :host rule gives the shadow host content.
    f = { allBefore: false, allAfter: false, allEl: false, before: [], after: [], el: [], host: false };
    const everything = () => { f.allBefore = f.allAfter = f.allEl = f.host = true; };
    const valid = (sel) => {
      try {
        document.documentElement.matches(sel);
        return true;
      } catch {
        return false;
      }
    };
    const rule = (r) => {
      const text = r.selectorText || "";
      if (text.includes("&")) return everything(); // nested: relative to its parent
      for (const one of splitSelectors(text)) {
        if (/:host|::slotted|::part/i.test(one)) {
          f.host = true;
          f.allBefore = f.allAfter = f.allEl = true;
          continue;
        }
        const pseudo = /::?(before|after)\b/i.exec(one);
        if (!pseudo) {
          if (one.includes("::")) continue; // another pseudo-element (::marker, ::placeholder)
          if (valid(one)) f.el.push(one);
          else f.allEl = true;
          continue;
        }
        let base = one.replace(/::?(before|after)\b/gi, "").trim();
        if (base === "" || /[>+~]$/.test(base)) base += "*";
        const which = pseudo[1].toLowerCase();
        if (!valid(base)) {
          if (which === "before") f.allBefore = true;
          else f.allAfter = true;
        } else f[which].push(base);
      }
    };
    const scan = (rules) => {
      for (const r of rules) {
        if (r.styleSheet) sheet(r.styleSheet);
        if (r.cssRules && r.cssRules.length) scan(r.cssRules);
        // Style rules only (@page margin boxes have content but no element).
        if (r.selectorText !== undefined && r.style && r.style.getPropertyValue("content")) rule(r);
      }
    };
    const sheet = (sh) => {
      let rules;
      try {
        rules = sh.cssRules;
      } catch {
        return everything(); // not readable (another origin)
      }
      if (rules) scan(rules);
    };
    try {
      for (const sh of scope.styleSheets || []) sheet(sh);
      for (const sh of scope.adoptedStyleSheets || []) sheet(sh);
    } catch {
      everything();
    }
    f.before = f.before.length ? f.before.join(", ") : "";
    f.after = f.after.length ? f.after.join(", ") : "";
    f.el = f.el.length ? f.el.join(", ") : "";
    if (cContent) cContent.set(scope, f);
    return f;
  }

  function mayHaveContent(el, pseudo) {
    if (!cContent) return true;
    const f = contentFlags(el.getRootNode());
    if (pseudo === "::before" ? f.allBefore || (f.before && el.matches(f.before)) :
      pseudo === "::after" ? f.allAfter || (f.after && el.matches(f.after)) :
        f.allEl || (f.el && el.matches(f.el))) return true;
    if (el.shadowRoot && contentFlags(el.shadowRoot).host) return true;
    return !pseudo && el.hasAttribute("style") && !!el.style.getPropertyValue("content");
  }

  // cssContent returns the text that CSS content adds to el (pseudo "" for
  // the element itself, "::before" or "::after"), or undefined. checked
  // says the caller already knows that a content rule may apply.
  function cssContent(el, pseudo, checked) {
    if (!checked && !mayHaveContent(el, pseudo)) return undefined;
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

  function accessibleName(el, rec) {
    if (!rec) rec = info(el);
    let v = rec.name;
    if (v === undefined) {
      v = rec.name = noNameRoles.has(getRole(el, rec) || "") ? "" : normalizeWS(textAlt(el, { visited: new Set(), tgt: "self" }));
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
          if (tag === "INPUT" && el.type === "password") return ""; // a secret is nobody's name
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
    const rec = info(el);
    let d = rec.dis;
    if (d === undefined) {
      const a = (el.getAttribute("aria-disabled") || "").toLowerCase();
      if (a === "true") d = true;
      else if (a === "false") d = false;
      else {
        const p = parentOrHost(el);
        d = p ? ariaDisabledChain(p) : false;
      }
      rec.dis = d;
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
    if (interactiveRoles.has(role) || isFocusable(el) ||
      (el.hasAttribute("contenteditable") && el.isContentEditable && !(el.parentElement && el.parentElement.isContentEditable))) n.a = 1;
    // The current value, for the UI and scripts (the text tree has its own
    // copy as a text child, as Playwright prints it).
    if (tag === "INPUT" || tag === "TEXTAREA") {
      const t = el.type;
      if (t === "file") {
        if (el.files && el.files.length) n.v = Array.from(el.files, (f) => f.name).join(", ");
      } else if (t !== "checkbox" && t !== "radio" && t !== "button" && t !== "submit" && t !== "reset" && t !== "image") {
        n.v = shownValue(el);
        if (t === "password") n.pw = 1;
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

  // shownValue is an input's value. A password's is never read out: a
  // filled one shows SECRET_MASK (refs.SecretMask), the same whatever its
  // length, so that neither the secret nor its length reaches a terminal,
  // a log, a prompt or a recorded snapshot; an empty one stays empty.
  const SECRET_MASK = "[secret]";
  function shownValue(el) {
    if (el.type === "password") return el.value ? SECRET_MASK : "";
    return el.value;
  }

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
    emit(w.root, -1);
    return out.join("\n");
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

  function walk() {
    const active = deepActiveElement();
    let count = 0;
    // Elements that aria-owns moves elsewhere are read once, where the walk
    // meets them first (owners are looked up in the document, as
    // Playwright does).
    const owned = new Set();
    for (const owner of document.querySelectorAll("[aria-owns]")) {
      for (const id of owner.getAttribute("aria-owns").split(/\s+/)) {
        const o = id && document.getElementById(id);
        if (o) owned.add(o);
      }
    }
    const seen = new Set();

    // toNode makes the snapshot node of el, or null if el has no role of its
    // own (its content then belongs to the parent node).
    function toNode(el, rec) {
      const tag = tagOf(el);
      if (tag === "IFRAME" || tag === "FRAME") {
        const r = el.getBoundingClientRect();
        const st = styleOf(el, rec);
        count++;
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
      const name = accessibleName(el, rec);
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
      if (owned.size && owned.has(el)) {
        if (seen.has(el)) return;
        seen.add(el);
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
            owned.add(o);
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

    const root = { h: handleOf(document.documentElement), r: "document", k: [] };
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
    return { root, count };
  }

  function dataURL(href) {
    if (!href.startsWith("data:")) return href;
    const comma = href.indexOf(",");
    return comma === -1 ? href : href.slice(0, comma + 1) + "\u2026";
  }

  globalThis.__ariadne = {
    doc, handleOf, elementOf, snapshot, lines, getRole, accessibleName,
    // For locators.js, which reads roles, names and labels as Playwright's
    // getBy* queries do.
    newCaches, withCaches, hiddenForAria, labelsOf, idRefs, isNativelyDisabled,
    normalizeWS, nameFromContentRoles,
  };
  return doc;
})()
