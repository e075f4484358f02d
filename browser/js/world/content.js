  // ---- CSS generated content ------------------------------------------------
  // Text from content: on ::before/::after (and alt text given on an element
  // with content: ... / "alt"). Computing a pseudo-element's style is costly,
  // so each tree scope's style sheets are read first: only elements that
  // match a rule setting content can have any. For each scope we keep the
  // selectors of those rules (the originating element's part, for
  // ::before and ::after) and test elements with matches(); when a sheet
  // cannot be read or a selector not understood, every element is checked.

  // eachUnquoted calls fn(ch, i, parens, brackets) for each character of
  // a selector outside strings, with how deep in parentheses and in
  // brackets it sits; parentheses and brackets themselves are left out.
  function eachUnquoted(text, fn) {
    let parens = 0, brackets = 0, quote = "";
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (quote) {
        if (ch === "\\") i++;
        else if (ch === quote) quote = "";
      } else if (ch === '"' || ch === "'") quote = ch;
      else if (ch === "(") parens++;
      else if (ch === ")") parens--;
      else if (ch === "[") brackets++;
      else if (ch === "]") brackets--;
      else fn(ch, i, parens, brackets);
    }
  }

  // eachTopLevel calls fn(ch, i) for each character of a selector that
  // is outside strings, brackets and parentheses.
  function eachTopLevel(text, fn) {
    eachUnquoted(text, (ch, i, parens, brackets) => {
      if (parens === 0 && brackets === 0) fn(ch, i);
    });
  }

  // splitSelectors splits a selector list at its top-level commas.
  function splitSelectors(text) {
    const out = [];
    let start = 0;
    eachTopLevel(text, (ch, i) => {
      if (ch === ",") {
        out.push(text.slice(start, i).trim());
        start = i + 1;
      }
    });
    out.push(text.slice(start).trim());
    return out;
  }

  function contentFlags(scope) {
    let f = cContent && cContent.get(scope);
    if (f) return f;
    // all*: check every element; sel*: selector lists to match; host: a
    // :host rule gives the shadow host content.
    f = { allBefore: false, allAfter: false, allEl: false, before: [], after: [], el: [], host: false };
    const everything = () => { f.allBefore = f.allAfter = f.allEl = f.host = true; };
    const valid = (sel) => {
      try {
        (document.documentElement || document.createElement("div")).matches(sel);
        return true;
      } catch {
        return false;
      }
    };
    const rule = (r) => {
      const text = r.selectorText || "";
      if (text.includes("&")) return everything(); // nested: relative to its parent
      for (const one of splitSelectors(text)) {
        if (/:host|::slotted|::part/i.test(one)) {
          f.host = true;
          f.allBefore = f.allAfter = f.allEl = true;
          continue;
        }
        const pseudo = /::?(before|after)\b/i.exec(one);
        if (!pseudo) {
          if (one.includes("::")) continue; // another pseudo-element (::marker, ::placeholder)
          if (valid(one)) f.el.push(one);
          else f.allEl = true;
          continue;
        }
        let base = one.replace(/::?(before|after)\b/gi, "").trim();
        if (base === "" || /[>+~]$/.test(base)) base += "*";
        const which = pseudo[1].toLowerCase();
        if (!valid(base)) {
          if (which === "before") f.allBefore = true;
          else f.allAfter = true;
        } else f[which].push(base);
      }
    };
    const scan = (rules) => {
      for (const r of rules) {
        if (r.styleSheet) sheet(r.styleSheet);
        if (r.cssRules && r.cssRules.length) scan(r.cssRules);
        // Style rules only (@page margin boxes have content but no element).
        if (r.selectorText !== undefined && r.style && r.style.getPropertyValue("content")) rule(r);
      }
    };
    const sheet = (sh) => {
      let rules;
      try {
        rules = sh.cssRules;
      } catch {
        return everything(); // not readable (another origin)
      }
      if (rules) scan(rules);
    };
    try {
      for (const sh of scope.styleSheets || []) sheet(sh);
      for (const sh of scope.adoptedStyleSheets || []) sheet(sh);
    } catch {
      everything();
    }
    f.before = f.before.length ? f.before.join(", ") : "";
    f.after = f.after.length ? f.after.join(", ") : "";
    f.el = f.el.length ? f.el.join(", ") : "";
    if (cContent) cContent.set(scope, f);
    return f;
  }

  function mayHaveContent(el, pseudo) {
    if (!cContent) return true;
    const f = contentFlags(el.getRootNode());
    if (pseudo === "::before" ? f.allBefore || (f.before && el.matches(f.before)) :
      pseudo === "::after" ? f.allAfter || (f.after && el.matches(f.after)) :
        f.allEl || (f.el && el.matches(f.el))) return true;
    if (el.shadowRoot && contentFlags(el.shadowRoot).host) return true;
    return !pseudo && el.hasAttribute("style") && !!el.style.getPropertyValue("content");
  }

  // cssContent returns the text that CSS content adds to el (pseudo "" for
  // the element itself, "::before" or "::after"), or undefined. checked
  // says the caller already knows that a content rule may apply.
  function cssContent(el, pseudo, checked) {
    if (!checked && !mayHaveContent(el, pseudo)) return undefined;
    const view = el.ownerDocument && el.ownerDocument.defaultView;
    const st = pseudo ? view && view.getComputedStyle(el, pseudo) : styleOf(el);

    if (!st) return undefined;
    let content;
    const value = st.content;
    if (value && value !== "none" && value !== "normal" && st.display !== "none" && st.visibility !== "hidden") {
      content = parseContent(el, value, !!pseudo);
    }
    if (pseudo && content !== undefined && (st.display || "inline") !== "inline") content = " " + content + " ";
    return content;
  }

  // parseContent reads a computed content value: strings and attr(name),
  // optionally after a "/" (alt text). Anything else (counters, quotes,
  // images without alt text) gives undefined.
  function parseContent(el, value, isPseudo) {
    const tokens = [];
    let i = 0;
    const n = value.length;
    while (i < n) {
      const ch = value[i];
      if (/\s/.test(ch)) {
        i++;
      } else if (ch === '"' || ch === "'") {
        let s = "";
        i++;
        while (i < n && value[i] !== ch) {
          if (value[i] === "\\") {
            i++;
            const hex = /^[0-9a-fA-F]{1,6}/.exec(value.slice(i, i + 6));
            if (hex) {
              s += String.fromCodePoint(parseInt(hex[0], 16) || 0xfffd);
              i += hex[0].length;
              if (i < n && /\s/.test(value[i])) i++;
            } else if (i < n) {
              if (value[i] !== "\n") s += value[i];
              i++;
            }
          } else {
            s += value[i++];
          }
        }
        i++;
        tokens.push({ s });
      } else if (ch === "/") {
        tokens.push({ d: true });
        i++;
      } else {
        const m = /^attr\(\s*([-\w]+)\s*\)/i.exec(value.slice(i));
        if (m) {
          tokens.push({ a: m[1] });
          i += m[0].length;
        } else {
          const w = /^[^\s"'/]+(\([^)]*\))?/.exec(value.slice(i));
          tokens.push({ x: true });
          i += w ? w[0].length : 1;
        }
      }
    }
    let start = 0;
    const d = tokens.findIndex((t) => t.d);
    if (d !== -1) start = d + 1;
    else if (!isPseudo) return undefined;
    let out = "";
    for (let j = start; j < tokens.length; j++) {
      const t = tokens[j];
      if (t.s !== undefined) out += t.s;
      else if (t.a !== undefined) out += el.getAttribute(t.a) || "";
      else return undefined;
    }
    return out;
  }

