/**
 * At most `limit` tasks at once and at most `queue` waiting; past that, run() refuses at once instead of
 * queueing without bound (a flood of password logins must not pile up scrypt work and memory).
 */
export interface Semaphore {
  /** Undefined when saturated (the caller answers 429); otherwise the task's result. */
  run<T>(task: () => Promise<T>): Promise<{ value: T } | undefined>;
  readonly active: number;
  readonly waiting: number;
}

export function createSemaphore(limit: number, queue: number): Semaphore {
  let active = 0;
  const waiters: Array<() => void> = [];
  return {
    get active() {
      return active;
    },
    get waiting() {
      return waiters.length;
    },
    async run(task) {
      if (active >= limit) {
        if (waiters.length >= queue) return undefined;
        await new Promise<void>((resolve) => waiters.push(resolve));
      } else {
        active += 1;
      }
      try {
        return { value: await task() };
      } finally {
        // Hand the slot straight to the next waiter, so a newcomer cannot overtake the queue.
        const next = waiters.shift();
        if (next) next();
        else active -= 1;
      }
    },
  };
}
