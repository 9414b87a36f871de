import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants as fsConstants } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Readable, Writable } from 'node:stream';
import { cvAutofillSchema, type CvAutofill } from '@careers/contracts/candidate-api';
import type { CvFileType } from './cv-file-type';
import { ReaderPool, ReadingShares, type ReadingClient } from './cv-reader-pool';

/**
 * Parsers (mammoth, pdf.js, word-extractor) and the autofill's field detection run in a child process
 * whose memory and CPU time the operating system caps (setrlimit through prlimit): a file that makes one
 * of them inflate, allocate, loop or recurse without end costs that process, which is killed, never the
 * process that answers requests. The unpack bounds (container-bounds.ts) are checked inside it first, so
 * an ordinary bomb ends with a clear message rather than at the cap; the cap holds whatever the file is.
 */
export interface ExtractionLimits {
  /** Wall-clock deadline; then the child is killed. */
  timeoutMs: number;
  /** CPU seconds the OS grants the child (RLIMIT_CPU): SIGXCPU then, SIGKILL a second later. */
  cpuSeconds: number;
  /**
   * Private writable memory the OS grants the child (RLIMIT_DATA: V8's heap, ArrayBuffers, malloc), in
   * MiB. Not RLIMIT_AS: node reserves about 1 GB of address space it never touches.
   */
  memoryMb: number;
  /** V8's heap ceiling inside that: a parser heavy on JavaScript objects fails with a clean message first. */
  maxOldGenerationSizeMb: number;
  /** Children alive at once in this process; further requests wait their turn. */
  concurrency: number;
}

export const EXTRACTION_LIMITS: ExtractionLimits = {
  timeoutMs: 30_000,
  cpuSeconds: 15,
  memoryMb: 512,
  maxOldGenerationSizeMb: 256,
  concurrency: 2,
};

export type ExtractionTask =
  { task: 'text'; type: CvFileType } | { task: 'autofill'; type: CvFileType } | { task: 'docx-preview'; title: string };

export type ExtractionRequest = ExtractionTask & { bytes: Uint8Array };

/** What the child writes on its result pipe (fd 3). */
export type ExtractionResult =
  | { ok: true; value: unknown }
  | { ok: false; kind: 'unsupported' | 'too-large' | 'failed' | 'out-of-memory'; message: string };

/** The header the child reads on stdin, one JSON line before the file's bytes. */
export type ExtractionHeader = ExtractionTask & { memoryBytes: number };

export class ExtractionError extends Error {
  override name = 'ExtractionError';
  constructor(
    readonly kind: 'unsupported' | 'too-large' | 'failed' | 'out-of-memory' | 'timeout',
    message: string,
  ) {
    super(message);
  }
}

/** The child's answer is bounded (MAX_PARSED_CHARS of text as JSON): more is a broken child. */
const MAX_RESULT_BYTES = 16 * 1024 * 1024;
const STDERR_TAIL_BYTES = 4096;

function executable(file: string): boolean {
  try {
    accessSync(file, fsConstants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export type Sandbox =
  { kind: 'prlimit'; command: string } | { kind: 'sh-ulimit'; command: string } | { kind: 'none'; command: null };

/**
 * How the caps are put on the child: util-linux's prlimit (Debian: always installed, util-linux is
 * essential), else the POSIX shell's ulimit, else none, and then nothing is parsed at all.
 */
export function findSandbox(candidates = ['/usr/bin/prlimit', '/bin/prlimit', '/usr/local/bin/prlimit']): Sandbox {
  const prlimit = candidates.find(executable);
  if (prlimit) return { kind: 'prlimit', command: prlimit };
  if (executable('/bin/sh')) return { kind: 'sh-ulimit', command: '/bin/sh' };
  return { kind: 'none', command: null };
}

let sandbox: Sandbox | undefined;
/** The sandbox of this process, found once. */
export function extractionSandbox(): Sandbox {
  sandbox ??= findSandbox();
  return sandbox;
}

/**
 * argv that runs `node args...` under the caps. The hard CPU limit is a second past the soft one, or, for
 * the reader that stays started (cv-reader-pool.ts), `cpuHardSeconds`: its lifetime budget.
 */
export function cappedCommand(
  box: Sandbox,
  limits: ExtractionLimits,
  nodeArgs: string[],
  options: { cpuHardSeconds?: number } = {},
): string[] | null {
  const bytes = limits.memoryMb * 1024 * 1024;
  const cpu = Math.max(1, Math.ceil(limits.cpuSeconds));
  const node = [process.execPath, `--max-old-space-size=${limits.maxOldGenerationSizeMb}`, ...nodeArgs];
  switch (box.kind) {
    case 'prlimit':
      // Soft CPU limit: SIGXCPU (which node does not catch); hard, a second later: SIGKILL. No core files.
      return [
        box.command,
        `--data=${bytes}`,
        `--cpu=${cpu}:${Math.max(cpu + 1, options.cpuHardSeconds ?? 0)}`,
        '--core=0',
        '--',
        ...node,
      ];
    case 'sh-ulimit':
      return [
        box.command,
        '-c',
        'ulimit -c 0 && ulimit -d "$1" && ulimit -t "$2" && shift 2 && exec "$@"',
        'sh',
        String(bytes / 1024),
        String(cpu),
        ...node,
      ];
    case 'none':
      return null;
  }
}

/**
 * The child's script. Compiled, it is a JavaScript file beside this one (scripts/build-servers.mjs). Under
 * tsx and vitest it is TypeScript: it is bundled once per process with esbuild (a development dependency)
 * into node_modules/.cache, where its npm imports resolve, so the child starts as plain node rather than
 * loading tsx, which costs seconds on a busy machine.
 */
let childScript: Promise<string> | undefined;
export function childEntry(): Promise<string> {
  childScript ??= import.meta.url.endsWith('.ts')
    ? bundleChild()
    : Promise.resolve(fileURLToPath(new URL('./cv-extraction.child.js', import.meta.url)));
  return childScript;
}

async function bundleChild(): Promise<string> {
  const { build } = await import('esbuild');
  const entry = fileURLToPath(new URL('./cv-extraction.child.ts', import.meta.url));
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'warning',
    plugins: [
      {
        name: 'npm-packages-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@careers/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  const code = result.outputFiles[0]?.contents;
  if (!code) throw new Error('the extraction child did not bundle');
  const mammoth = createRequire(import.meta.url).resolve('mammoth');
  const nodeModules = mammoth.slice(0, mammoth.lastIndexOf(`${path.sep}node_modules${path.sep}`) + 13);
  const dir = path.join(nodeModules, '.cache', 'careers-cv-extraction');
  const file = path.join(dir, `child-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  await mkdir(dir, { recursive: true });
  // Several test files bundle at once: each file appears whole, by rename.
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, code);
  await rename(temporary, file);
  return file;
}

/** This process's reading slots, shared between clients (cv-reader-pool.ts). */
export const readingShares = new ReadingShares();

function collect(stream: Readable, max: number, keepTail: boolean): () => Buffer {
  const chunks: Buffer[] = [];
  let size = 0;
  stream.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    size += chunk.length;
    while (keepTail && size - (chunks[0]?.length ?? 0) >= max) size -= chunks.shift()?.length ?? 0;
    if (!keepTail && size > max) stream.destroy();
  });
  stream.on('error', () => undefined);
  return () => Buffer.concat(chunks);
}

function parseResult(raw: Buffer): ExtractionResult | undefined {
  if (raw.length === 0 || raw.length > MAX_RESULT_BYTES) return undefined;
  try {
    const result = JSON.parse(raw.toString('utf8')) as ExtractionResult;
    return typeof result === 'object' && result !== null && typeof result.ok === 'boolean' ? result : undefined;
  } catch {
    return undefined;
  }
}

/** The error of a child that died before it answered (killed at the deadline, by the kernel, or crashed). */
export function deathError(
  killedForTime: boolean,
  code: number | null,
  signal: NodeJS.Signals | null,
  stderrTail: string,
  limits: ExtractionLimits,
): ExtractionError {
  if (killedForTime) return new ExtractionError('timeout', `the parser took longer than ${limits.timeoutMs} ms`);
  // Node does not catch SIGXCPU, the kernel's signal at the soft CPU limit.
  if (signal === 'SIGXCPU')
    return new ExtractionError('timeout', `the parser used more than ${limits.cpuSeconds} s of CPU time`);
  if (/out of memory|allocation failed|cannot allocate memory|ENOMEM/i.test(stderrTail))
    return new ExtractionError('out-of-memory', 'the parser ran out of memory');
  // Under the data limit V8 may die of a failed mapping rather than report it.
  if (signal) return new ExtractionError('failed', `the parser crashed (${signal})`);
  return new ExtractionError('failed', `the parser stopped (exit code ${code})`);
}

/**
 * Runs `script` with node under the caps, `input` on its stdin, and answers the value it writes on fd 3.
 * Exported for the tests, which run a hostile stand-in for a parser under the same caps.
 */
export async function runCappedChild(
  script: string,
  input: Buffer[],
  limits: ExtractionLimits,
  box: Sandbox = extractionSandbox(),
): Promise<unknown> {
  const argv = cappedCommand(box, limits, [script]);
  if (!argv)
    throw new ExtractionError('failed', 'parsing is off: this host has neither prlimit nor /bin/sh to cap its memory');
  const [command = '', ...args] = argv;
  return new Promise((resolve, reject) => {
    // Nothing of this process's environment (database URLs, keys) reaches the parser; every path is absolute.
    const child = spawn(command, args, { stdio: ['pipe', 'ignore', 'pipe', 'pipe'], env: {} });
    const [stdin, , errors, output] = child.stdio as unknown as [Writable, null, Readable, Readable];
    const result = collect(output, MAX_RESULT_BYTES, false);
    const stderr = collect(errors, STDERR_TAIL_BYTES, true);
    let killedForTime = false;
    const timer = setTimeout(() => {
      killedForTime = true;
      child.kill('SIGKILL');
    }, limits.timeoutMs);
    // A child that dies before reading everything closes its stdin: that is its exit's business.
    stdin.on('error', () => undefined);
    for (const chunk of input) stdin.write(chunk);
    stdin.end();
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new ExtractionError('failed', `the parser could not start: ${err.message}`.slice(0, 500)));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const outcome = parseResult(result());
      if (outcome?.ok) return resolve(outcome.value);
      if (outcome && !outcome.ok) return reject(new ExtractionError(outcome.kind, outcome.message.slice(0, 500)));
      reject(deathError(killedForTime, code, signal, stderr().toString('utf8'), limits));
    });
  });
}

let pool: ReaderPool | undefined;
/**
 * The readers that stay started (decision 0462), where prlimit can renew a running child's CPU allowance
 * per CV; null where it cannot, and every CV gets its own child.
 */
export function extractionPool(): ReaderPool | null {
  const box = extractionSandbox();
  if (box.kind !== 'prlimit') return null;
  pool ??= new ReaderPool(childEntry, box);
  return pool;
}

/** Ends this process's idle readers now and the others when their CV is done (the service's close). */
export async function closeExtractionReaders(): Promise<void> {
  await pool?.close();
}

async function runChild(
  request: ExtractionRequest,
  limits: ExtractionLimits,
  client: ReadingClient | undefined,
): Promise<unknown> {
  const release = await readingShares.acquire(client, limits.concurrency);
  try {
    const { bytes, ...task } = request;
    const header: ExtractionHeader = { ...task, memoryBytes: limits.memoryMb * 1024 * 1024 };
    const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const readers = extractionPool();
    if (readers) return await readers.run(header, body, limits);
    return await runCappedChild(await childEntry(), [Buffer.from(`${JSON.stringify(header)}\n`), body], limits);
  } finally {
    release();
  }
}

/**
 * The text of a CV, or a DOCX preview's HTML, read in a capped child process; rejects with ExtractionError.
 * `client` (whose CV it is) gets at most its share of the reading slots.
 */
export async function runExtraction(
  request: ExtractionRequest & { task: 'text' | 'docx-preview' },
  limits: ExtractionLimits = EXTRACTION_LIMITS,
  client?: ReadingClient,
): Promise<string> {
  const value = await runChild(request, limits, client);
  if (typeof value !== 'string') throw new ExtractionError('failed', 'the parser answered something else');
  return value;
}

/** The autofill's fields of a CV: its text and the field detection both run in the capped child. */
export async function extractCvFields(
  type: CvFileType,
  bytes: Uint8Array,
  limits: ExtractionLimits = EXTRACTION_LIMITS,
  client?: ReadingClient,
): Promise<CvAutofill> {
  const parsed = cvAutofillSchema.safeParse(await runChild({ task: 'autofill', type, bytes }, limits, client));
  if (!parsed.success) throw new ExtractionError('failed', 'the parser answered something else');
  return parsed.data;
}
