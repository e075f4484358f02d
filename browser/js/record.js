// Ariadne's listener for recording what the user does in a visible
// browser window (browser/record.go). It runs in Ariadne's isolated world
// of every document, where the page's scripts cannot see it, and reports
// each trusted click, change and key press to the binding __ariadneUser
// as JSON: {kind, i, h, f, value, values, key, button, count, mods, type}.
// i names the element in __ariadneUserEls until Go asks for its handle;
// h and f (the ladder's facts, as __ariadne.locate.facts returns them) are
// set when Ariadne's helpers are installed, so that a click that leaves
// the page can still be located. Our own code; safe to run twice.
(() => {
  if (globalThis.__ariadneUserEls) return;
  const els = new Map();
  globalThis.__ariadneUserEls = els;
  let next = 1;

  const keep = (el) => {
    const i = next++;
    els.set(i, el);
    // Nobody asked within a minute: let the element go.
    setTimeout(() => els.delete(i), 60000);
    return i;
  };

  const send = (o, el) => {
    o.i = keep(el);
    const A = globalThis.__ariadne;
    if (A && A.locate) {
      try {
        o.h = A.handleOf(el);
        o.f = A.locate.facts({ attr: globalThis.__ariadneUserAttr || "data-testid", targets: [{ h: o.h }] });
      } catch (e) {
        // the facts are a fallback only
      }
    }
    try {
      globalThis.__ariadneUser(JSON.stringify(o));
    } catch (e) {
      // no binding in this world: not recording
    }
  };

  const tag = (el) => (el && el.tagName ? el.tagName.toUpperCase() : "");
  const typeOf = (el) => (tag(el) === "INPUT" ? (el.getAttribute("type") || "text").toLowerCase() : "");
  const checkable = (el) => tag(el) === "INPUT" && (typeOf(el) === "checkbox" || typeOf(el) === "radio");
  const textField = (el) => el.isContentEditable || tag(el) === "TEXTAREA" ||
    (tag(el) === "INPUT" && !["checkbox", "radio", "button", "submit", "reset", "image", "file", "hidden", "range", "color"].includes(typeOf(el)));
  const mods = (e) => ["Alt", "Control", "Meta", "Shift"].filter((m, i) => [e.altKey, e.ctrlKey, e.metaKey, e.shiftKey][i]);
  const control = "button, a[href], input, select, textarea, summary, label, [role=button], [role=link], [role=checkbox], [role=radio], " +
    "[role=switch], [role=tab], [role=menuitem], [role=menuitemcheckbox], [role=menuitemradio], [role=option], [role=treeitem], [contenteditable]";

  // target is the element the user meant: the control around what the
  // pointer hit.
  const target = (e) => {
    const path = e.composedPath();
    for (const n of path) {
      if (n.nodeType === 1 && n.matches && n.matches(control)) return n;
    }
    return path.find((n) => n.nodeType === 1) || e.target;
  };

  // Values sent for text fields, so that a change after Enter is not sent twice.
  const sent = new WeakMap();
  const fill = (el) => {
    const v = el.isContentEditable ? el.innerText : el.value;
    if (sent.get(el) === v) return;
    sent.set(el, v);
    send({ kind: "fill", value: v, type: typeOf(el) }, el);
  };

  addEventListener("click", (e) => {
    // Pointer clicks only: detail 0 is a click the browser made up (a form
    // submitted by Enter clicks its default button) or a key's.
    if (!e.isTrusted || e.detail !== 1) return;
    const el = target(e);
    // Fields and choices are recorded by their change, not the click that
    // focused or toggled them (a label's click toggles its control).
    if (textField(el) || checkable(el) || tag(el) === "SELECT" || tag(el) === "OPTION") return;
    if (tag(el) === "LABEL" && el.control) return;
    send({ kind: "click", button: ["left", "middle", "right"][e.button] || "left", count: 1, mods: mods(e) }, el);
  }, true);

  addEventListener("change", (e) => {
    if (!e.isTrusted) return;
    const el = e.composedPath()[0];
    if (checkable(el)) {
      send({ kind: el.checked ? "check" : "uncheck" }, el);
    } else if (tag(el) === "SELECT") {
      send({ kind: "select", values: Array.from(el.selectedOptions, (o) => o.value) }, el);
    } else if (textField(el)) {
      fill(el);
    }
  }, true);

  addEventListener("keydown", (e) => {
    if (!e.isTrusted || !["Enter", "Escape", "Tab"].includes(e.key)) return;
    const el = e.composedPath()[0];
    if (!el || el.nodeType !== 1 || !textField(el)) return;
    // The field's text first (Enter may submit the form before change).
    fill(el);
    const key = (mods(e).length ? mods(e).join("+") + "+" : "") + e.key;
    send({ kind: "press", key }, el);
  }, true);
})();
