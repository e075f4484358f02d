// Ariadne's in-page action helpers, added to the isolated world's __ariadne.
// Every function takes an element handle (see world.js) and returns plain
// JSON. Our own code: nothing here comes from another project.
(() => {
  const A = globalThis.__ariadne;
  if (A.act) return;

  // Time of the last DOM mutation, for "wait until the DOM is quiet".
  let lastMutation = performance.now();
  new MutationObserver(() => { lastMutation = performance.now(); })
    .observe(document, { subtree: true, childList: true, attributes: true, characterData: true });

  // The press watch of a click (watchPress, pressLost): one at a time.
  let watch = null;
  function stopWatch() {
    if (!watch) return;
    for (const [target, type] of watch.listening) target.removeEventListener(type, watch.on, true);
    watch.observer.disconnect();
    watch = null;
  }

  // markup is a node as markup, to compare what a re-render took away with
  // what it put back.
  function markup(n) {
    if (n.nodeType === 1) return n.outerHTML;
    return n.nodeType + ":" + n.nodeValue;
  }

  function el(h) {
    const e = A.elementOf(h);
    if (!e || !e.isConnected) return null;
    return e;
  }

  // shown is a field's value as an action reports it: a secret's (a
  // password field, or one filled as a secret: A.isSecret) is never
  // reported (null).
  function shown(e) {
    if (A.isSecret(e)) return null;
    if (e.isContentEditable) return e.innerText;
    return e.value;
  }

  function composedParent(n) {
    if (n.assignedSlot) return n.assignedSlot;
    const p = n.parentNode;
    if (p && p.nodeType === 11 && p.host) return p.host;
    return p;
  }

  function composedContains(root, n) {
    for (let x = n; x; x = composedParent(x)) if (x === root) return true;
    return false;
  }

  function deepElementFromPoint(x, y) {
    let hit = document.elementFromPoint(x, y);
    while (hit && hit.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit;
  }

  // describe names an element by its own role, name, tag and id (not an
  // ancestor's), with the handles of its nearest ancestors, so that Go can
  // say which ref holds it when it has none itself.
  function describeOne(e) {
    const role = A.getRole(e) || "";
    let name = role && role !== "generic" ? A.accessibleName(e) || "" : "";
    if (name.length > 60) name = name.slice(0, 57) + "...";
    return { tag: e.tagName.toLowerCase(), role, name, handle: A.handleOf(e), id: e.id || "" };
  }
  function describe(e) {
    if (!e) return null;
    const up = [];
    for (let x = composedParent(e); x && x.nodeType === 1 && up.length < 12; x = composedParent(x)) up.push(describeOne(x));
    return { ...describeOne(e), up };
  }

  // inertBy tells why an element cannot take pointer events or focus
  // whatever is on top of it: it is inside an inert subtree, or a modal
  // dialog is open and the element is outside it. null when neither.
  function inertBy(e) {
    for (let x = e; x && x.nodeType === 1; x = composedParent(x)) {
      if (x.hasAttribute("inert")) return { why: "inert", ...describe(x) };
    }
    const modal = document.querySelector("dialog:modal");
    if (modal && !composedContains(modal, e)) return { why: "modal", ...describe(modal) };
    return null;
  }

  function isEditable(e) {
    if (e.isContentEditable) return true;
    if (e.tagName === "TEXTAREA") return !e.readOnly && !e.disabled;
    if (e.tagName === "INPUT") {
      const t = (e.type || "text").toLowerCase();
      if (["checkbox", "radio", "button", "submit", "reset", "image", "file", "hidden", "range", "color"].includes(t)) return false;
      return !e.readOnly && !e.disabled;
    }
    return false;
  }

  function isDisabled(e) {
    if ("disabled" in e && e.matches(":disabled")) return true;
    for (let x = e; x && x.nodeType === 1; x = composedParent(x)) {
      if (x.getAttribute("aria-disabled") === "true") return true;
    }
    return false;
  }

  A.act = {
    // probe reports what an action needs to know about the element.
    probe(h) {
      const e = el(h);
      if (!e) return { connected: false };
      const r = e.getBoundingClientRect();
      const st = getComputedStyle(e);
      const visible = r.width > 0 && r.height > 0 && st.visibility === "visible" && e.checkVisibility({ visibilityProperty: true });
      const inView = r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
      const t = (e.type || "").toLowerCase();
      return {
        connected: true,
        visible,
        inView,
        enabled: !isDisabled(e),
        editable: isEditable(e),
        tag: e.tagName.toLowerCase(),
        type: t,
        secret: A.isSecret(e),
        checkable: (e.tagName === "INPUT" && (t === "checkbox" || t === "radio")) || ["checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio"].includes(A.getRole(e) || ""),
        checked: e.tagName === "INPUT" && (t === "checkbox" || t === "radio") ? e.checked : e.getAttribute("aria-checked") === "true",
        box: [r.x, r.y, r.width, r.height],
        viewport: [innerWidth, innerHeight],
        inert: inertBy(e),
      };
    },

    scrollIntoView(h) {
      const e = el(h);
      if (!e) return false;
      e.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
      return true;
    },

    // stableBox resolves with the box once it is the same on two
    // consecutive animation frames, or null if it keeps moving.
    stableBox(h) {
      return new Promise((resolve) => {
        const e = el(h);
        if (!e) return resolve(null);
        const boxOf = () => {
          const r = e.getBoundingClientRect();
          return [r.x, r.y, r.width, r.height];
        };
        const same = (a, b) => a && b && a.every((v, i) => Math.abs(v - b[i]) < 0.5);
        let last = null;
        let frames = 0;
        let done = false;
        const finish = (v) => { if (!done) { done = true; resolve(v); } };
        const step = () => {
          if (done) return;
          const box = boxOf();
          if (same(box, last)) return finish(box);
          last = box;
          if (++frames > 10) return finish(null);
          requestAnimationFrame(step);
        };
        // A background tab gets no animation frames: sample with timers.
        const timer = setTimeout(() => {
          const a = boxOf();
          setTimeout(() => { const b = boxOf(); finish(same(a, b) ? b : null); }, 50);
        }, 300);
        requestAnimationFrame(() => { clearTimeout(timer); step(); });
      });
    },

    // hitTest checks that a pointer event at (x, y) (this frame's viewport)
    // would reach the element: the element itself, a descendant, or a label
    // of it. Otherwise it names the element that would get it.
    hitTest(h, x, y) {
      const e = el(h);
      if (!e) return { ok: false, gone: true };
      const hit = deepElementFromPoint(x, y);
      if (!hit) return { ok: false, interceptor: null };
      if (composedContains(e, hit)) return { ok: true };
      // A label of the element (clicking it acts on the control).
      for (let x2 = hit; x2 && x2.nodeType === 1; x2 = composedParent(x2)) {
        if (x2.tagName === "LABEL" && x2.control === e) return { ok: true };
      }
      if (e.labels) for (const l of e.labels) if (composedContains(l, hit)) return { ok: true };
      return { ok: false, interceptor: describe(hit) };
    },

    // watchPress notes, until pressLost, whether the mouse's press reached
    // the element, whether its release reached it, whether a click
    // followed anywhere, and what the page changed meanwhile: a page that
    // replaces the element between the press and the release (a list
    // re-rendered every few hundred ms) makes the browser drop the click.
    // The press and release are watched in the element's own tree (a
    // listener there sees inside a closed shadow root), the changes in
    // every tree from it up to the document.
    watchPress(h) {
      stopWatch();
      const e = el(h);
      if (!e) return false;
      const w = { e, down: false, up: false, click: false, records: [], listening: [] };
      w.on = (ev) => {
        if (!ev.isTrusted) return;
        const here = ev.composedPath().includes(e);
        if (ev.type === "mousedown") w.down = w.down || here;
        else if (ev.type === "mouseup") w.up = w.up || here;
        else w.click = true;
      };
      const root = e.getRootNode();
      w.listening.push([root, "mousedown"], [root, "mouseup"], [window, "click"]);
      for (const [target, type] of w.listening) target.addEventListener(type, w.on, true);
      w.observer = new MutationObserver((rs) => { w.records.push(...rs); });
      for (let r = root; r; r = r.host ? r.host.getRootNode() : null) {
        w.observer.observe(r, { subtree: true, childList: true, attributes: true, characterData: true });
      }
      watch = w;
      return true;
    },

    // pressLost ends watchPress and reports whether the click was lost to
    // a re-render and may be made again: the press reached the element,
    // the page then took the element out of the document and the release
    // did not reach it, no click followed anywhere, and all the page
    // changed meanwhile is markup put back as it was (a re-render, a keyed
    // move): a page that acted on the press (removed an item, changed a
    // count or a state) did something, and is not pressed again.
    pressLost() {
      const w = watch;
      if (w) w.records.push(...w.observer.takeRecords());
      stopWatch();
      if (!w || !w.down || w.up || w.click) return false;
      let removed = false;
      const out = [], back = [];
      for (const r of w.records) {
        if (r.type !== "childList") return false;
        for (const n of r.removedNodes) {
          if (n === w.e || n.contains(w.e)) removed = true;
          out.push(markup(n));
        }
        for (const n of r.addedNodes) back.push(markup(n));
      }
      if (!removed || out.length !== back.length) return false;
      out.sort();
      back.sort();
      return out.every((m, i) => m === back[i]);
    },

    // dispatchClick delivers a click straight to the element, for --force
    // when another element covers it: the events a real click would fire.
    dispatchClick(h, button, count, mods) {
      const e = el(h);
      if (!e) return false;
      const r = e.getBoundingClientRect();
      const base = {
        bubbles: true, cancelable: true, composed: true, view: window,
        clientX: r.x + r.width / 2, clientY: r.y + r.height / 2, button,
        buttons: button === 0 ? 1 : button === 1 ? 4 : 2,
        altKey: !!(mods & 1), ctrlKey: !!(mods & 2), metaKey: !!(mods & 4), shiftKey: !!(mods & 8),
      };
      for (let i = 1; i <= count; i++) {
        const opts = { ...base, detail: i };
        e.dispatchEvent(new PointerEvent("pointerdown", opts));
        e.dispatchEvent(new MouseEvent("mousedown", opts));
        if (i === 1 && typeof e.focus === "function") e.focus();
        e.dispatchEvent(new PointerEvent("pointerup", { ...opts, buttons: 0 }));
        e.dispatchEvent(new MouseEvent("mouseup", { ...opts, buttons: 0 }));
        if (button === 0) e.dispatchEvent(new MouseEvent("click", { ...opts, buttons: 0 }));
        else if (button === 2) e.dispatchEvent(new MouseEvent("contextmenu", { ...opts, buttons: 0 }));
        else e.dispatchEvent(new MouseEvent("auxclick", { ...opts, buttons: 0 }));
      }
      if (count === 2 && button === 0) e.dispatchEvent(new MouseEvent("dblclick", { ...base, detail: 2, buttons: 0 }));
      return true;
    },

    focus(h) {
      const e = el(h);
      if (!e) return false;
      e.focus({ preventScroll: false });
      return true;
    },

    // prepareFill focuses the element and selects its content, so that
    // inserted text replaces it. It reports how to proceed, and whether
    // the field is a secret: a password field before or after the focus
    // (a page may make it one on focus), or secret (the text comes from a
    // secret) marks it one for good (A.markSecret).
    prepareFill(h, secret) {
      const e = el(h);
      if (!e) return { error: "gone" };
      if (secret || A.isSecret(e)) A.markSecret(e);
      if (!isEditable(e)) {
        const t = (e.type || "").toLowerCase();
        if (e.tagName === "INPUT" && ["date", "time", "datetime-local", "month", "week", "range", "color"].includes(t)) return { mode: "value", secret: A.isSecret(e) };
        return { error: "not_editable", tag: e.tagName.toLowerCase(), type: t, readOnly: !!e.readOnly, disabled: !!e.disabled };
      }
      e.focus();
      if (A.isSecret(e)) A.markSecret(e);
      if (e.isContentEditable) {
        const range = document.createRange();
        range.selectNodeContents(e);
        const sel = getSelection();
        sel.removeAllRanges();
        sel.addRange(range);
      } else if (typeof e.select === "function") {
        e.select();
      }
      return { mode: "insert", secret: A.isSecret(e) };
    },

    // setValue sets an input's value directly (dates, ranges, colors) and
    // fires the events frameworks listen to.
    setValue(h, value) {
      const e = el(h);
      if (!e) return false;
      const proto = e.tagName === "TEXTAREA" ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
      Object.getOwnPropertyDescriptor(proto, "value").set.call(e, value);
      e.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
      e.dispatchEvent(new Event("change", { bubbles: true }));
      return true;
    },

    // finishFill fires change (insertText already fired input) and reports
    // the value now in the field (never a secret's: null). A field that
    // became a password field while it was filled is a secret from now on.
    finishFill(h) {
      const e = el(h);
      if (!e) return null;
      if (A.isSecret(e)) A.markSecret(e);
      if (!e.isContentEditable) e.dispatchEvent(new Event("change", { bubbles: true }));
      return shown(e);
    },

    value(h) {
      const e = el(h);
      if (!e) return null;
      return shown(e);
    },

    // secret reports whether the element is a secret (A.isSecret), after
    // marking it one when mark is set or when it is a password field now:
    // keys typed into it while it is one keep it a secret.
    secret(h, mark) {
      const e = el(h);
      if (!e) return false;
      if (mark || A.isSecret(e)) A.markSecret(e);
      return A.isSecret(e);
    },

    // options lists a select's options.
    options(h) {
      const e = el(h);
      if (!e) return { error: "gone" };
      if (e.tagName !== "SELECT") return { error: "not_a_select", tag: e.tagName.toLowerCase() };
      return { multiple: e.multiple, options: Array.from(e.options, (o) => ({ label: o.label.trim(), value: o.value, selected: o.selected, disabled: o.disabled })) };
    },

    // select chooses options by value or label (exact, then
    // case-insensitive) and fires input and change.
    select(h, wanted) {
      const e = el(h);
      if (!e) return { error: "gone" };
      if (e.tagName !== "SELECT") return { error: "not_a_select", tag: e.tagName.toLowerCase() };
      if (e.disabled) return { error: "not_enabled" };
      const opts = Array.from(e.options);
      const chosen = [];
      for (const w of wanted) {
        let o = opts.find((o) => o.value === w) || opts.find((o) => o.label.trim() === w.trim());
        if (!o) o = opts.find((o) => o.label.trim().toLowerCase() === w.trim().toLowerCase());
        if (!o) return { error: "option_not_found", wanted: w, available: opts.map((o) => o.label.trim()) };
        if (o.disabled) return { error: "option_disabled", wanted: w };
        chosen.push(o);
      }
      if (chosen.length > 1 && !e.multiple) return { error: "not_multiple" };
      for (const o of opts) o.selected = chosen.includes(o);
      e.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
      e.dispatchEvent(new Event("change", { bubbles: true }));
      return { selected: chosen.map((o) => o.label.trim()) };
    },

    isFileInput(h) {
      const e = el(h);
      return !!e && e.tagName === "INPUT" && (e.type || "").toLowerCase() === "file";
    },

    element(h) {
      return el(h);
    },

    scrollBy(dx, dy) {
      scrollBy({ left: dx, top: dy, behavior: "instant" });
      return [scrollX, scrollY];
    },

    quietFor() {
      return performance.now() - lastMutation;
    },

    // textPresent reports whether the page shows text (case-sensitive
    // substring of the normalized visible text).
    textPresent(text) {
      const body = document.body;
      if (!body) return false;
      return body.innerText.replace(/\s+/g, " ").includes(text.replace(/\s+/g, " ").trim());
    },
  };
})()
