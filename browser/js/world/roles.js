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

