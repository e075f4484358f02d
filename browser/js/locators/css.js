// Part of locators.js: tables and CSS parsing.
// Joined with the other files of this directory, in the order
// browser/scripts.go lists them, into one function body (one scope).

// ---- tables ----

// Playwright's getByLabel reads the labels of these elements (and of
// inputs that are not hidden).
const labelableTags = new Set(["BUTTON", "METER", "OUTPUT", "PROGRESS", "SELECT", "TEXTAREA"]);
// Roles named by their content.
const contentNamed = A.nameFromContentRoles;

// readCSSString reads the quoted string at v[i], returning its value and
// the index after it (-1 if unterminated).
function readCSSString(v, i) {
  const q = v[i];
  let out = "";
  for (let j = i + 1; j < v.length; j++) {
    const c = v[j];
    if (c === q) return [out, j + 1];
    if (c !== "\\") {
      out += c;
      continue;
    }
    j++;
    if (j >= v.length) break;
    const hex = /^[0-9a-fA-F]{1,6}/.exec(v.slice(j, j + 6));
    if (hex) {
      const cp = parseInt(hex[0], 16);
      out += cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) ? "\ufffd" : String.fromCodePoint(cp);
      j += hex[0].length;
      if (j < v.length && /\s/.test(v[j])) {
        if (v[j] === "\r" && v[j + 1] === "\n") j++;
      } else {
        j--;
      }
    } else if (v[j] !== "\n") {
      out += v[j];
    }
  }
  return [out, -1];
}

// parseCSS splits a selector into compounds joined by descendant (" ")
// or child (">") combinators, pulling :has-text("...") out of each
// compound. Other Playwright extensions, sibling combinators and lists
// give null.
function parseCSS(css) {
  const out = [];
  let cur = { css: "", hasText: [], combinator: "" };
  let pending = "";
  const flush = () => {
    if (!cur.css && !cur.hasText.length) return false;
    out.push(cur);
    cur = { css: "", hasText: [], combinator: "" };
    return true;
  };
  let i = 0;
  const s = css.trim();
  while (i < s.length) {
    const c = s[i];
    if (/\s/.test(c) || c === ">") {
      let j = i, child = false;
      while (j < s.length && (/\s/.test(s[j]) || s[j] === ">")) {
        if (s[j] === ">") {
          if (child) return null;
          child = true;
        }
        j++;
      }
      if (!flush()) return null;
      pending = child ? ">" : " ";
      cur.combinator = pending;
      i = j;
      continue;
    }
    if (c === "+" || c === "~" || c === ",") return null;
    if (c === "\\") {
      const hex = /^[0-9a-fA-F]{1,6}\s?/.exec(s.slice(i + 1, i + 8));
      const n = hex ? 1 + hex[0].length : 2;
      cur.css += s.slice(i, i + n);
      i += n;
      continue;
    }
    if (c === '"' || c === "'") {
      const [, end] = readCSSString(s, i);
      if (end < 0) return null;
      cur.css += s.slice(i, end);
      i = end;
      continue;
    }
    if (c === "[") {
      let j = i + 1;
      while (j < s.length && s[j] !== "]") {
        if (s[j] === '"' || s[j] === "'") {
          const [, end] = readCSSString(s, j);
          if (end < 0) return null;
          j = end;
        } else if (s[j] === "\\") {
          j += 2;
        } else {
          j++;
        }
      }
      if (j >= s.length) return null;
      cur.css += s.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (c === ":") {
      const m = /^:{1,2}([-\w]+)(\()?/.exec(s.slice(i));
      if (!m) return null;
      const name = m[1].toLowerCase();
      if (name === "has-text") {
        let j = i + m[0].length;
        while (/\s/.test(s[j] || "")) j++;
        if (s[j] !== '"' && s[j] !== "'") return null;
        const [value, end] = readCSSString(s, j);
        if (end < 0) return null;
        j = end;
        while (/\s/.test(s[j] || "")) j++;
        if (s[j] !== ")") return null;
        cur.hasText.push(value);
        i = j + 1;
        continue;
      }
      if (playwrightPseudos.has(name)) return null;
      if (m[2]) {
        let depth = 1, j = i + m[0].length;
        while (j < s.length && depth) {
          if (s[j] === "(") depth++;
          else if (s[j] === ")") depth--;
          else if (s[j] === '"' || s[j] === "'") {
            const [, end] = readCSSString(s, j);
            if (end < 0) return null;
            j = end;
            continue;
          }
          j++;
        }
        if (depth) return null;
        cur.css += s.slice(i, j);
        i = j;
        continue;
      }
      cur.css += m[0];
      i += m[0].length;
      continue;
    }
    cur.css += c;
    i++;
  }
  if (!flush()) return null;
  if (out[0].combinator) return null;
  return out;
}

// Pseudo-classes Playwright evaluates itself; we only read :has-text.
const playwrightPseudos = new Set(["not", "is", "where", "has", "scope", "light", "visible", "text",
  "text-matches", "text-is", "above", "below", "right-of", "left-of", "near", "nth-match"]);

