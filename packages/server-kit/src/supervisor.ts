import type { ChildProcess } from 'node:child_process';

export interface SupervisedPart {
  name: string;
  /** Starts the part's process (again, after it stopped). */
  start: () => ChildProcess;
}

export interface SupervisorOptions {
  log?: (line: string) => void;
  /** First wait before a restart; doubles with each quick failure up to maxDelayMs. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** A part that ran at least this long before stopping is restarted after initialDelayMs again. */
  healthyAfterMs?: number;
  /**
   * Exit codes that a restart cannot cure (a service exits 2 on a bad setting): the supervisor stops
   * everything and calls onFatal instead of restarting in a loop.
   */
  fatalExitCodes?: readonly number[];
  onFatal?: (part: string, code: number) => void;
  /** How long stop() waits for a part after SIGTERM before SIGKILL. */
  stopTimeoutMs?: number;
}

const formatDelay = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`);

export interface Supervisor {
  /** The running process of each part (for tests and status lines). */
  current(name: string): ChildProcess | undefined;
  /** SIGTERM to every part, SIGKILL to any still running after stopTimeoutMs; no more restarts. */
  stop(): Promise<void>;
}

/**
 * Runs each part as a child process and restarts one that exits on its own (a crash, an out-of-memory
 * kill) with an increasing delay, so one failing part neither stops the others nor spins the CPU.
 */
export function supervise(parts: readonly SupervisedPart[], options: SupervisorOptions = {}): Supervisor {
  const log = options.log ?? ((line: string) => console.error(line));
  const initialDelay = options.initialDelayMs ?? 1000;
  const maxDelay = options.maxDelayMs ?? 30_000;
  const healthyAfter = options.healthyAfterMs ?? 60_000;
  const fatal = new Set(options.fatalExitCodes ?? [2]);
  const running = new Map<string, ChildProcess>();
  const timers = new Set<NodeJS.Timeout>();
  let stopping: Promise<void> | undefined;

  const run = (part: SupervisedPart, delay: number, restarts: number) => {
    const startedAt = Date.now();
    const child = part.start();
    running.set(part.name, child);
    child.once('exit', (code, signal) => {
      if (running.get(part.name) === child) running.delete(part.name);
      if (stopping) return;
      if (code !== null && fatal.has(code)) {
        log(`${part.name} cannot start (exit code ${code}); stopping the others.`);
        void stop().then(() => options.onFatal?.(part.name, code));
        return;
      }
      const wait = Date.now() - startedAt >= healthyAfter ? initialDelay : delay;
      log(
        `${part.name} stopped unexpectedly (${signal ?? `exit code ${code}`}); restarting in ${formatDelay(wait)} (restart ${restarts + 1}).`,
      );
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!stopping) run(part, Math.min(wait * 2, maxDelay), restarts + 1);
      }, wait);
      timers.add(timer);
    });
  };

  function stop(): Promise<void> {
    stopping ??= (async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(
        [...running.values()].map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              const kill = setTimeout(() => child.kill('SIGKILL'), options.stopTimeoutMs ?? 12_000);
              child.once('exit', () => {
                clearTimeout(kill);
                resolve();
              });
              child.kill('SIGTERM');
            }),
        ),
      );
    })();
    return stopping;
  }

  for (const part of parts) run(part, initialDelay, 0);
  return { current: (name) => running.get(name), stop };
}
