// Ariadne's in-page helper. It runs in an isolated world that Ariadne creates
// in each frame, so page scripts cannot see or change it, and it is installed
// once per document: a new document gets a new world and a new token, which
// is how Ariadne knows that old refs died.
//
// The expression evaluates to the document token. It is our own code; it
// loads nothing from the page or the network.
(() => {
  if (globalThis.__ariadne) return globalThis.__ariadne.doc;

  const doc = Date.now().toString(36) + "-" + Math.random().toString(36).slice(2, 10);

  // Handles: a small integer per element, stable for the life of the document.
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

  // ---- roles --------------------------------------------------------------

  const ariaRoles = new Set((
    "alert alertdialog application article banner blockquote button caption cell checkbox code " +
    "columnheader combobox complementary contentinfo definition deletion dialog directory document " +
    "emphasis feed figure form generic grid gridcell group heading img insertion link list listbox " +
    "listitem log main mark marquee math menu menubar menuitem menuitemcheckbox menuitemradio meter " +
    "navigation none note option paragraph presentation progressbar radio radiogroup region row " +
    "rowgroup rowheader scrollbar search searchbox separator slider spinbutton status strong " +
    "subscript superscript switch tab table tablist tabpanel term textbox time timer toolbar tooltip " +
    "tree treegrid treeitem").split(" "));

  // Roles whose accessible name comes from their content.
  const nameFromContent = new Set((
    "button cell checkbox columnheader gridcell heading link menuitem menuitemcheckbox menuitemradio " +
    "option radio row rowheader switch tab tooltip treeitem").split(" "));

  // Roles a user acts on.
  const interactiveRoles = new Set((
    "button checkbox combobox link listbox menuitem menuitemcheckbox menuitemradio option radio " +
    "scrollbar searchbox slider spinbutton switch tab textbox treeitem gridcell").split(" "));

  const skipTags = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "HEAD", "META", "LINK", "TITLE", "BASE"]);

  const globalAria = ["aria-atomic", "aria-busy", "aria-controls", "aria-current", "aria-describedby",
    "aria-details", "aria-dropeffect", "aria-flowto", "aria-grabbed", "aria-hidden", "aria-keyshortcuts",
    "aria-label", "aria-labelledby", "aria-live", "aria-owns", "aria-relevant", "aria-roledescription"];

  function hasGlobalAria(el) {
    for (const a of globalAria) if (el.hasAttribute(a)) return true;
    return false;
  }

  function isFocusable(el) {
    if (el.hasAttribute("tabindex")) return true;
    if (el.disabled) return false;
    switch (el.tagName) {
      case "BUTTON": case "SELECT": case "TEXTAREA": return true;
      case "INPUT": return el.type !== "hidden";
      case "A": case "AREA": return el.hasAttribute("href");
    }
    return el.isContentEditable === true && el.getAttribute("contenteditable") !== null;
  }

  function hasExplicitName(el) {
    return el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby") || el.hasAttribute("title");
  }

  // Landmarks that stop header and footer from being banner and contentinfo.
  function insideSectioning(el) {
    for (let p = parentElement(el); p; p = parentElement(p)) {
      const t = p.tagName;
      if (t === "ARTICLE" || t === "ASIDE" || t === "MAIN" || t === "NAV" || t === "SECTION") return true;
      const r = p.getAttribute("role");
      if (r === "article" || r === "complementary" || r === "main" || r === "navigation" || r === "region") return true;
    }
    return false;
  }

  function implicitRole(el) {
    switch (el.tagName) {
      case "A": case "AREA": return el.hasAttribute("href") ? "link" : null;
      case "ARTICLE": return "article";
      case "ASIDE": return "complementary";
      case "BLOCKQUOTE": return "blockquote";
      case "BUTTON": return "button";
      case "CAPTION": return "caption";
      case "CODE": return "code";
      case "DATALIST": return "listbox";
      case "DD": return "definition";
      case "DEL": case "S": return "deletion";
      case "DETAILS": return "group";
      case "DFN": case "DT": return "term";
      case "DIALOG": return "dialog";
      case "EM": return "emphasis";
      case "FIELDSET": return "group";
      case "FIGURE": return "figure";
      case "FOOTER": return insideSectioning(el) ? null : "contentinfo";
      case "FORM": return hasExplicitName(el) ? "form" : null;
      case "H1": case "H2": case "H3": case "H4": case "H5": case "H6": return "heading";
      case "HEADER": return insideSectioning(el) ? null : "banner";
      case "HR": return "separator";
      case "HTML": return "document";
      case "IMG": {
        if (el.getAttribute("alt") === "" && !el.getAttribute("title") && !hasGlobalAria(el) && !isFocusable(el)) return "presentation";
        return "img";
      }
      case "INPUT": return inputRole(el);
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
      case "SECTION": return hasExplicitName(el) ? "region" : null;
      case "SELECT": return el.multiple || el.size > 1 ? "listbox" : "combobox";
      case "STRONG": case "B": return el.tagName === "STRONG" ? "strong" : null;
      case "SUB": return "subscript";
      case "SUP": return "superscript";
      case "SVG": return "img";
      case "TABLE": return "table";
      case "TBODY": case "THEAD": case "TFOOT": return "rowgroup";
      case "TD": return tableRole(el) === "grid" || tableRole(el) === "treegrid" ? "gridcell" : "cell";
      case "TEXTAREA": return "textbox";
      case "TH": {
        const scope = (el.getAttribute("scope") || "").toLowerCase();
        if (scope === "row" || scope === "rowgroup") return "rowheader";
        if (scope === "col" || scope === "colgroup") return "columnheader";
        const tr = el.parentElement;
        if (tr && tr.parentElement && tr.parentElement.tagName === "TBODY" && el === tr.firstElementChild && tr.querySelector("td")) return "rowheader";
        return "columnheader";
      }
      case "TIME": return "time";
      case "TR": return "row";
    }
    return null;
  }

  function tableRole(td) {
    for (let p = td.parentElement; p; p = p.parentElement) {
      if (p.tagName === "TABLE") return p.getAttribute("role");
    }
    return null;
  }

  function inputRole(el) {
    const type = (el.getAttribute("type") || "text").toLowerCase();
    switch (type) {
      case "button": case "image": case "reset": case "submit": return "button";
      case "checkbox": return "checkbox";
      case "radio": return "radio";
      case "range": return "slider";
      case "number": return "spinbutton";
      case "hidden": return null;
      case "file": return "button";
      case "color": return null;
      case "search": return el.hasAttribute("list") ? "combobox" : "searchbox";
      case "email": case "tel": case "text": case "url": case "password": case "":
        return el.hasAttribute("list") ? "combobox" : "textbox";
    }
    return "textbox";
  }

  function getRole(el) {
    const explicit = el.getAttribute("role");
    if (explicit) {
      for (const token of explicit.trim().toLowerCase().split(/\s+/)) {
        if (!ariaRoles.has(token)) continue;
        if ((token === "none" || token === "presentation") && (isFocusable(el) || hasGlobalAria(el))) break;
        return token;
      }
    }
    return implicitRole(el);
  }

  // ---- DOM helpers (shadow-aware) -------------------------------------------

  function parentElement(el) {
    if (el.assignedSlot) return el.assignedSlot;
    const p = el.parentNode;
    if (!p) return null;
    if (p.nodeType === 11) return p.host || null; // shadow root
    return p.nodeType === 1 ? p : null;
  }

  function childNodesOf(el) {
    if (el.shadowRoot) return el.shadowRoot.childNodes;
    if (el.tagName === "SLOT") {
      const assigned = el.assignedNodes();
      return assigned.length ? assigned : el.childNodes;
    }
    return el.childNodes;
  }

  function deepActiveElement() {
    let a = document.activeElement;
    while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
    return a;
  }

  // ---- styles and visibility --------------------------------------------------

  function makeStyles() {
    const cache = new Map();
    return (el) => {
      let s = cache.get(el);
      if (!s) {
        s = getComputedStyle(el);
        cache.set(el, s);
      }
      return s;
    };
  }

  const inlineDisplays = new Set(["inline", "contents", "none"]);

  // ---- accessible names ---------------------------------------------------

  function normalize(s) {
    return s.replace(/[\u200b\u00ad]/g, "").replace(/\s+/g, " ").trim();
  }

  function makeNamer(style) {
    // Text of a subtree, as name-from-content computes it.
    function textFrom(node, visiting, inLabelledBy) {
      if (node.nodeType === 3) return node.nodeValue;
      if (node.nodeType !== 1) return "";
      const el = node;
      if (skipTags.has(el.tagName)) return "";
      if (!inLabelledBy) {
        if (el.getAttribute("aria-hidden") === "true") return "";
        const st = style(el);
        if (st.display === "none") return "";
      }
      if (visiting.has(el)) return "";
      visiting.add(el);
      try {
        const label = el.getAttribute("aria-label");
        if (label && label.trim()) return label;
        const role = getRole(el);
        // Embedded controls contribute their value.
        if (role === "textbox" || role === "searchbox") return el.value !== undefined ? el.value : el.textContent;
        if (role === "combobox" || role === "listbox") {
          if (el.tagName === "SELECT") return el.selectedOptions.length ? el.selectedOptions[0].textContent : "";
          if (el.tagName === "INPUT") return el.value;
        }
        if (role === "slider" || role === "spinbutton" || role === "progressbar" || role === "meter") {
          return el.getAttribute("aria-valuetext") || el.getAttribute("aria-valuenow") || (el.value !== undefined ? String(el.value) : "");
        }
        if (el.tagName === "IMG" || el.tagName === "AREA") return el.getAttribute("alt") || el.getAttribute("title") || "";
        if (el.tagName === "INPUT") {
          const t = (el.type || "").toLowerCase();
          if (t === "button" || t === "submit" || t === "reset") return el.value || (t === "submit" ? "Submit" : t === "reset" ? "Reset" : "");
          if (t === "image") return el.alt || el.value || "Submit";
          return "";
        }
        if (el.tagName === "SVG" || el.tagName === "svg") {
          const title = el.querySelector("title");
          return title ? title.textContent : "";
        }
        let out = "";
        const block = !inlineDisplays.has(style(el).display);
        for (const child of childNodesOf(el)) out += textFrom(child, visiting, inLabelledBy);
        if (!out.trim() && el.getAttribute("title")) out = el.getAttribute("title");
        return block ? " " + out + " " : out;
      } finally {
        visiting.delete(el);
      }
    }

    function byIds(el, attr) {
      const ids = (el.getAttribute(attr) || "").trim().split(/\s+/).filter(Boolean);
      const root = el.getRootNode();
      const parts = [];
      for (const id of ids) {
        const ref = root.getElementById ? root.getElementById(id) : document.getElementById(id);
        if (ref) parts.push(textFrom(ref, new Set(), true));
      }
      return parts.length ? normalize(parts.join(" ")) : null;
    }

    function labelsText(el) {
      const labels = el.labels;
      if (!labels || !labels.length) return "";
      const parts = [];
      for (const l of labels) parts.push(textFrom(l, new Set([el]), false));
      return normalize(parts.join(" "));
    }

    return function name(el, role) {
      const lb = byIds(el, "aria-labelledby");
      if (lb) return lb;
      const al = el.getAttribute("aria-label");
      if (al && al.trim()) return normalize(al);
      const tag = el.tagName;
      if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || tag === "METER" || tag === "PROGRESS" || tag === "OUTPUT") {
        const t = tag === "INPUT" ? (el.type || "").toLowerCase() : "";
        if (t === "button" || t === "submit" || t === "reset") {
          return normalize(el.value || (t === "submit" ? "Submit" : t === "reset" ? "Reset" : "")) || normalize(el.title || "");
        }
        if (t === "image") return normalize(el.alt || el.value || el.title || "Submit");
        const l = labelsText(el);
        if (l) return l;
        if (el.title) return normalize(el.title);
        if (el.placeholder) return normalize(el.placeholder);
        return "";
      }
      if (tag === "IMG" || tag === "AREA") {
        const alt = el.getAttribute("alt");
        if (alt) return normalize(alt);
        return normalize(el.getAttribute("title") || "");
      }
      if (tag === "FIELDSET") {
        const legend = el.querySelector(":scope > legend");
        if (legend) return normalize(textFrom(legend, new Set(), false));
      }
      if (tag === "TABLE") {
        const cap = el.querySelector(":scope > caption");
        if (cap) return normalize(textFrom(cap, new Set(), false));
      }
      if (tag === "FIGURE") {
        const fc = el.querySelector(":scope > figcaption");
        if (fc) return normalize(textFrom(fc, new Set(), false));
      }
      if (tag === "SVG" || tag === "svg") {
        const title = el.querySelector(":scope > title");
        if (title) return normalize(title.textContent);
      }
      if (nameFromContent.has(role)) {
        const visiting = new Set();
        let text = "";
        for (const child of childNodesOf(el)) text += textFrom(child, visiting, false);
        text = normalize(text);
        if (text) return text;
      }
      return normalize(el.getAttribute("title") || "");
    };
  }

  // ---- states ---------------------------------------------------------------

  function ariaBool(el, attr) {
    const v = el.getAttribute(attr);
    if (v === null) return undefined;
    return v.toLowerCase();
  }

  function states(el, role, out, active) {
    const tag = el.tagName;
    // checked
    if (role === "checkbox" || role === "radio" || role === "switch" || role === "menuitemcheckbox" || role === "menuitemradio") {
      if (tag === "INPUT" && (el.type === "checkbox" || el.type === "radio")) {
        out.c = el.indeterminate ? "mixed" : el.checked ? "true" : "false";
      } else {
        const v = ariaBool(el, "aria-checked");
        out.c = v === "mixed" ? "mixed" : v === "true" ? "true" : "false";
      }
    }
    // disabled: native (including a disabled fieldset) or aria-disabled on the element or an ancestor
    if (("disabled" in el && el.matches(":disabled")) || closestAttr(el, "aria-disabled") === "true") out.d = 1;
    const expanded = ariaBool(el, "aria-expanded");
    if (expanded === "true" || expanded === "false") out.x = expanded;
    if (tag === "DETAILS") out.x = el.open ? "true" : "false";
    if (role === "heading") {
      const lvl = parseInt(el.getAttribute("aria-level") || "", 10);
      out.l = lvl > 0 ? lvl : /^H[1-6]$/.test(tag) ? Number(tag[1]) : 2;
    } else if (role === "treeitem" || role === "listitem" || role === "row") {
      const lvl = parseInt(el.getAttribute("aria-level") || "", 10);
      if (lvl > 0) out.l = lvl;
    }
    if (role === "button") {
      const p = ariaBool(el, "aria-pressed");
      if (p === "true" || p === "false" || p === "mixed") out.p = p;
    }
    if (role === "option") {
      if (tag === "OPTION" ? el.selected : ariaBool(el, "aria-selected") === "true") out.s = 1;
    } else if (ariaBool(el, "aria-selected") === "true") out.s = 1;
    if (el.required || ariaBool(el, "aria-required") === "true") out.q = 1;
    const inv = ariaBool(el, "aria-invalid");
    if (inv && inv !== "false") out.i = 1;
    if (el === active) out.f = 1;
    // values
    if (tag === "INPUT" || tag === "TEXTAREA") {
      const t = (el.type || "").toLowerCase();
      if (t !== "checkbox" && t !== "radio" && t !== "button" && t !== "submit" && t !== "reset" && t !== "image" && t !== "file") {
        out.v = t === "password" ? "•".repeat(el.value.length) : el.value;
      } else if (t === "file" && el.files && el.files.length) {
        out.v = Array.from(el.files, (f) => f.name).join(", ");
      }
    } else if (tag === "SELECT") {
      out.v = Array.from(el.selectedOptions, (o) => normalize(o.label || o.textContent)).join(", ");
    } else if (role === "slider" || role === "spinbutton" || role === "progressbar" || role === "meter" || role === "scrollbar") {
      const v = el.getAttribute("aria-valuetext") || el.getAttribute("aria-valuenow");
      if (v !== null) out.v = v;
      else if (el.value !== undefined) out.v = String(el.value);
    } else if ((role === "textbox" || role === "searchbox" || role === "combobox") && el.isContentEditable) {
      out.v = el.innerText;
    }
    if (role === "link" && el.href !== undefined) out.u = typeof el.href === "string" ? el.href : el.getAttribute("href");
  }

  function closestAttr(el, attr) {
    for (let p = el; p; p = parentElement(p)) {
      const v = p.getAttribute(attr);
      if (v !== null) return v.toLowerCase();
    }
    return null;
  }

  // ---- the walk -------------------------------------------------------------

  function snapshot() {
    const style = makeStyles();
    const name = makeNamer(style);
    const active = deepActiveElement();
    let count = 0;

    function pushText(out, text) {
      const kids = out.k || (out.k = []);
      const last = kids.length - 1;
      if (last >= 0 && typeof kids[last] === "string") kids[last] += text;
      else kids.push(text);
    }

    function visitChildren(el, out, visible) {
      for (const child of childNodesOf(el)) visit(child, out, visible);
    }

    function visit(node, out, visible) {
      if (node.nodeType === 3) {
        if (visible && node.nodeValue) pushText(out, node.nodeValue);
        return;
      }
      if (node.nodeType !== 1) return;
      const el = node;
      if (skipTags.has(el.tagName)) return;
      if (el.getAttribute("aria-hidden") === "true") return;
      const st = style(el);
      if (st.display === "none") return;
      const vis = st.visibility === "visible";
      const block = !inlineDisplays.has(st.display);
      let role = getRole(el);
      if (role === "document" && el.tagName === "HTML") role = null;
      const named = role && role !== "generic" && role !== "none" && role !== "presentation";
      if (!named || !vis) {
        // No node of its own: its children belong to the parent.
        if (block) pushText(out, " ");
        visitChildren(el, out, vis);
        if (block) pushText(out, " ");
        return;
      }
      const n = { h: handleOf(el), r: role, t: el.tagName.toLowerCase() };
      const nm = name(el, role);
      if (nm) n.n = nm;
      states(el, role, n, active);
      if (interactiveRoles.has(role) || isFocusable(el) || el.isContentEditable && !(parentElement(el) && parentElement(el).isContentEditable)) n.a = 1;
      const r = el.getBoundingClientRect();
      n.b = [r.x, r.y, r.width, r.height];
      count++;
      if (block) pushText(out, " ");
      (out.k || (out.k = [])).push(n);
      if (block) pushText(out, " ");
      if (el.tagName === "IFRAME" || el.tagName === "FRAME") {
        n.r = "iframe";
        n.fr = 1;
        const cs = style(el);
        n.co = [r.x + el.clientLeft + parseFloat(cs.paddingLeft || "0"), r.y + el.clientTop + parseFloat(cs.paddingTop || "0")];
        return;
      }
      // Children of a textbox are its value; of an image, nothing.
      if (role === "textbox" || role === "searchbox" || role === "img") {
        if (!el.isContentEditable) return;
      }
      visitChildren(el, n, vis);
      tidy(n);
    }

    function tidy(n) {
      if (!n.k) return;
      const kids = [];
      for (const k of n.k) {
        if (typeof k === "string") {
          const t = normalize(k);
          if (t) kids.push(t);
        } else kids.push(k);
      }
      // A node whose only text repeats its name needs no text child.
      if (kids.length === 1 && typeof kids[0] === "string" && kids[0] === (n.n || "")) kids.length = 0;
      if (kids.length) n.k = kids;
      else delete n.k;
      if (n.v !== undefined && n.k && n.k.length === 1 && kids[0] === n.v) delete n.k;
    }

    const root = { r: "document", h: handleOf(document.documentElement), n: normalize(document.title || "") };
    if (document.body) visit(document.body, root, true);
    tidy(root);
    // Flatten in document order with parent indexes: Go decodes a flat list
    // in one pass, however deep the page is.
    const nodes = [];
    const flatten = (n, parent) => {
      const idx = nodes.length;
      const kids = n.k;
      delete n.k;
      n.pi = parent;
      nodes.push(n);
      if (kids) for (const c of kids) {
        if (typeof c === "string") nodes.push({ r: "#", n: c, pi: idx });
        else flatten(c, idx);
      }
    };
    flatten(root, -1);
    return JSON.stringify({ doc, url: location.href, title: document.title, count, nodes });
  }

  globalThis.__ariadne = { doc, handleOf, elementOf, snapshot, getRole };
  return doc;
})()
