// A stand-in for the CV reader that stays started (cv-reader-pool.ts), run by the tests under the same
// OS caps: it reads requests framed as the reader's are (a JSON header line with the body's size, then the
// body), and the body names what it does; each answer is one JSON line on fd 3.
import { createWriteStream } from 'node:fs';

const out = createWriteStream('', { fd: 3 });
const answer = (result) => out.write(`${JSON.stringify({ result, rss: process.memoryUsage().rss })}\n`);

async function handle(body) {
  if (body === 'allocate') {
    // 2 GiB of ArrayBuffers, touched: outside V8's heap limit, inside the data limit.
    const kept = [];
    for (let i = 0; i < 32; i++) kept.push(Buffer.alloc(64 * 1024 * 1024, 1));
  }
  if (body === 'spin') for (;;);
  if (body === 'crash') process.kill(process.pid, 'SIGSEGV');
  if (body === 'exit') process.exit(3);
  if (body.startsWith('burn ')) {
    // Spins for the CPU seconds it names, then answers: allowances are per request, not per life.
    const until = process.cpuUsage();
    const seconds = Number(body.slice(5));
    for (;;) {
      const used = process.cpuUsage(until);
      if ((used.user + used.system) / 1e6 >= seconds) break;
    }
  }
  if (body.startsWith('wait ')) await new Promise((resolve) => setTimeout(resolve, Number(body.slice(5))));
  if (body.startsWith('hold ')) globalThis.held = Buffer.alloc(Number(body.slice(5)) * 1024 * 1024, 1);
  if (body === 'refuse') return answer({ ok: false, kind: 'unsupported', message: 'not a CV' });
  answer({ ok: true, value: body === 'pid' ? process.pid : body });
}

let buffered = Buffer.alloc(0);
for await (const chunk of process.stdin) {
  buffered = Buffer.concat([buffered, chunk]);
  for (;;) {
    const newline = buffered.indexOf(0x0a);
    if (newline < 0) break;
    const header = JSON.parse(buffered.subarray(0, newline).toString('utf8'));
    if (buffered.length < newline + 1 + header.size) break;
    const body = buffered.subarray(newline + 1, newline + 1 + header.size).toString('utf8');
    buffered = buffered.subarray(newline + 1 + header.size);
    await handle(body);
  }
}
process.exit(0);
