import { isIPv4, isIPv6 } from 'node:net';
import { Redis } from 'ioredis';

/** IPv6 prefix length a per-client limit counts as one client when IPV6_CLIENT_PREFIX is not set. */
export const DEFAULT_IPV6_CLIENT_PREFIX = 64;

/**
 * The key a per-client limit counts under. An IPv4 address (also written IPv4-mapped, ::ffff:a.b.c.d) is
 * itself; an IPv6 address counts as its first `ipv6PrefixBits` bits, because one subscriber is routinely
 * given a whole /64 (or more) and could otherwise take a fresh address, and a fresh allowance, per request.
 * Anything else (no address known) is kept as it is.
 */
export function clientKey(address: string, ipv6PrefixBits: number = DEFAULT_IPV6_CLIENT_PREFIX): string {
  const bare = address.split('%')[0] ?? address;
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return address;
  const words = ipv6Words(bare);
  const mapped = words.slice(0, 5).every((w) => w === 0) && words[5] === 0xffff;
  if (mapped) return `${words[6]! >> 8}.${words[6]! & 255}.${words[7]! >> 8}.${words[7]! & 255}`;
  const bits = Math.max(0, Math.min(128, Math.trunc(ipv6PrefixBits)));
  const masked = words.map((word, i) => {
    const keep = Math.max(0, Math.min(16, bits - i * 16));
    return keep === 0 ? 0 : word & ((0xffff << (16 - keep)) & 0xffff);
  });
  return `${masked.map((w) => w.toString(16)).join(':')}/${bits}`;
}

/** The eight 16-bit words of a valid IPv6 address (with `::` and a trailing dotted IPv4 part expanded). */
function ipv6Words(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const gap = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...gap, ...right].map((w) => parseInt(w, 16));
}

export interface HitResult {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Seconds until the window ends (what a 429's Retry-After says). */
  retryAfterSeconds: number;
}

/**
 * Counters for rate limits and a "use once" set for replay protection. In memory for one process;
 * on Redis (REDIS_URL) so that several instances share the same numbers (design.md §2).
 */
export interface RateLimitStore {
  readonly kind: 'memory' | 'redis';
  /** Counts a hit on key in a fixed window of windowSeconds; allowed while count <= limit. */
  hit(key: string, limit: number, windowSeconds: number): Promise<HitResult>;
  /** The count of key's current window without counting a hit (0 when there is none). */
  peek(key: string): Promise<number>;
  /** True the first time key is marked (then kept for ttlSeconds), false on every later call. */
  markOnce(key: string, ttlSeconds: number): Promise<boolean>;
  /** Rejects while the store cannot be reached (readiness). */
  ping(): Promise<void>;
  /** Seconds (rounded up) until a mark set by markOnce ends; 0 when key is not marked. */
  markedFor(key: string): Promise<number>;
  close(): Promise<void>;
}

export interface RateLimitStoreOptions {
  redisUrl?: string | undefined;
  /** Prefix of every Redis key (tests use their own and delete it afterwards). */
  prefix: string;
  now?: () => number;
  /** Connection errors of Redis; it reconnects by itself, calls made meanwhile fail fast. */
  onError?: (err: Error) => void;
}

export function createRateLimitStore(options: RateLimitStoreOptions): RateLimitStore {
  return options.redisUrl
    ? redisStore(options.redisUrl, options.prefix, options.onError)
    : memoryStore(options.now ?? Date.now);
}

function memoryStore(now: () => number): RateLimitStore {
  const counters = new Map<string, { count: number; resetAt: number }>();
  const marks = new Map<string, number>();
  const sweep = setInterval(() => {
    const t = now();
    for (const [k, v] of counters) if (v.resetAt <= t) counters.delete(k);
    for (const [k, until] of marks) if (until <= t) marks.delete(k);
  }, 60_000);
  sweep.unref();
  return {
    kind: 'memory',
    async hit(key, limit, windowSeconds) {
      const t = now();
      let entry = counters.get(key);
      if (!entry || entry.resetAt <= t) {
        entry = { count: 0, resetAt: t + windowSeconds * 1000 };
        counters.set(key, entry);
      }
      entry.count += 1;
      return {
        allowed: entry.count <= limit,
        count: entry.count,
        retryAfterSeconds: Math.max(1, Math.ceil((entry.resetAt - t) / 1000)),
      };
    },
    async peek(key) {
      const entry = counters.get(key);
      return entry && entry.resetAt > now() ? entry.count : 0;
    },
    async markOnce(key, ttlSeconds) {
      const t = now();
      const until = marks.get(key);
      if (until !== undefined && until > t) return false;
      marks.set(key, t + ttlSeconds * 1000);
      return true;
    },
    async ping() {},
    async markedFor(key) {
      const left = (marks.get(key) ?? 0) - now();
      return left > 0 ? Math.ceil(left / 1000) : 0;
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

// INCR and PEXPIRE in one step, so a crash between them cannot leave a counter without expiry.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

function redisStore(url: string, prefix: string, onError: (err: Error) => void = () => undefined): RateLimitStore {
  // While Redis is away a call fails within a few seconds (and the request answers 503) instead of
  // queueing until it returns; ioredis keeps reconnecting in the background.
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    lazyConnect: false,
    connectTimeout: 3000,
    commandTimeout: 3000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  // Without a listener ioredis prints every failed reconnect attempt; report an outage once, and again
  // only after Redis was back in between.
  let reported = false;
  redis.on('error', (err: Error) => {
    if (reported) return;
    reported = true;
    onError(err);
  });
  redis.on('ready', () => {
    reported = false;
  });
  return {
    kind: 'redis',
    async hit(key, limit, windowSeconds) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, `${prefix}rl:${key}`, String(windowSeconds * 1000))) as [
        number,
        number,
      ];
      return { allowed: count <= limit, count, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
    },
    async peek(key) {
      return Number((await redis.get(`${prefix}rl:${key}`)) ?? 0);
    },
    async markOnce(key, ttlSeconds) {
      const set = await redis.set(`${prefix}once:${key}`, '1', 'EX', Math.max(1, Math.ceil(ttlSeconds)), 'NX');
      return set === 'OK';
    },
    async ping() {
      await redis.ping();
    },
    async markedFor(key) {
      const ttl = await redis.pttl(`${prefix}once:${key}`);
      return ttl > 0 ? Math.ceil(ttl / 1000) : 0;
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
