import { createHash } from 'node:crypto';

export interface CachedJob {
  /** The job's public JSON, serialized once. */
  body: string;
  etag: string;
}

/**
 * GET /job/{id} from memory: the apply page's link is shared on job boards, so one job is read by
 * many at once. A change made through this instance drops its entry at once; an entry lives
 * `ttlMs` at most, which bounds how long another instance's change can go unseen here.
 */
export class JobCache {
  private readonly entries = new Map<string, { job: CachedJob; expiresAt: number }>();
  private readonly loading = new Map<string, Promise<CachedJob | undefined>>();
  // Bumped by every invalidation: a read that began before it must not store what it read.
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /** The cached job, or `load` (one database read per job however many ask at once); undefined when there is none. */
  get(id: string, load: () => Promise<unknown>): Promise<CachedJob | undefined> {
    const fresh = this.peek(id);
    if (fresh) return Promise.resolve(fresh);
    const pending = this.loading.get(id);
    if (pending) return pending;
    const startedAt = this.generation;
    const promise = load()
      .then((value) => {
        if (value === undefined) return undefined;
        const body = JSON.stringify(value);
        const job = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
        if (startedAt === this.generation) this.store(id, job);
        return job;
      })
      .finally(() => {
        if (this.loading.get(id) === promise) this.loading.delete(id);
      });
    this.loading.set(id, promise);
    return promise;
  }

  /** The cached job when it is fresh, without loading (the early answer of GET /job/{id}). */
  peek(id: string): CachedJob | undefined {
    const entry = this.entries.get(id);
    return entry && entry.expiresAt > Date.now() ? entry.job : undefined;
  }

  invalidate(id: string): void {
    this.generation++;
    this.entries.delete(id);
    this.loading.delete(id);
  }

  /** A business's name changed: every job of it may be cached, and the cache does not know which. */
  clear(): void {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
  }

  private store(id: string, job: CachedJob) {
    this.entries.delete(id);
    // Oldest first: a Map iterates in insertion order, so the first key is the one to let go.
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(id, { job, expiresAt: Date.now() + this.ttlMs });
  }
}
