// Part of locators.js: short texts, the shortest unique prefix of a long
// name, label or text.
// Joined with the other files of this directory, in the order
// browser/scripts.go lists them, into one function body (one scope).
//
// A text longer than shortLimit code points is cut to the shortest prefix,
// at a word boundary, that still locates the element alone: non-exact
// matching is by substring, so a prefix of the element's own text matches
// it and matches fewer elements the longer it is. Words holding digits
// (prices, counts, dates, times) are the least durable part of a text:
// the text before them is tried first, also when the text is short
// ('Express (next day)' for 'Express (next day) — $14.99').

const shortLimit = 30; // code points a text may have before it is cut
const maxShort = 80; // code points a cut text may have at most
const minShort = 12; // code points a cut text has at least

// Separators a cut text does not start or end with, and openers it does
// not end with.
const leading = /^[\s\p{Pd}\p{Sm}\p{Sc}:;,./|·•*#@&_]+/u;
const trailing = /[\s\p{Pd}\p{Ps}\p{Pi}\p{Sm}\p{Sc}:;,./|·•*#@&_]+$/u;
function trimDangling(s) {
  return s.replace(leading, "").replace(trailing, "");
}

const hasLetter = (s) => /\p{L}/u.test(s);

// Day and month names are part of a date: they go with its digits.
const dateWord = /^(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|monday|tuesday|wednesday|thursday|friday|saturday|sunday|jan|january|feb|february|mar|march|apr|april|may|jun|june|jul|july|aug|august|sep|sept|september|oct|october|nov|november|dec|december)\.?$/i;

// digitFree is the first run of words of s that hold no digit (and are no
// day or month name next to one), trimmed of separators; "" when s holds
// no digit or no such run holds a letter.
function digitFree(s) {
  if (!hasDigit(s)) return "";
  let run = [];
  for (const w of s.split(" ")) {
    if (!hasDigit(w)) {
      run.push(w);
      continue;
    }
    while (run.length && dateWord.test(trimDangling(run[run.length - 1]))) run.pop();
    const t = trimDangling(run.join(" "));
    if (hasLetter(t)) return t;
    run = [];
  }
  const t = trimDangling(run.join(" "));
  return hasLetter(t) ? t : "";
}

// prefixes are s's word-boundary prefixes of at least minShort code points, up to maxShort
// code points, shortest first, each trimmed of separators.
function prefixes(s) {
  const out = [];
  const words = s.split(" ");
  let acc = "";
  for (let i = 0; i < words.length; i++) {
    acc = i ? acc + " " + words[i] : words[i];
    const n = codePoints(acc);
    if (n > maxShort) break;
    if (n < minShort) continue;
    const t = trimDangling(acc);
    if (t && hasLetter(t) && t !== out[out.length - 1]) out.push(t);
  }
  return out;
}

// shortestUnique is the shortest of s's prefixes for which unique holds,
// or "". Uniqueness only grows with length (a longer prefix matches a
// subset of what a shorter one matches), so a binary search finds it.
function shortestUnique(s, unique, fits) {
  const ps = fits ? prefixes(s).filter(fits) : prefixes(s);
  let lo = 0, hi = ps.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (unique(ps[mid])) hi = mid;
    else lo = mid + 1;
  }
  return lo < ps.length ? ps[lo] : "";
}

// shorten is the short form of text t: its digit-free part if that is
// unique, cut to a unique prefix when long; else t cut to its shortest
// unique prefix when t is long; "" when t is best left whole or no short
// form is unique. fits, if given, rules out some cut texts first.
function shorten(t, unique, fits) {
  t = normalizeWS(t || "");
  if (!t) return "";
  const clean = digitFree(t);
  if (clean) {
    if (codePoints(clean) <= shortLimit) {
      if (unique(clean)) return clean;
    } else {
      const p = shortestUnique(clean, unique, fits);
      if (p) return p;
    }
  }
  if (codePoints(t) <= shortLimit) return "";
  const p = shortestUnique(t, unique, fits);
  return p === t ? "" : p;
}

// uniqueBy returns a test that one locator part of the given kind with
// text q matches el alone.
function uniqueBy(P, el, part) {
  return (q) => {
    const got = P.run([{ ...part, text: q }]);
    return !!got && got.length === 1 && got[0] === el;
  };
}

// shortForms adds to facts f the short forms of its name, label and text
// (f.shortName, f.shortLabel, f.shortText) that locate el alone. An
// element told by its distinguishing text (f.distinct) is not matched by
// its own text (see refs.Propose), so its text is not cut.
function shortForms(P, f, el) {
  if (f.role && f.name && (!vagueRoles.has(f.role) || f.role === "group")) {
    const s = shorten(f.name, uniqueBy(P, el, { kind: "role", role: f.role }));
    if (s) f.shortName = s;
  }
  if (f.label) {
    const s = shorten(f.label, uniqueBy(P, el, { kind: "label" }));
    if (s) f.shortLabel = s;
  }
  const text = f.distinct ? "" : P.textOf(el);
  if (text && codePoints(text) <= 2000 && (hasDigit(text) || codePoints(text) > shortLimit)) {
    // The text content glues the texts of blocks together ("About This
    // ExampleThe below..."): a cut must read as the page shows it.
    const shown = normalizeWS(el.innerText || "");
    const s = shorten(text, uniqueBy(P, el, { kind: "text" }), (q) => shown.includes(q));
    if (s) f.shortText = s;
  }
}
