import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  EXTRACTION_LIMITS,
  ExtractionError,
  cappedCommand,
  childEntry,
  extractCvFields,
  findSandbox,
  runCappedChild,
  runExtraction,
} from '../src/modules/cvs/cv-extraction';

const hostileChild = fileURLToPath(new URL('./hostile-child.mjs', import.meta.url));
const MIB = 1024 * 1024;

// Each test starts node processes, seconds apiece on a busy machine.
describe('CV extraction in a capped child process', { timeout: 120_000 }, () => {
  it('reads a text CV and its autofill fields in the child', async () => {
    expect(await runExtraction({ task: 'text', type: 'txt', bytes: Buffer.from('Jane Doe, welder') })).toBe(
      'Jane Doe, welder',
    );
    expect(await extractCvFields('txt', Buffer.from('Jane Doe\njane@example.com'))).toEqual({
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane@example.com',
    });
  });

  it('caps the memory: a parser that allocates 2 GiB is stopped with "out of memory"', async () => {
    const started = Date.now();
    const error = await runCappedChild(hostileChild, [Buffer.from('allocate')], EXTRACTION_LIMITS).catch(
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(ExtractionError);
    expect(error).toMatchObject({ kind: 'out-of-memory', message: 'the parser ran out of memory' });
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('caps the CPU time: a parser that spins is killed by the kernel', async () => {
    const limits = { ...EXTRACTION_LIMITS, cpuSeconds: 1, timeoutMs: 60_000 };
    await expect(runCappedChild(hostileChild, [Buffer.from('spin')], limits)).rejects.toMatchObject({
      kind: 'timeout',
      message: 'the parser used more than 1 s of CPU time',
    });
  });

  it('kills a child past the wall-clock deadline', async () => {
    const limits = { ...EXTRACTION_LIMITS, timeoutMs: 300 };
    await expect(runCappedChild(hostileChild, [Buffer.from('spin')], limits)).rejects.toMatchObject({
      kind: 'timeout',
      message: 'the parser took longer than 300 ms',
    });
  });

  it("falls back to the shell's ulimit without prlimit, and parses nothing without either", async () => {
    const shell = findSandbox([]);
    expect(shell).toEqual({ kind: 'sh-ulimit', command: '/bin/sh' });
    await expect(runCappedChild(hostileChild, [Buffer.from('hello')], EXTRACTION_LIMITS, shell)).resolves.toBe('hello');
    await expect(
      runCappedChild(hostileChild, [Buffer.from('allocate')], EXTRACTION_LIMITS, shell),
    ).rejects.toMatchObject({ kind: 'out-of-memory' });
    expect(cappedCommand({ kind: 'none', command: null }, EXTRACTION_LIMITS, ['x'])).toBeNull();
    await expect(
      runCappedChild(hostileChild, [Buffer.from('hello')], EXTRACTION_LIMITS, { kind: 'none', command: null }),
    ).rejects.toMatchObject({ kind: 'failed', message: expect.stringContaining('parsing is off') });
  });

  it('the child refuses to parse when its memory cap was not applied', async () => {
    const header = { task: 'text', type: 'txt', memoryBytes: 512 * MIB };
    const run = spawnSync(process.execPath, [await childEntry()], {
      input: `${JSON.stringify(header)}\nJane Doe`,
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
    });
    expect(JSON.parse(String(run.output[3]))).toEqual({
      ok: false,
      kind: 'failed',
      message: 'the memory cap was not applied; nothing was parsed',
    });
  });

  it("hands the child none of the service's environment", async () => {
    process.env.CV_EXTRACTION_TEST_SECRET = 'not for parsers';
    try {
      expect(await runCappedChild(hostileChild, [Buffer.from('environment')], EXTRACTION_LIMITS)).toEqual([]);
    } finally {
      delete process.env.CV_EXTRACTION_TEST_SECRET;
    }
  });
});
