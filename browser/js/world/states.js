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
        if (isSecret(el)) n.pw = 1;
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

  // shownValue is an input's value. A secret's (a password field, or a
  // field Ariadne filled as one: isSecret) is never read out: a
  // filled one shows SECRET_MASK (refs.SecretMask), the same whatever its
  // length, so that neither the secret nor its length reaches a terminal,
  // a log, a prompt or a recorded snapshot; an empty one stays empty.
  const SECRET_MASK = "[secret]";
  function shownValue(el) {
    if (isSecret(el)) return el.value ? SECRET_MASK : "";
    return el.value;
  }

