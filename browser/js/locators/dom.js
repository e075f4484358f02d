// Ariadne's in-page locator helpers, added to the isolated world's
// __ariadne as __ariadne.locate. Our own code: it follows the matching rules
// Playwright documents for getByRole, getByText, getByLabel, getByTestId,
// getByPlaceholder, getByAltText, getByTitle and CSS (open shadow roots
// pierced), so that a locator we count as unique here is unique there.
//
// locate.facts(request) gathers, in one pass over one document, what the
// ladder needs to know about each target element and counts every
// candidate it can predict; locate.count(request) counts arbitrary locator
// chains (scoped ones, and whatever facts did not predict). Both build the
// page's indexes once per call, so a call costs about one walk of the page
// plus one lookup per candidate, not one DOM query per candidate.

const A = globalThis.__ariadne;
if (A.locate) return;

// ---- DOM structure --------------------------------------------------------

const tagNameOf = Object.getOwnPropertyDescriptor(Element.prototype, "tagName").get;

// tagOf is an element's upper-case tag name, safe against forms whose
// named controls shadow tagName.
function tagOf(el) {
  const t = tagNameOf.call(el);
  return typeof t === "string" ? t.toUpperCase() : "";
}

// parentOf steps up one element, from a shadow root's top to its host.
function parentOf(el) {
  if (el.parentElement) return el.parentElement;
  const p = el.parentNode;
  return p && p.nodeType === 11 && p.host ? p.host : null;
}

function isInside(scope, el) {
  for (let p = parentOf(el); p; p = parentOf(p)) if (p === scope) return true;
  return false;
}

function inClosedShadowRoot(el) {
  for (let n = el; n;) {
    const root = n.getRootNode();
    if (root.nodeType !== 11 || !root.host) return false;
    if (root.mode === "closed") return true;
    n = root.host;
  }
  return false;
}

// normalizeWS is Playwright's whitespace normalization for matching.
const normalizeWS = A.normalizeWS;

