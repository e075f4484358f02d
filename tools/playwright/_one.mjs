import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
const argv = process.argv.slice(2); const sep = argv.indexOf('--');
const calls = JSON.parse(argv[0]);
const [cmd, ...args] = argv.slice(sep + 1);
const c = new Client({ name: 'one', version: '1' });
await c.connect(new StdioClientTransport({ command: cmd, args, stderr: 'inherit' }));
for (const [name, a] of calls) {
  const t0 = Date.now();
  const r = await c.callTool({ name, arguments: a });
  console.log(`>>> ${name} ${JSON.stringify(a)} err=${!!r.isError} ${Date.now()-t0}ms`);
  for (const x of r.content) console.log(x.type === 'text' ? x.text : `[${x.type}]`);
}
await c.close();
