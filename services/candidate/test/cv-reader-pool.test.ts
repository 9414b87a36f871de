import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  EXTRACTION_LIMITS,
  childEntry,
  extractCvFields,
  extractionPool,
  extractionSandbox,
  readingShares,
  runExtraction,
  type ExtractionLimits,
} from '../src/modules/cvs/cv-extraction';
import { READER_POOL_OPTIONS, ReaderPool, ReadingShares, cpuSecondsUsed } from '../src/modules/cvs/cv-reader-pool';
import { startTestApp } from './helpers';

const hostileReader = fileURLToPath(new URL('./hostile-reader.mjs', import.meta.url));
const MIB = 1024 * 1024;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether the process is gone within a few seconds (a SIGKILL is delivered, not awaited). */
async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 50 && alive(pid); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  return !alive(pid);
}

const box = extractionSandbox();
if (box.kind !== 'prlimit')
  throw new Error('these tests need prlimit (util-linux), as the service does to reuse readers');
const pools: ReaderPool[] = [];
function hostilePool(options = READER_POOL_OPTIONS): ReaderPool {
  const pool = new ReaderPool(() => Promise.resolve(hostileReader), box as typeof box & { kind: 'prlimit' }, options);
  pools.push(pool);
  return pool;
}
const ask = (pool: ReaderPool, body: string, limits: ExtractionLimits = EXTRACTION_LIMITS) =>
  pool.run({}, Buffer.from(body), limits);

// Each test starts node processes, seconds apiece on a busy machine.
describe('the CV reader that stays started', { timeout: 120_000 }, () => {
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.close()));
  });

  it('reads one CV after another in the same capped child', async () => {
    const readers = extractionPool();
    expect(readers).not.toBeNull();
    await readers?.close();
    const started = readers?.started ?? 0;
    expect(await runExtraction({ task: 'text', type: 'txt', bytes: Buffer.from('Jane Doe, welder') })).toBe(
      'Jane Doe, welder',
    );
    const [pid] = readers?.pids() ?? [];
    expect(pid).toBeDefined();
    expect(await extractCvFields('txt', Buffer.from('Jane Doe\njane@example.com'))).toEqual({
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane@example.com',
    });
    expect(await runExtraction({ task: 'text', type: 'txt', bytes: Buffer.from('Second CV') })).toBe('Second CV');
    expect(readers?.started).toBe(started + 1);
    expect(readers?.pids()).toEqual([pid]);
    await readers?.close();
    expect(readers?.size).toBe(0);
    expect(alive(pid ?? 0)).toBe(false);
  });

  it('gives each CV its own CPU allowance, not one for the life of the child', async () => {
    const pool = hostilePool();
    const limits = { ...EXTRACTION_LIMITS, cpuSeconds: 1, timeoutMs: 60_000 };
    const pid = await ask(pool, 'pid', limits);
    // 1.4 s of CPU in two CVs of 0.7 s: more than one allowance, in the same child.
    expect(await ask(pool, 'burn 0.7', limits)).toBe('burn 0.7');
    expect(await ask(pool, 'burn 0.7', limits)).toBe('burn 0.7');
    expect(await ask(pool, 'pid', limits)).toBe(pid);
    expect(await cpuSecondsUsed(pid as number)).toBeGreaterThan(1.3);
    // A CV that spins is still stopped by the kernel at its allowance, with the same message as before.
    await expect(ask(pool, 'spin', limits)).rejects.toMatchObject({
      kind: 'timeout',
      message: 'the parser used more than 1 s of CPU time',
    });
    expect(alive(pid as number)).toBe(false);
    expect(await ask(pool, 'pid', limits)).not.toBe(pid);
  });

  it('replaces a child killed at the deadline, and the next CV reads normally', async () => {
    const pool = hostilePool();
    const first = await ask(pool, 'pid');
    await expect(ask(pool, 'spin', { ...EXTRACTION_LIMITS, timeoutMs: 300 })).rejects.toMatchObject({
      kind: 'timeout',
      message: 'the parser took longer than 300 ms',
    });
    expect(alive(first as number)).toBe(false);
    const second = await ask(pool, 'pid');
    expect(second).not.toBe(first);
    expect(pool.started).toBe(2);
  });

  it('replaces a child that ran out of memory, crashed, stopped or refused a file', async () => {
    const pool = hostilePool();
    const pids = new Set<unknown>();
    pids.add(await ask(pool, 'pid'));
    await expect(ask(pool, 'allocate')).rejects.toMatchObject({
      kind: 'out-of-memory',
      message: 'the parser ran out of memory',
    });
    pids.add(await ask(pool, 'pid'));
    await expect(ask(pool, 'crash')).rejects.toMatchObject({ kind: 'failed', message: 'the parser crashed (SIGSEGV)' });
    pids.add(await ask(pool, 'pid'));
    await expect(ask(pool, 'exit')).rejects.toMatchObject({
      kind: 'failed',
      message: 'the parser stopped (exit code 3)',
    });
    pids.add(await ask(pool, 'pid'));
    await expect(ask(pool, 'refuse')).rejects.toMatchObject({ kind: 'unsupported', message: 'not a CV' });
    pids.add(await ask(pool, 'pid'));
    expect(pids.size).toBe(5);
    expect(pool.started).toBe(5);
  });

  it('reads CVs side by side, and one that hangs does not hold up the others', async () => {
    const pool = hostilePool();
    const limits = { ...EXTRACTION_LIMITS, timeoutMs: 20_000 };
    const [a, b] = await Promise.all([ask(pool, 'pid', limits), ask(pool, 'pid', limits)]);
    expect(a).not.toBe(b);
    expect(pool.size).toBe(2);
    const hanging = ask(pool, 'wait 3000', limits).catch((err: unknown) => err);
    const asked = Date.now();
    expect(await ask(pool, 'quick', limits)).toBe('quick');
    expect(Date.now() - asked).toBeLessThan(10_000);
    await pool.close();
    // The hanging CV was being read at close: its child ends once it is done, or at its deadline.
    expect(await hanging).toBe('wait 3000');
    expect(pool.size).toBe(0);
    expect([a, b].some((pid) => alive(pid as number))).toBe(false);
  });

  it("lets a CV taken up while its child's allowance is renewed finish when the pool closes", async () => {
    // prlimit made slow to renew an allowance (--pid), so that the pool closes while a renewal is under way.
    const slow = path.join(mkdtempSync(path.join(tmpdir(), 'slow-prlimit-')), 'prlimit');
    writeFileSync(slow, `#!/bin/sh\ncase "$1" in --pid=*) /bin/sleep 1 ;; esac\nexec ${box.command} "$@"\n`, {
      mode: 0o755,
    });
    const pool = new ReaderPool(() => Promise.resolve(hostileReader), { kind: 'prlimit', command: slow });
    pools.push(pool);
    const pid = (await ask(pool, 'pid')) as number;
    const reading = ask(pool, 'quick').catch((err: unknown) => err);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await pool.close();
    expect(await reading).toBe('quick');
    expect(pool.size).toBe(0);
    expect(await gone(pid)).toBe(true);
  });

  it('keeps no more idle children than may read at once, and ends idle ones after a while', async () => {
    const pool = hostilePool({ ...READER_POOL_OPTIONS, idleMs: 300 });
    const limits = { ...EXTRACTION_LIMITS, concurrency: 1 };
    const pids = await Promise.all([ask(pool, 'pid', limits), ask(pool, 'pid', limits)]);
    expect(pool.size).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(pool.size).toBe(0);
    expect(pids.some((pid) => alive(pid as number))).toBe(false);
  });

  it('starts a child under other caps for other limits, and retires one that holds too much', async () => {
    const pool = hostilePool();
    const first = await ask(pool, 'pid');
    expect(await ask(pool, 'pid', { ...EXTRACTION_LIMITS, memoryMb: 300 })).not.toBe(first);
    expect(await ask(pool, 'pid')).toBe(first);
    // After a CV that leaves it holding more than half its data limit, a child is not used again.
    expect(await ask(pool, 'hold 300')).toBe('hold 300');
    expect(await gone(first as number)).toBe(true);
    expect(await ask(pool, 'pid')).not.toBe(first);
  });

  it('each child runs under the memory cap of a child per CV, its CPU allowance renewed per CV', async () => {
    const pool = hostilePool();
    const limits = { ...EXTRACTION_LIMITS, cpuSeconds: 2 };
    const pid = (await ask(pool, 'pid', limits)) as number;
    const cpuLimit = () => /^Max cpu time\s+(\d+)\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/limits`, 'utf8'));
    expect(readFileSync(`/proc/${pid}/limits`, 'utf8')).toMatch(new RegExp(`^Max data size\\s+${512 * MIB}\\s`, 'm'));
    expect(cpuLimit()?.slice(1)).toEqual(['2', '41']);
    expect(await ask(pool, 'burn 1.2', limits)).toBe('burn 1.2');
    expect(await ask(pool, 'pid', limits)).toBe(pid);
    // Renewed before the last CV: what the child had used, rounded up, plus the allowance.
    const used = Math.ceil((await cpuSecondsUsed(pid)) ?? 0);
    expect(Number(cpuLimit()?.[1])).toBeGreaterThanOrEqual(4);
    expect(Number(cpuLimit()?.[1])).toBeLessThanOrEqual(used + 2);
    expect(cpuLimit()?.[2]).toBe('41');
  });

  it('the child ends when its stdin does, as it does when the service dies', async () => {
    const run = spawnSync(process.execPath, [await childEntry(), '--serve'], {
      input: '',
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
      timeout: 30_000,
    });
    expect(run.status).toBe(0);
    expect(String(run.output[3])).toBe('');
  });

  it('closing the service ends its readers', async () => {
    const t = await startTestApp('pglite');
    try {
      expect(await runExtraction({ task: 'text', type: 'txt', bytes: Buffer.from('Kept') })).toBe('Kept');
      const pids = extractionPool()?.pids() ?? [];
      expect(pids.length).toBeGreaterThan(0);
      await t.close();
      expect(extractionPool()?.size).toBe(0);
      expect(pids.some(alive)).toBe(false);
    } finally {
      await t.close().catch(() => undefined);
    }
  });
});

/**
 * One client (a candidate, or an anonymous address) sends file after file that holds its reader to the
 * deadline (an encrypted PDF spins its whole CPU allowance): it holds at most its share of the slots, and
 * another client's CV is read meanwhile.
 */
describe('the reading slots, shared between clients', { timeout: 120_000 }, () => {
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.close()));
  });

  it('gives one client one of the two slots; another client reads while its files wait', async () => {
    const shares = new ReadingShares();
    const pool = hostilePool();
    const limits = { ...EXTRACTION_LIMITS, timeoutMs: 20_000 };
    const read = async (client: string, body: string) => {
      const release = await shares.acquire(client, limits.concurrency);
      try {
        return { body: await ask(pool, body, limits), at: Date.now() };
      } finally {
        release();
      }
    };
    const started = Date.now();
    const attacker = [read('address:203.0.113.9', 'wait 4000'), read('address:203.0.113.9', 'wait 4000')];
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(shares.runningNow('address:203.0.113.9')).toBe(1);
    expect(shares.queued).toBe(1);
    const other = await read('candidate:c2', 'quick');
    expect(other.body).toBe('quick');
    expect(other.at - started).toBeLessThan(3_500);
    const [first, second] = await Promise.all(attacker);
    // The attacker's second file waited for its first: one at a time.
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(3_500);
  });

  it('grants a freed slot to the longest waiting reading whose client is under its share', async () => {
    const shares = new ReadingShares();
    const order: string[] = [];
    const take = (client: string, label: string) =>
      shares.acquire(client, 2).then((release) => {
        order.push(label);
        return release;
      });
    const a1 = await take('a', 'a1');
    const a2 = take('a', 'a2');
    const a3 = take('a', 'a3');
    const b1 = await take('b', 'b1');
    const c1 = take('c', 'c1');
    expect(order).toEqual(['a1', 'b1']);
    expect(shares.runningNow()).toBe(2);
    // b's slot goes to c (a is at its share), a's to a's next.
    b1();
    await c1;
    expect(order).toEqual(['a1', 'b1', 'c1']);
    a1();
    a1(); // a second release gives back nothing more
    const a2release = await a2;
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2']);
    expect(shares.runningNow()).toBe(2);
    expect(shares.runningNow('a')).toBe(1);
    a2release();
    (await c1)();
    (await a3)();
    expect(shares.runningNow()).toBe(0);
    expect(shares.queued).toBe(0);
  });

  it('keeps the service process to its share: a candidate waits for its own reading, not for others', async () => {
    const held = await readingShares.acquire('candidate:busy', EXTRACTION_LIMITS.concurrency);
    try {
      const own = runExtraction(
        { task: 'text', type: 'txt', bytes: Buffer.from('Own') },
        EXTRACTION_LIMITS,
        'candidate:busy',
      );
      expect(
        await runExtraction({ task: 'text', type: 'txt', bytes: Buffer.from('Other') }, EXTRACTION_LIMITS, 'x'),
      ).toBe('Other');
      const state = await Promise.race([
        own.then(() => 'read'),
        new Promise((r) => setTimeout(() => r('waiting'), 300)),
      ]);
      expect(state).toBe('waiting');
      held();
      expect(await own).toBe('Own');
    } finally {
      held();
    }
  });
});
