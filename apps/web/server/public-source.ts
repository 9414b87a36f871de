/*
 * The candidate service's public answers as the portal's server renders pages from them (the apply page's job,
 * the careers pages, /jobs, the sitemap): a short-lived, bounded cache in this process (a link shared on a job
 * board brings many visitors at once) and a timeout, so a slow service costs a page its server rendering and
 * never its answer.
 */

export type Lookup<T> = { kind: 'found'; value: T } | { kind: 'missing' } | { kind: 'unavailable' };

export interface PublicSourceOptions {
  candidateBaseUrl: string;
  /** How long an answer is reused in this process (as the apply page's job, 10 s). */
  ttlMs?: number;
  /** Past this the page is rendered by the browser instead (3 s by default: a list's query is slower than one job's). */
  timeoutMs?: number;
  maxEntries?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

export interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** A short-lived, bounded cache of the candidate service's public answers, with a timeout. */
export function createPublicSource<T>(
  options: PublicSourceOptions,
  schema: Schema<T>,
): (path: string) => Promise<Lookup<T>> {
  const { candidateBaseUrl, ttlMs = 10_000, timeoutMs = 3_000, maxEntries = 1_000, now = Date.now } = options;
  const fetchAnswer = options.fetch ?? fetch;
  const cache = new Map<string, { lookup: Lookup<T>; expires: number }>();
  const remember = (path: string, lookup: Lookup<T>) => {
    cache.delete(path);
    if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as string);
    cache.set(path, { lookup, expires: now() + ttlMs });
    return lookup;
  };
  return async (path) => {
    const cached = cache.get(path);
    if (cached && cached.expires > now()) return cached.lookup;
    try {
      const response = await fetchAnswer(`${candidateBaseUrl}${path}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.status === 404) return remember(path, { kind: 'missing' });
      if (!response.ok) return { kind: 'unavailable' };
      const parsed = schema.safeParse(await response.json());
      return parsed.success ? remember(path, { kind: 'found', value: parsed.data }) : { kind: 'unavailable' };
    } catch {
      return { kind: 'unavailable' };
    }
  };
}
