// Who an element is, for the healing of recordings (browser/identity.go):
// its role and accessible name as the snapshot reads them, how many
// elements of the document share both, and the container it sits in. A
// replay accepts a fallback locator only when the element it finds has the
// identity recorded. Installed after world.js as __ariadne.ident. Our own
// code; safe to run twice.
(() => {
  const A = globalThis.__ariadne;
  if (!A || A.ident) return;

  // Roles whose accessible name an author gives (aria-label, legend,
  // caption...): such a container is named by it. Roles named from their
  // content (row, listitem) would carry prices and counts.
  const namedContainers = new Set(["group", "radiogroup", "region", "form", "dialog", "alertdialog",
    "navigation", "tabpanel", "menu", "menubar", "toolbar", "tablist", "listbox", "tree", "grid",
    "table", "complementary", "banner", "main", "contentinfo", "search", "article"]);

  const norm = (s) => A.normalizeWS(s || "");
  const hasDigit = (s) => /[0-9]/.test(s);

  function parentOf(el) {
    if (el.parentElement) return el.parentElement;
    const p = el.parentNode;
    return p && p.nodeType === 11 && p.host ? p.host : null;
  }

  // texts lists the visible text of container outside el, in document
  // order, each whitespace-normalized; headings first.
  function texts(container, el) {
    const heads = [], rest = [];
    const w = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
    for (let n = w.nextNode(); n; n = w.nextNode()) {
      if (el.contains(n)) continue;
      const p = n.parentElement;
      if (!p || !p.checkVisibility() || ["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE"].includes(p.tagName)) continue;
      const t = norm(n.data);
      if (!t) continue;
      const h = p.closest("h1,h2,h3,h4,h5,h6,[role=heading]");
      (h && container.contains(h) ? heads : rest).push(t);
    }
    return heads.concat(rest);
  }

  // within ({within, texts}) names the container that tells el from its look-alikes: the
  // nearest ancestor with an author-given name ("radiogroup: Shipping"),
  // or the nearest that holds other text, by its first digit-free text
  // (headings first): the card that says "Linen notebook".
  function within(el) {
    let depth = 0;
    for (let a = parentOf(el); a && a !== document.documentElement && depth < 10; a = parentOf(a), depth++) {
      const role = A.getRole(a) || "";
      if (namedContainers.has(role)) {
        const name = A.accessibleName(a);
        if (name) return { within: role + ": " + name, texts: [] };
      }
      if (a === document.body) break;
      const all = texts(a, el).filter((x) => !hasDigit(x) && /\p{L}/u.test(x)).map((x) => x.slice(0, 80));
      if (all.length) return { within: all[0], texts: all.slice(0, 20) };
    }
    return { within: "", texts: [] };
  }

  // same counts the elements of el's document (and its open shadow
  // roots) with el's role and name.
  function same(el, role, name) {
    let n = 0;
    const visit = (root) => {
      for (const x of root.querySelectorAll("*")) {
        if (x.shadowRoot) visit(x.shadowRoot);
        if ((A.getRole(x) || "") !== role || A.hiddenForAria(x)) continue;
        if (A.accessibleName(x) === name) n++;
      }
    };
    visit(document);
    return n;
  }

  function of(el) {
    const role = A.getRole(el) || "";
    const name = A.accessibleName(el) || "";
    const dup = same(el, role, name);
    const w = within(el);
    return { role, name, dup, within: w.within, texts: w.texts };
  }

  // of: request {hs: [handle]}; response (a JSON string) [{role, name,
  // dup, within, texts}] (texts: the container's digit-free texts) with null for a handle whose element is gone.
  A.ident = {
    of(req) {
      return A.withCaches(A.newCaches(), () => JSON.stringify((req.hs || []).map((h) => {
        const el = A.elementOf(h);
        return el && el.isConnected ? of(el) : null;
      })));
    },
  };
})()
