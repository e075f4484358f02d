// Part of locators.js: anchored locators for elements in div soup.
// Joined with the other files of this directory, in the order
// browser/scripts.go lists them, into one function body (one scope).
//
// A card made of plain divs with hashed classes has no role, heading or
// stable class to scope in, and its "Add to cart" button is one of many.
// A person says "the Add to cart button in the card that says Linen
// notebook": anchored finds a text held by one element only on the page
// (getByText('Linen notebook')), climbs from that element to the nearest
// ancestor that holds the target (locator('..'), once per level), and
// looks for the target inside it:
//
//   getByText('Linen notebook').locator('..').getByRole('button', { name: 'Add to cart' })
//
// Each chain is run here and kept only if it matches the target alone.

const maxClimb = 4; // levels a chain climbs from its text at most

// ownParts are the parts that tell el itself apart inside a small
// container, best first.
function ownParts(P, f, el) {
  const out = [];
  if (f.role && !vagueRoles.has(f.role)) {
    if (f.shortName) out.push({ kind: "role", role: f.role, text: f.shortName });
    if (f.name && codePoints(f.name) <= maxShort) out.push({ kind: "role", role: f.role, text: f.name });
    if (!f.name) out.push({ kind: "role", role: f.role });
  }
  const text = f.shortText || (f.text && codePoints(f.text) <= maxShort ? f.text : "");
  if (text) out.push({ kind: "text", text });
  out.push({ kind: "css", css: CSS.escape(el.localName) });
  return out;
}

// anchored returns chains (as refs.Locator JSON, {parts}) that reach el
// from a text unique on the page, nearest container first; at most two.
function anchored(P, f, el) {
  const found = [];
  const own = ownParts(P, f, el);
  let a = parentOf(el);
  for (let up = 0; a && up < maxClimb + 2 && found.length < 2; a = parentOf(a), up++) {
    const tag = tagOf(a);
    if (tag === "BODY" || tag === "HTML") break;
    const texts = distinctTexts(P, a);
    const clean = (t) => !hasDigit(t) && !isLong(t);
    for (const t0 of texts.filter(clean).concat(texts.filter((t) => !clean(t)))) {
      const t = shorten(t0, (q) => textUnique(P, q)) || t0;
      const holders = P.run([{ kind: "text", text: t }]);
      if (!holders || holders.length !== 1) continue;
      const h = holders[0];
      if (h === el || el.contains(h) || h.contains(el) || !a.contains(h)) continue;
      let climb = 0;
      for (let x = h; x && x !== a; x = x.parentElement) climb++;
      if (climb < 1 || climb > maxClimb) continue;
      const head = [{ kind: "text", text: t }];
      for (let i = 0; i < climb; i++) head.push({ kind: "parent" });
      const part = own.find((p) => {
        const got = P.run(head.concat([p]));
        return got && got.length === 1 && got[0] === el;
      });
      if (part) {
        found.push({ parts: head.concat([part]) });
        break;
      }
    }
  }
  return found;
}

// textUnique tells a text that getByText finds in one element only.
function textUnique(P, q) {
  const got = P.run([{ kind: "text", text: q }]);
  return !!got && got.length === 1;
}
