// Runs the task scripts of mcp-flows.mjs through Ariadne's MCP server and
// through @playwright/mcp on the same demo site, in one run, and prints the
// side-by-side table that the README quotes:
//
//   node tools/playwright/mcp-compare.mjs PATH/TO/ariadne [--runs N]
//
// It starts `ariadne demo` for the site. @playwright/mcp runs the system
// Chromium ($CHROME_PATH, else /usr/bin/chromium), headless and isolated.
// Characters: what the answers carry inline, and, for Playwright MCP, also
// the snapshot files its action answers link to instead (an agent has to
// read them to get the page's refs).
import { spawn, execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const [ariadne, ...rest] = process.argv.slice(2);
if (!ariadne) {
  console.error('usage: node mcp-compare.mjs PATH/TO/ariadne [--runs N]');
  process.exit(2);
}
const runs = rest[0] === '--runs' ? Number(rest[1]) : 1;
const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';

const demo = spawn(ariadne, ['demo'], { stdio: ['ignore', 'pipe', 'inherit'] });
const base = await new Promise((resolve, reject) => {
  demo.stdout.once('data', (d) => resolve(String(d).trim()));
  demo.once('exit', (code) => reject(new Error(`ariadne demo exited with ${code}`)));
});

function flows(server) {
  const out = execFileSync('node', [path.join(here, 'mcp-flows.mjs'), base, '--', ...server], {
    cwd: here, maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(String(out)).flows;
}

const servers = {
  Ariadne: [ariadne, 'mcp', '--chrome', chrome],
  'Playwright MCP': ['node', path.join(here, 'node_modules/@playwright/mcp/cli.js'),
    '--executable-path', chrome, '--headless', '--isolated', ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
};

// Alternate the servers run by run, so that load on the machine falls on both.
const results = { Ariadne: [], 'Playwright MCP': [] };
for (let i = 0; i < runs; i++) {
  const order = i % 2 === 0 ? Object.keys(servers) : Object.keys(servers).reverse();
  for (const name of order) results[name].push(flows(servers[name]));
}
demo.kill();

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const sum = (xs) => xs.reduce((a, b) => a + b, 0);

const rows = [];
const names = results.Ariadne[0].map((f) => f.name);
const total = { Ariadne: { ok: 0, calls: 0, chars: 0, read: 0, ms: 0 }, 'Playwright MCP': { ok: 0, calls: 0, chars: 0, read: 0, ms: 0 } };
for (const flow of names) {
  const row = { flow };
  for (const name of Object.keys(servers)) {
    const fs = results[name].map((r) => r.find((f) => f.name === flow));
    const f = fs[0];
    const ok = fs.every((x) => x.ok);
    const snaps = f.snapshots.filter((n) => n > 0);
    const cell = {
      ok, calls: f.calls, chars: f.chars, read: f.chars + f.fileChars,
      perSnapshot: snaps.length ? Math.round(sum(snaps) / snaps.length) : 0,
      ms: median(fs.map((x) => x.ms)), stale: f.stale, healed: f.healed, error: f.error,
    };
    row[name] = cell;
    const t = total[name];
    t.ok += ok ? 1 : 0;
    t.calls += cell.calls;
    t.chars += cell.chars;
    t.read += cell.read;
    t.ms += cell.ms;
  }
  rows.push(row);
}

const A = 'Ariadne';
const P = 'Playwright MCP';
const fmt = (n) => n.toLocaleString('en-US');
console.log(`${runs} run(s); wall time is the median; characters: inline / inline + linked snapshot files\n`);
console.log('| flow | success (A / P) | calls (A / P) | characters (A / P) | per snapshot (A / P) | wall ms (A / P) | refs |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const r of rows) {
  const a = r[A];
  const p = r[P];
  const refs = r.flow === 'rerender' ? `A: ${a.healed ? 'healed' : a.stale ? 'stale' : 'ok'}; P: ${p.stale ? 'stale' : 'ok'}${p.ok ? '' : ' (failed)'}` : '';
  console.log(`| ${r.flow} | ${a.ok ? '✓' : '✗'} / ${p.ok ? '✓' : '✗'} | ${a.calls} / ${p.calls} | ${fmt(a.chars)} / ${fmt(p.chars)} + ${fmt(p.read - p.chars)} = ${fmt(p.read)} | ${fmt(a.perSnapshot)} / ${fmt(p.perSnapshot)} | ${fmt(a.ms)} / ${fmt(p.ms)} | ${refs} |`);
}
const ta = total[A];
const tp = total[P];
console.log(`| **total** | ${ta.ok}/${names.length} / ${tp.ok}/${names.length} | ${ta.calls} / ${tp.calls} | ${fmt(ta.chars)} / ${fmt(tp.read)} (${(ta.chars / tp.read).toFixed(2)}×; inline only ${(ta.chars / tp.chars).toFixed(2)}×) | | ${fmt(ta.ms)} / ${fmt(tp.ms)} (${(ta.ms / tp.ms).toFixed(2)}×) | |`);
for (const r of rows) {
  for (const name of [A, P]) {
    if (!r[name].ok) console.log(`\n${name} ${r.flow}: ${r[name].error}`);
  }
}
