// Part of locators.js: the entry points: facts, count, find, state.
// Joined with the other files of this directory, in the order
// browser/scripts.go lists them, into one function body (one scope).

// facts: request {attr, targets: [{h, frame}]}; response (a JSON string)
// {targets: [{h, t, why, problem, box, co, f, k, c}], containers: [{h, f, k}]}.
// A container's facts, and a target's that is a container itself, carry
// its distinguishing text as f.distinct.
function facts(req) {
  return withPage(req, (P) => {
    const targets = [];
    const containers = [];
    const containerIndex = new Map();
    for (const want of req.targets) {
      const el0 = A.elementOf(want.h);
      if (!el0 || !el0.isConnected) {
        targets.push({ h: want.h, problem: "gone" });
        continue;
      }
      if (inClosedShadowRoot(el0)) {
        targets.push({ h: want.h, problem: "closed-shadow" });
        continue;
      }
      const [el, why] = want.frame ? [el0, ""] : meant(el0);
      const f = factsOf(P, el, want.frame);
      if (!want.frame && isContainerTarget(P, el)) {
        const dt = distinguishing(P, el);
        if (dt) f.distinct = dt;
      }
      if (!want.frame) shortForms(P, f, el);
      const out = { h: want.h, t: A.handleOf(el), f, box: boxOf(el), k: counted(P, predict(f, el, want.frame), el) };
      if (why) out.why = why;
      if (want.frame) out.co = contentOffset(el);
      if (!want.frame && !out.k.some(sturdy)) {
        const c = [];
        for (let p = parentOf(el); p && c.length < 4; p = parentOf(p)) {
          if (!isContainer(P, p)) continue;
          let i = containerIndex.get(p);
          if (i === undefined) {
            i = containers.length;
            containerIndex.set(p, i);
            const cf = factsOf(P, p, false);
            const dt = distinguishing(P, p);
            if (dt) cf.distinct = dt;
            shortForms(P, cf, p);
            containers.push({ h: A.handleOf(p), f: cf, k: counted(P, predict(cf, p, false), p) });
          }
          c.push(i);
        }
        if (c.length) out.c = c;
      }
      targets.push(out);
    }
    return JSON.stringify({ targets, containers });
  });
}

// anchors: request {attr, targets: [{t, f}]} (t the located element's
// handle, f its facts); response (a JSON string) per target the chains
// anchored on a unique text near it that match it alone (see anchor.js),
// [] when none or when the element is gone.
function anchors(req) {
  return withPage(req, (P) => JSON.stringify(req.targets.map((want) => {
    const el = A.elementOf(want.t);
    if (!el || !el.isConnected) return [];
    return anchored(P, want.f, el);
  })));
}

// count: request {attr, queries: [{t, parts}]}; response (a JSON string)
// [[matches, index of the element with handle t], ...], [-1, -1] where a
// chain cannot be evaluated here.
function count(req) {
  return withPage(req, (P) => JSON.stringify(req.queries.map((q) => {
    const got = P.run(q.parts);
    if (got === null) return [-1, -1];
    const el = A.elementOf(q.t);
    return [got.length, el ? P.indexIn(got, el) : -1];
  })));
}

A.locate = { facts, count, anchors };

// ---- find and state: recordings and replay (browser/find.go) ------------

// find: request {attr, parts}; response (a JSON string) the handles of
// the elements the chain matches, in Playwright's order, or null when a
// part cannot be evaluated here. Frame parts are entered by the caller.
A.locate.find = function find(req) {
  return withPage(req, (P) => {
    const got = P.run(req.parts || []);
    if (got === null) return JSON.stringify(null);
    return JSON.stringify(got.map((el) => A.handleOf(el)));
  });
};

// state: request {attr, h}; response (a JSON string) what Playwright's
// assertions read of the element: toHaveText's normalized text,
// toHaveValue's value, toBeChecked, toBeEnabled and toBeVisible; null
// when the element is gone. password marks a secret (a password field, or
// a field filled as a secret, whatever its type now): Go never quotes its
// value.
A.locate.state = function state(req) {
  const el = A.elementOf(req.h);
  if (!el || !el.isConnected) return JSON.stringify(null);
  const P = pageFor(req.attr || "data-testid");
  const tag = tagOf(el);
  const type = (el.getAttribute("type") || "").toLowerCase();
  let value = null;
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") value = el.value;
  let checked = null;
  if (tag === "INPUT" && (type === "checkbox" || type === "radio")) checked = el.checked;
  else if (el.hasAttribute("aria-checked")) checked = el.getAttribute("aria-checked") === "true";
  let disabled = A.isNativelyDisabled(el);
  for (let x = el; x && !disabled; x = parentOf(x)) {
    if ((x.getAttribute("aria-disabled") || "").toLowerCase() === "true") disabled = true;
  }
  const r = el.getBoundingClientRect();
  const st = getComputedStyle(el);
  const visible = r.width > 0 && r.height > 0 && st.visibility === "visible" && el.checkVisibility();
  return JSON.stringify({ text: P.textOf(el), value, checked, enabled: !disabled, visible, tag: tag.toLowerCase(), type,
    password: A.isSecret(el) });
};
