package recordings

// locateJS is the JavaScript the exported chromedp program runs to find a
// step's element when no CSS selector names it. It takes the locator as
// refs writes it in JSON ({"parts":[...]}, plus framePath and
// testIdAttribute) and walks the chain as Playwright does: each part is
// looked up inside the elements the previous parts matched; frame parts
// enter an iframe's document; nth picks one match; filter keeps the matches
// holding a text; xpath evaluates inside each match; CSS and the getBy*
// parts pierce open shadow roots. It tries the chosen locator, then the
// fallbacks, and returns the first element that one of them matches alone
// (a fallback's only if it has the recorded role and name), else null, so
// that chromedp keeps waiting. With count set, it returns how many
// elements the chosen locator matches instead.
//
// Role and accessible name follow Playwright's getByRole closely enough
// for ordinary pages (implicit roles of HTML elements, names from
// aria-labelledby, aria-label, labels, alt, content and title; hidden
// elements skipped) but it is not the full ARIA name computation.
//
// It must not contain a backquote: the program holds it in a raw string.
const locateJS = `(q) => {
  const norm = (s) => (s || '').replace(/[\u200b\u00ad]/g, '').replace(/\s+/g, ' ').trim();
  const matches = (have, want, exact) => {
    have = norm(have); want = norm(want);
    return exact ? have === want : have.toLowerCase().includes(want.toLowerCase());
  };
  const hiddenTags = new Set(['script', 'style', 'template', 'noscript', 'head', 'title']);
  const textOf = (n) => {
    let s = '';
    for (const c of n.childNodes) {
      if (c.nodeType === 3) s += c.data;
      else if (c.nodeType === 1 && !hiddenTags.has(c.localName) && c.getAttribute('aria-hidden') !== 'true') {
        const d = c.ownerDocument.defaultView.getComputedStyle(c).display;
        if (d === 'none') continue;
        const inner = c.localName === 'img' ? (c.getAttribute('alt') || '') : textOf(c);
        s += (d === 'inline' || d === 'inline-block' || d === 'contents') ? inner : ' ' + inner + ' ';
      }
    }
    return s;
  };
  const hidden = (el) => {
    if (el.closest('[aria-hidden="true"]')) return true;
    if (typeof el.checkVisibility === 'function') return !el.checkVisibility({ visibilityProperty: true });
    return el.getClientRects().length === 0;
  };
  const inSection = (el) => !!(el.parentElement && el.parentElement.closest('article,aside,main,nav,section'));
  const inputRole = (el) => {
    const t = (el.getAttribute('type') || 'text').toLowerCase();
    const list = el.hasAttribute('list');
    switch (t) {
      case 'button': case 'image': case 'reset': case 'submit': return 'button';
      case 'checkbox': return 'checkbox';
      case 'radio': return 'radio';
      case 'range': return 'slider';
      case 'number': return 'spinbutton';
      case 'search': return list ? 'combobox' : 'searchbox';
      case 'hidden': return null;
      case 'file': case 'color': case 'date': case 'datetime-local': case 'month': case 'time': case 'week': return null;
    }
    return list ? 'combobox' : 'textbox';
  };
  const ownName = (el) => {
    const by = el.getAttribute('aria-labelledby');
    if (by) {
      const t = norm(by.split(/\s+/).map((id) => el.ownerDocument.getElementById(id)).filter(Boolean).map(textOf).join(' '));
      if (t) return t;
    }
    return norm(el.getAttribute('aria-label'));
  };
  const role = (el) => {
    const explicit = (el.getAttribute('role') || '').trim().split(/\s+/)[0];
    if (explicit) return explicit;
    const tag = el.localName;
    switch (tag) {
      case 'a': case 'area': return el.hasAttribute('href') ? 'link' : null;
      case 'article': return 'article';
      case 'aside': return 'complementary';
      case 'button': return 'button';
      case 'datalist': return 'listbox';
      case 'details': return 'group';
      case 'dialog': return 'dialog';
      case 'dd': return 'definition';
      case 'dt': return 'term';
      case 'fieldset': return 'group';
      case 'figure': return 'figure';
      case 'footer': return inSection(el) ? null : 'contentinfo';
      case 'form': return ownName(el) ? 'form' : null;
      case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6': return 'heading';
      case 'header': return inSection(el) ? null : 'banner';
      case 'hr': return 'separator';
      case 'img': return el.getAttribute('alt') === '' ? 'presentation' : 'img';
      case 'input': return inputRole(el);
      case 'li': return 'listitem';
      case 'main': return 'main';
      case 'menu': case 'ol': case 'ul': return 'list';
      case 'meter': return 'meter';
      case 'nav': return 'navigation';
      case 'option': return 'option';
      case 'output': return 'status';
      case 'p': return 'paragraph';
      case 'progress': return 'progressbar';
      case 'section': return ownName(el) ? 'region' : null;
      case 'select': return el.multiple || el.size > 1 ? 'listbox' : 'combobox';
      case 'table': return 'table';
      case 'tbody': case 'thead': case 'tfoot': return 'rowgroup';
      case 'td': return 'cell';
      case 'th': return el.getAttribute('scope') === 'row' ? 'rowheader' : 'columnheader';
      case 'tr': return 'row';
      case 'textarea': return 'textbox';
    }
    return null;
  };
  const fromContent = new Set(['button', 'cell', 'checkbox', 'columnheader', 'gridcell', 'heading', 'link',
    'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'radio', 'row', 'rowheader', 'switch', 'tab',
    'tooltip', 'treeitem']);
  const labelsOf = (el) => el.labels ? Array.from(el.labels).map(textOf).join(' ') : '';
  const name = (el) => {
    const own = ownName(el);
    if (own) return own;
    const tag = el.localName;
    if (tag === 'input' || tag === 'select' || tag === 'textarea') {
      const t = (el.getAttribute('type') || '').toLowerCase();
      if (t === 'button' || t === 'submit' || t === 'reset') return norm(el.value || (t === 'submit' ? 'Submit' : t === 'reset' ? 'Reset' : ''));
      if (t === 'image') return norm(el.getAttribute('alt') || 'Submit');
      return norm(labelsOf(el)) || norm(el.getAttribute('title')) || norm(el.getAttribute('placeholder'));
    }
    if (tag === 'img') return norm(el.getAttribute('alt')) || norm(el.getAttribute('title'));
    if (tag === 'fieldset') { const l = el.querySelector(':scope > legend'); if (l) return norm(textOf(l)); }
    if (tag === 'table') { const c = el.querySelector(':scope > caption'); if (c) return norm(textOf(c)); }
    if (fromContent.has(role(el))) { const t = norm(textOf(el)); if (t) return t; }
    return norm(el.getAttribute('title'));
  };
  const state = (el, key) => {
    const aria = el.getAttribute('aria-' + key);
    switch (key) {
      case 'checked':
        if ((el.localName === 'input') && (el.type === 'checkbox' || el.type === 'radio')) return el.indeterminate ? 'mixed' : String(el.checked);
        return aria === 'true' || aria === 'mixed' ? aria : 'false';
      case 'disabled':
        return String(el.matches(':disabled') || !!el.closest('[aria-disabled="true"]'));
      case 'selected':
        if (el.localName === 'option') return String(el.selected);
        return aria === 'true' ? 'true' : 'false';
      case 'expanded': case 'pressed':
        return aria === 'true' || aria === 'mixed' ? aria : 'false';
    }
    return '';
  };
  const level = (el) => {
    const a = parseInt(el.getAttribute('aria-level') || '', 10);
    if (a > 0) return a;
    const m = /^h([1-6])$/.exec(el.localName);
    return m ? Number(m[1]) : 0;
  };
  // Every element under scope, in open shadow roots too (Playwright's
  // locators pierce them).
  const descendants = (scope) => {
    const out = [];
    const walk = (root) => {
      for (const el of root.querySelectorAll('*')) {
        out.push(el);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(scope);
    return out;
  };
  const byCSS = (scope, css) => {
    const out = Array.from(scope.querySelectorAll(css));
    for (const el of descendants(scope)) if (el.shadowRoot) out.push(...el.shadowRoot.querySelectorAll(css));
    return out;
  };
  const byXPath = (scope, xp) => {
    const expr = scope.nodeType === 9 || xp.startsWith('.') ? xp : '.' + xp;
    const doc = scope.nodeType === 9 ? scope : scope.ownerDocument;
    const r = doc.evaluate(expr, scope, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
    const out = [];
    for (let i = 0; i < r.snapshotLength; i++) if (r.snapshotItem(i).nodeType === 1) out.push(r.snapshotItem(i));
    return out;
  };
  const attr = (scope, name, p) => descendants(scope).filter((el) => el.hasAttribute(name) && matches(el.getAttribute(name), p.text, p.exact));
  const find = (scope, p) => {
    switch (p.kind) {
      case 'css': return byCSS(scope, p.css);
      case 'xpath': return byXPath(scope, p.xpath);
      case 'testid': {
        const a = p.attr || q.testIdAttribute || 'data-testid';
        return descendants(scope).filter((el) => el.getAttribute(a) === (p.text || ''));
      }
      case 'role': return descendants(scope).filter((el) => {
        if (role(el) !== p.role || hidden(el)) return false;
        if ((p.text || p.exact) && !matches(name(el), p.text || '', p.exact)) return false;
        for (const k of ['checked', 'disabled', 'selected', 'expanded', 'pressed']) {
          if (p[k] && state(el, k) !== p[k]) return false;
        }
        return !p.level || level(el) === p.level;
      });
      case 'label': return descendants(scope).filter((el) => {
        const names = [labelsOf(el), el.getAttribute('aria-label') || '', ownName(el)];
        return names.some((n) => norm(n) && matches(n, p.text, p.exact));
      });
      case 'placeholder': return attr(scope, 'placeholder', p);
      case 'alt': return attr(scope, 'alt', p);
      case 'title': return attr(scope, 'title', p);
      case 'text': {
        const hit = (el) => !hiddenTags.has(el.localName) && matches(textOf(el), p.text, p.exact);
        return descendants(scope).filter((el) => hit(el) && !Array.from(el.children).some(hit));
      }
    }
    throw new Error('unknown locator part ' + p.kind);
  };
  let doc = document;
  for (const i of q.framePath || []) {
    const w = doc.defaultView.frames[i];
    if (!w) return null;
    doc = w.document;
  }
  const run = (parts) => {
    let scopes = [doc];
    for (const p of parts) {
      if (p.kind === 'frame') {
        scopes = scopes.flatMap((s) => byCSS(s, p.css)).map((f) => f.contentDocument).filter(Boolean);
      } else if (p.kind === 'nth') {
        const i = p.nth || 0;
        const el = i < 0 ? scopes[scopes.length + i] : scopes[i];
        scopes = el ? [el] : [];
      } else if (p.kind === 'parent') {
        scopes = Array.from(new Set(scopes.map((el) => el.parentElement || (el.parentNode && el.parentNode.host)).filter(Boolean)));
      } else if (p.kind === 'filter') {
        scopes = scopes.filter((el) => el.nodeType === 1 && matches(textOf(el), p.text || '', false));
      } else {
        scopes = Array.from(new Set(scopes.flatMap((s) => find(s, p))));
      }
    }
    return scopes;
  };
  // The recorded element, as Ariadne's replay checks it: its role, and its
  // name without case, spacing, punctuation or digit-bearing words.
  const letters = (s) => norm(s).toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  const digitFree = (s) => norm(s).toLowerCase().split(' ').filter((w) => !/[0-9]/.test(w)).join(' ');
  const same = (a, b) => letters(a) === letters(b) || (letters(digitFree(a)) !== '' && letters(digitFree(a)) === letters(digitFree(b)));
  const isRecorded = (el) => {
    const id = q.identity;
    if (!id || !id.role || id.role === 'generic') return true;
    const r = role(el);
    return r === id.role && (!id.name || same(name(el), id.name));
  };
  // The chosen locator first, then the fallbacks; a fallback only for the
  // recorded element.
  const cands = q.candidates || [q.parts];
  if (q.count) {
    try {
      return run(cands[0]).filter((n) => n.nodeType === 1).length;
    } catch (e) {
      return 0;
    }
  }
  for (let i = 0; i < cands.length; i++) {
    let got;
    try {
      got = run(cands[i]);
    } catch (e) {
      continue;
    }
    if (got.length === 1 && got[0].nodeType === 1 && (i === 0 || isRecorded(got[0]))) return got[0];
  }
  return null;
}`
