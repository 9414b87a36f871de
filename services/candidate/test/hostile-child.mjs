// A stand-in for a parser gone wrong, run by the tests under the same OS caps as the extraction child:
// stdin names what it does, fd 3 carries its answer when it lives to give one.
import { createWriteStream } from 'node:fs';

let input = '';
for await (const chunk of process.stdin) input += chunk;
if (input === 'allocate') {
  // 2 GiB of ArrayBuffers, touched: outside V8's heap limit, inside the data limit.
  const kept = [];
  for (let i = 0; i < 32; i++) kept.push(Buffer.alloc(64 * 1024 * 1024, 1));
}
if (input === 'spin') for (;;);
const value = input === 'environment' ? Object.keys(process.env) : input;
createWriteStream('', { fd: 3 }).end(JSON.stringify({ ok: true, value }), () => process.exit(0));
