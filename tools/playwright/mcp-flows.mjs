// Drives an MCP browser server (Ariadne's `ariadne mcp`, or @playwright/mcp)
// through the same task scripts on Ariadne's demo site, with the official
// TypeScript SDK client, the way an agent would: read refs from the answers,
// act on them, take a new snapshot when a ref went stale. Prints one JSON
// object: the tool list and, per flow, whether it succeeded, what the page
// showed afterwards (read with browser_evaluate, not counted), the number of
// calls, the characters returned (in total and per snapshot) and the wall
// time.
//
//   node mcp-flows.mjs BASE_URL [--only flow,flow] -- SERVER_COMMAND ARGS...
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const argv = process.argv.slice(2);
const sep = argv.indexOf('--');
if (sep < 1 || sep === argv.length - 1) {
  console.error('usage: node mcp-flows.mjs BASE_URL [--only a,b] -- COMMAND ARGS...');
  process.exit(2);
}
const base = argv[0].replace(/\/$/, '');
const onlyAt = argv.indexOf('--only');
const only = onlyAt > 0 && onlyAt < sep ? new Set(argv[onlyAt + 1].split(',')) : null;
const [command, ...args] = argv.slice(sep + 1);

// The server's working directory, where Playwright MCP writes the snapshot
// files its answers link to.
const cwd = mkdtempSync(path.join(tmpdir(), 'mcp-flows-'));
const transport = new StdioClientTransport({ command, args, cwd, env: process.env, stderr: 'inherit' });
const client = new Client({ name: 'ariadne-mcp-flows', version: '1' });
await client.connect(transport);

// One flow's bookkeeping, and the agent's view of the page: the lines of
// the last whole snapshot, plus lines that later answers added.
class Run {
  constructor(name) {
    this.name = name;
    this.calls = 0;
    this.chars = 0;
    this.fileChars = 0; // snapshot files the answers link to, read as an agent must
    this.snapshots = [];
    this.lines = [];
    this.log = [];
    this.stale = 0;
    this.healed = 0;
  }

  async call(name, args = {}, { check = false } = {}) {
    const res = await client.callTool({ name, arguments: args });
    const text = (res.content || []).filter((c) => c.type === 'text').map((c) => c.text).join('\n');
    if (!check) {
      this.calls++;
      this.chars += text.length;
    }
    this.log.push({ tool: name, args, error: !!res.isError, chars: text.length, check });
    let snap = snapshotOf(text);
    const link = text.match(/### Snapshot\n- \[Snapshot\]\(([^)]+)\)/);
    if (snap === null && link) {
      snap = readFileSync(path.resolve(cwd, link[1]), 'utf8');
      if (!check) this.fileChars += snap.length;
    }
    if (snap !== null) {
      if (!check) this.snapshots.push(snap.length);
      this.lines = snap.split('\n');
    } else {
      this.lines.push(...text.split('\n').filter((l) => /\[ref=/.test(l)));
    }
    if (/healed/.test(text) && !res.isError) this.healed++;
    return { text, error: !!res.isError };
  }

  // ref finds the nth element with that role whose name matches, in the
  // agent's view of the page; within: {role, text} looks only inside the
  // container of that role (a row, a card) that holds the text.
  ref(role, name, { nth = 0, within = null } = {}) {
    let start = 0;
    let indent = -1;
    if (within) {
      start = this.container(within);
      if (start < 0) return null;
      indent = this.lines[start].search(/\S/);
      start++;
    }
    let seen = 0;
    for (let i = start; i < this.lines.length; i++) {
      const l = this.lines[i];
      if (within && l.search(/\S/) <= indent) break;
      const m = l.match(/-\s+(\w+)(?:\s+"((?:[^"\\]|\\.)*)")?.*\[ref=([^\]\s]+)\]/);
      if (!m || m[1] !== role) continue;
      if (name && !(m[2] || '').includes(name)) continue;
      if (seen++ === nth) return m[3];
    }
    return null;
  }

  // container returns the line of the first element of within.role that
  // holds within.text (on its own line or below it), or -1.
  container(within) {
    const opens = new RegExp(`^\\s*- ${within.role}\\b`);
    const depth = (l) => l.search(/\S/);
    for (let hit = 0; hit < this.lines.length; hit++) {
      if (!this.lines[hit].includes(within.text)) continue;
      for (let i = hit; i >= 0; i--) {
        if (opens.test(this.lines[i]) && depth(this.lines[i]) <= depth(this.lines[hit])) return i;
        if (depth(this.lines[i]) === 0) break;
      }
    }
    return -1;
  }

  // act calls a tool on the ref find() gives; when the server says the ref
  // is stale or gone, it takes a new snapshot and tries once more, as an
  // agent would.
  async act(tool, find, args = {}) {
    let target = find();
    if (!target) throw new Error(`${tool}: no such element in the snapshot`);
    let r = await this.call(tool, { ...args, target });
    if (r.error && /stale|not found|snapshot/i.test(r.text)) {
      this.stale++;
      await this.call('browser_snapshot');
      target = find();
      if (!target) throw new Error(`${tool}: the element is gone after a new snapshot`);
      r = await this.call(tool, { ...args, target });
    }
    if (r.error) throw new Error(`${tool} ${target}: ${r.text.slice(0, 300)}`);
    return r;
  }

  async read(fn) {
    const r = await this.call('browser_evaluate', { function: fn }, { check: true });
    if (r.error) return { error: r.text.slice(0, 300) };
    return parseResult(r.text);
  }
}

function snapshotOf(text) {
  const m = text.match(/### (?:Page state|Snapshot)[\s\S]*?```yaml\n([\s\S]*?)```/);
  return m ? m[1] : null;
}

// parseResult reads a browser_evaluate answer: Ariadne's JSON after
// "### Result", or Playwright MCP's.
function parseResult(text) {
  const m = text.match(/### Result\n([\s\S]*?)(?:\n###|$)/);
  const raw = (m ? m[1] : text).trim();
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

const status = (sel = '#status') => `() => document.querySelector(${JSON.stringify(sel)}).textContent.trim()`;

const flows = {
  async signin(r) {
    await r.call('browser_navigate', { url: `${base}/signin.html` });
    await r.act('browser_type', () => r.ref('textbox', 'Email'), { text: 'ada@example.com' });
    await r.act('browser_type', () => r.ref('textbox', 'Password'), { text: 'correct horse' });
    await r.act('browser_click', () => r.ref('checkbox', 'Remember me'));
    await r.act('browser_click', () => r.ref('button', 'Sign in'));
    return { status: await r.read(status()), remember: await r.read("() => document.querySelector('[name=remember]').checked") };
  },
  async product(r) {
    await r.call('browser_navigate', { url: `${base}/products.html` });
    await r.act('browser_click', () => r.ref('button', 'Add to cart', { nth: 1 }));
    return {
      cart: await r.read(status('#cart')),
      second: await r.read("() => document.querySelectorAll('article')[1].querySelector('.in-cart').textContent"),
    };
  },
  async table(r) {
    await r.call('browser_navigate', { url: `${base}/table.html` });
    await r.act('browser_click', () => r.ref('button', 'Delete', { within: { role: 'row', text: 'Grace Hopper' } }));
    return { status: await r.read(status()), rows: await r.read("() => [...document.querySelectorAll('tbody tr')].map((tr) => tr.cells[0].textContent)") };
  },
  async iframe(r) {
    await r.call('browser_navigate', { url: `${base}/frames.html` });
    await r.act('browser_type', () => r.ref('textbox', 'Card number'), { text: '4242 4242 4242 4242' });
    await r.act('browser_click', () => r.ref('button', 'Pay'));
    return { status: await r.read("() => document.querySelector('iframe').contentDocument.getElementById('status').textContent") };
  },
  async shadow(r) {
    await r.call('browser_navigate', { url: `${base}/shadow.html` });
    await r.act('browser_click', () => r.ref('button', 'Increment', { nth: 1 }));
    return { counts: await r.read("() => [...document.querySelectorAll('fancy-counter')].map((c) => c.shadowRoot.querySelector('p').textContent)") };
  },
  async dialog(r) {
    await r.call('browser_navigate', { url: `${base}/dialog.html` });
    const click = await r.act('browser_click', () => r.ref('button', 'Ask for a name'));
    const modal = /dialog/i.test(click.text) && /browser_handle_dialog/.test(click.text);
    await r.call('browser_handle_dialog', { accept: true, promptText: 'Theseus' });
    return { modal, status: await r.read(status()) };
  },
  async popup(r) {
    await r.call('browser_navigate', { url: `${base}/windows.html` });
    await r.act('browser_click', () => r.ref('button', 'Open popup window'));
    const tabs = await r.call('browser_tabs', { action: 'list' });
    // Playwright MCP numbers tabs from 0, as Ariadne's MCP server does.
    const popup = [...tabs.text.matchAll(/- (\d+):.*popup\.html/g)].map((m) => Number(m[1]));
    if (popup.length === 0) throw new Error('the popup is not in the tab list:\n' + tabs.text);
    await r.call('browser_tabs', { action: 'select', index: popup[0] });
    await r.call('browser_snapshot');
    await r.act('browser_click', () => r.ref('button', 'Say hello'));
    return { popupTab: popup[0], status: await r.read(status()), url: await r.read('() => location.pathname') };
  },
  async rerender(r) {
    await r.call('browser_navigate', { url: `${base}/rerender.html` });
    const like = r.ref('button', 'Like', { nth: 1 });
    // The agent thinks for a second; the list re-renders under the ref (it
    // does every 400 ms).
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await r.act('browser_click', () => (r.stale ? r.ref('button', 'Like', { nth: 1 }) : like));
    return { status: await r.read(status()) };
  },
};

const t0 = performance.now();
const out = { tools: (await client.listTools()).tools.map((t) => t.name), flows: [] };
// Warm up (Playwright MCP launches its browser on the first call), not counted.
await client.callTool({ name: 'browser_navigate', arguments: { url: `${base}/` } });
out.startMs = Math.round(performance.now() - t0);
for (const [name, flow] of Object.entries(flows)) {
  if (only && !only.has(name)) continue;
  const r = new Run(name);
  const t0 = performance.now();
  let result = null;
  let error = null;
  try {
    result = await flow(r);
  } catch (e) {
    error = String(e.message || e);
  }
  out.flows.push({
    name, ok: error === null, error, result,
    calls: r.calls, chars: r.chars, fileChars: r.fileChars, snapshots: r.snapshots,
    stale: r.stale, healed: r.healed, ms: Math.round(performance.now() - t0), log: r.log,
  });
}
await client.close();
console.log(JSON.stringify(out));
