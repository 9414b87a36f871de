import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Readable, Writable } from 'node:stream';
import {
  ExtractionError,
  cappedCommand,
  deathError,
  type ExtractionLimits,
  type ExtractionResult,
  type Sandbox,
} from './cv-extraction';

/**
 * The CV reader that stays started (decision 0462): capped children that read one CV after another
 * instead of a node start per CV. Each child keeps the caps of a child started per CV:
 *
 * - memory: the same RLIMIT_DATA and V8 heap ceiling for its whole life (they bound what it holds at
 *   once, whatever it read before), and it is replaced when, after a CV, it holds more than half of it;
 * - CPU: before every CV after its first the parent moves the child's soft RLIMIT_CPU to what it has
 *   used so far plus the per-CV seconds (prlimit --pid), so the kernel stops a CV that spins exactly as
 *   before (SIGXCPU); the hard limit is the child's lifetime budget, and a child near it is replaced;
 * - time: the same wall-clock deadline per CV, then SIGKILL.
 *
 * A child that is killed, crashes, or answers anything but a clean success is never used again; the CV
 * gets the error a child per CV would have given. A child with no work for `idleMs` exits, and one whose
 * parent died reads the end of its stdin and exits. Without prlimit (the shell's ulimit cannot move a
 * running process's limits) every CV gets its own child as before.
 */
export interface ReaderPoolOptions {
  /** An idle child exits after this long. */
  idleMs: number;
  /** CVs one child reads before it is replaced. */
  maxJobs: number;
  /** The child's hard CPU limit, in per-CV allowances (cpuSeconds × this). */
  lifetimeCpuAllowances: number;
}

export const READER_POOL_OPTIONS: ReaderPoolOptions = { idleMs: 60_000, maxJobs: 500, lifetimeCpuAllowances: 20 };

const MAX_ANSWER_BYTES = 16 * 1024 * 1024;
const STDERR_TAIL_BYTES = 4096;
/** Linux reports CPU times in /proc in USER_HZ, 100 a second on every architecture it runs on. */
const USER_HZ = 100;

interface Job {
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
  limits: ExtractionLimits;
  timer: NodeJS.Timeout;
  killedForTime: boolean;
}

interface Reader {
  child: ChildProcess;
  stdin: Writable;
  key: string;
  cpuHardSeconds: number;
  jobs: number;
  answer: Buffer[];
  answerBytes: number;
  stderrTail: Buffer[];
  stderrBytes: number;
  job: Job | null;
  /** Taken for a CV whose job is not on it yet (its CPU allowance being renewed): busy, not idle. */
  taken: boolean;
  retired: boolean;
  exited: Promise<void>;
  idleTimer: NodeJS.Timeout | null;
}

/** The CPU seconds a process has used (user + system), from /proc; undefined when it cannot be read. */
export async function cpuSecondsUsed(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The command name, in parentheses, may hold spaces: the fields after it start with the state.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return Number.isFinite(utime) && Number.isFinite(stime) ? (utime + stime) / USER_HZ : undefined;
  } catch {
    return undefined;
  }
}

function setCpuLimit(prlimit: string, pid: number, soft: number, hard: number): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(prlimit, [`--pid=${pid}`, `--cpu=${soft}:${hard}`], { env: {}, timeout: 5_000 }, (err) => resolve(!err));
  });
}

function limitsKey(limits: ExtractionLimits): string {
  return `${limits.memoryMb}/${limits.maxOldGenerationSizeMb}/${limits.cpuSeconds}`;
}

export class ReaderPool {
  private readonly idle: Reader[] = [];
  private readonly all = new Set<Reader>();
  /** Children started since the pool was made: the tests read reuse from it. */
  started = 0;

  constructor(
    private readonly script: () => Promise<string>,
    private readonly box: Sandbox & { kind: 'prlimit' },
    private readonly options: ReaderPoolOptions = READER_POOL_OPTIONS,
  ) {}

  /** Children alive now, idle or reading. */
  get size(): number {
    return this.all.size;
  }

  /** Process ids of the children alive now. */
  pids(): number[] {
    return [...this.all].flatMap((reader) => (reader.child.pid === undefined ? [] : [reader.child.pid]));
  }

  /**
   * Sends one request (`header` as a JSON line with the body's size, then the body) to a child under
   * `limits`, and answers its value; rejects with ExtractionError as a child per CV would.
   */
  async run(header: object, body: Buffer, limits: ExtractionLimits): Promise<unknown> {
    const reader = await this.take(limits);
    reader.taken = false;
    return new Promise((resolve, reject) => {
      const job: Job = {
        resolve,
        reject,
        limits,
        killedForTime: false,
        timer: setTimeout(() => {
          job.killedForTime = true;
          // A child already gone (its end not yet reported) is answered here rather than left waiting.
          if (!reader.child.kill('SIGKILL') && this.detach(reader) === job) {
            this.end(reader);
            reject(deathError(true, null, 'SIGKILL', '', limits));
          }
        }, limits.timeoutMs),
      };
      reader.job = job;
      reader.jobs++;
      reader.answer = [];
      reader.answerBytes = 0;
      reader.stderrTail = [];
      reader.stderrBytes = 0;
      reader.stdin.write(`${JSON.stringify({ ...header, size: body.length })}\n`);
      reader.stdin.write(body);
    });
  }

  /**
   * Ends the idle children now and each reading one when its CV is done; resolves when they have exited.
   * The pool stays usable: a later request starts a new child.
   */
  async close(): Promise<void> {
    const readers = [...this.all];
    for (const reader of readers) {
      reader.retired = true;
      if (!reader.job && !reader.taken) this.end(reader);
    }
    await Promise.all(readers.map((reader) => reader.exited));
  }

  /** An idle child started under the same caps, with its CPU allowance renewed, or a new child. */
  private async take(limits: ExtractionLimits): Promise<Reader> {
    const key = limitsKey(limits);
    for (;;) {
      const index = this.idle.findIndex((reader) => reader.key === key);
      if (index < 0) return this.start(limits, key);
      const [reader] = this.idle.splice(index, 1);
      if (!reader) continue;
      if (reader.idleTimer) clearTimeout(reader.idleTimer);
      reader.idleTimer = null;
      reader.taken = true;
      if (await this.renew(reader, limits)) return reader;
      this.end(reader);
    }
  }

  /** Moves the child's soft CPU limit to what it has used plus one CV's allowance, within its budget. */
  private async renew(reader: Reader, limits: ExtractionLimits): Promise<boolean> {
    const pid = reader.child.pid;
    if (pid === undefined || reader.retired || reader.child.exitCode !== null || reader.child.signalCode !== null)
      return false;
    const used = await cpuSecondsUsed(pid);
    if (used === undefined) return false;
    const soft = Math.ceil(used) + Math.max(1, Math.ceil(limits.cpuSeconds));
    if (soft + 1 > reader.cpuHardSeconds) return false;
    return setCpuLimit(this.box.command, pid, soft, reader.cpuHardSeconds);
  }

  private async start(limits: ExtractionLimits, key: string): Promise<Reader> {
    const cpu = Math.max(1, Math.ceil(limits.cpuSeconds));
    const cpuHardSeconds = cpu * this.options.lifetimeCpuAllowances + 1;
    const argv = cappedCommand(this.box, limits, [await this.script(), '--serve'], { cpuHardSeconds });
    if (!argv)
      throw new ExtractionError(
        'failed',
        'parsing is off: this host has neither prlimit nor /bin/sh to cap its memory',
      );
    const [command = '', ...args] = argv;
    // Nothing of this process's environment (database URLs, keys) reaches the parser; every path is absolute.
    const child = spawn(command, args, { stdio: ['pipe', 'ignore', 'pipe', 'pipe'], env: {} });
    this.started++;
    const [stdin, , errors, output] = child.stdio as unknown as [Writable, null, Readable, Readable];
    let exit: () => void = () => undefined;
    const reader: Reader = {
      child,
      stdin,
      key,
      cpuHardSeconds,
      jobs: 0,
      answer: [],
      answerBytes: 0,
      stderrTail: [],
      stderrBytes: 0,
      job: null,
      taken: true,
      retired: false,
      exited: new Promise((resolve) => (exit = resolve)),
      idleTimer: null,
    };
    this.all.add(reader);
    // Idle children and their pipes do not keep this process alive; a reading one's deadline timer does.
    child.unref();
    for (const stream of [stdin, errors, output] as unknown as { unref?: () => void }[]) stream.unref?.();
    stdin.on('error', () => undefined);
    errors.on('error', () => undefined);
    output.on('error', () => undefined);
    errors.on('data', (chunk: Buffer) => {
      reader.stderrTail.push(chunk);
      reader.stderrBytes += chunk.length;
      while (reader.stderrBytes - (reader.stderrTail[0]?.length ?? 0) >= STDERR_TAIL_BYTES)
        reader.stderrBytes -= reader.stderrTail.shift()?.length ?? 0;
    });
    output.on('data', (chunk: Buffer) => this.onAnswer(reader, chunk));
    child.on('error', (err) => {
      const job = this.detach(reader);
      this.end(reader);
      // A child that never started reports no close.
      if (child.pid === undefined) exit();
      if (job) job.reject(new ExtractionError('failed', `the parser could not start: ${err.message}`.slice(0, 500)));
    });
    child.on('close', (code, signal) => {
      const job = this.detach(reader);
      this.end(reader);
      exit();
      if (!job) return;
      const tail = Buffer.concat(reader.stderrTail).toString('utf8');
      job.reject(deathError(job.killedForTime, code, signal, tail, job.limits));
    });
    return reader;
  }

  private onAnswer(reader: Reader, chunk: Buffer): void {
    const job = reader.job;
    if (!job) {
      // Nothing was asked: a broken child.
      this.end(reader);
      return;
    }
    reader.answer.push(chunk);
    reader.answerBytes += chunk.length;
    const newline = chunk.indexOf(0x0a);
    if (newline < 0) {
      if (reader.answerBytes > MAX_ANSWER_BYTES) {
        this.detach(reader);
        this.end(reader);
        job.reject(new ExtractionError('failed', 'the parser answered more than it may'));
      }
      return;
    }
    const raw = Buffer.concat(reader.answer);
    const line = raw.subarray(0, raw.indexOf(0x0a));
    let answer: { result?: ExtractionResult; rss?: number } | undefined;
    try {
      answer = JSON.parse(line.toString('utf8')) as typeof answer;
    } catch {
      answer = undefined;
    }
    const result = answer?.result;
    const clean = raw.length === line.length + 1 && typeof answer?.rss === 'number';
    this.detach(reader);
    if (!result || typeof result !== 'object' || typeof result.ok !== 'boolean') {
      this.end(reader);
      job.reject(new ExtractionError('failed', 'the parser answered something else'));
      return;
    }
    // Only a clean success leaves the child in use; after anything else it is replaced.
    const keep =
      result.ok &&
      clean &&
      !reader.retired &&
      reader.jobs < this.options.maxJobs &&
      (answer?.rss ?? Infinity) <= (job.limits.memoryMb * 1024 * 1024) / 2;
    if (keep) this.park(reader, job.limits);
    else this.end(reader);
    if (result.ok) job.resolve(result.value);
    else job.reject(new ExtractionError(result.kind, result.message.slice(0, 500)));
  }

  /** The reader's job, taken off it with its deadline cleared. */
  private detach(reader: Reader): Job | null {
    const job = reader.job;
    reader.job = null;
    if (job) clearTimeout(job.timer);
    return job;
  }

  private park(reader: Reader, limits: ExtractionLimits): void {
    reader.idleTimer = setTimeout(() => this.end(reader), this.options.idleMs);
    reader.idleTimer.unref();
    this.idle.push(reader);
    // No more idle children than may read at once.
    while (this.idle.length > Math.max(1, limits.concurrency)) {
      const oldest = this.idle.shift();
      if (oldest) this.end(oldest);
    }
  }

  private end(reader: Reader): void {
    reader.retired = true;
    if (reader.idleTimer) clearTimeout(reader.idleTimer);
    reader.idleTimer = null;
    const index = this.idle.indexOf(reader);
    if (index >= 0) this.idle.splice(index, 1);
    this.all.delete(reader);
    if (reader.child.exitCode === null && reader.child.signalCode === null) reader.child.kill('SIGKILL');
  }
}

/** Whose CV a reading is for: the candidate a CV belongs to, or the address of an anonymous client. */
export type ReadingClient = string;
/** Readings that name no client (a CV preview) share one client's part between them. */
export const UNNAMED_CLIENT: ReadingClient = 'unnamed';

interface Waiter {
  client: ReadingClient;
  grant: () => void;
}

/**
 * The reading slots (`concurrency`, two by default), shared between clients: one client holds at most
 * `share(concurrency)` of them at once (one of two), so a file that spins its whole CPU allowance, sent
 * again and again by one candidate or one address, cannot hold every slot while the others wait. The
 * others queue; a freed slot goes to the longest waiting reading whose client is under its share.
 * Bound: several clients (addresses, candidates) together can still fill every slot, each reading for at
 * most its deadline.
 */
export class ReadingShares {
  private running = 0;
  private readonly byClient = new Map<ReadingClient, number>();
  private readonly waiting: Waiter[] = [];

  /** What one client may hold of `concurrency` slots. */
  static share(concurrency: number): number {
    return Math.max(1, Math.floor(concurrency / 2));
  }

  /** Readings running now, all clients together, and of one client. */
  runningNow(client?: ReadingClient): number {
    return client === undefined ? this.running : (this.byClient.get(client) ?? 0);
  }

  /** Readings waiting for a slot. */
  get queued(): number {
    return this.waiting.length;
  }

  /** Waits for a slot the client may take; resolves with the function that gives it back (once). */
  async acquire(client: ReadingClient | undefined, concurrency: number): Promise<() => void> {
    const who = client ?? UNNAMED_CLIENT;
    const total = Math.max(1, concurrency);
    const share = ReadingShares.share(total);
    // A waiter is only ever left waiting by its own client's share, so one that fits takes a free slot.
    if (this.fits(who, total, share)) this.hold(who);
    else
      await new Promise<void>((resolve) =>
        this.waiting.push({
          client: who,
          grant: () => {
            this.hold(who);
            resolve();
          },
        }),
      );
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      const left = (this.byClient.get(who) ?? 1) - 1;
      if (left > 0) this.byClient.set(who, left);
      else this.byClient.delete(who);
      this.next(total, share);
    };
  }

  private fits(client: ReadingClient, total: number, share: number): boolean {
    return this.running < total && (this.byClient.get(client) ?? 0) < share;
  }

  private hold(client: ReadingClient): void {
    this.running++;
    this.byClient.set(client, (this.byClient.get(client) ?? 0) + 1);
  }

  private next(total: number, share: number): void {
    while (this.running < total) {
      const index = this.waiting.findIndex((w) => (this.byClient.get(w.client) ?? 0) < share);
      if (index < 0) return;
      const [waiter] = this.waiting.splice(index, 1);
      waiter?.grant();
    }
  }
}
