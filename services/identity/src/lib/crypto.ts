import {
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  scrypt,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto';

/** 256 random bits, base64url: refresh, reset and confirmation tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

export function hmacSha256(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

/** Six digits from the CSPRNG, leading zeros kept. */
export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Constant-time string comparison (lengths are not secret here: both sides are fixed-size digests). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

// scrypt N=2^15, r=8, p=1: about 32 MiB and tens of milliseconds per hash (OWASP's minimum is 2^17 for
// r=8 p=1 at 128 MiB; 2^15 keeps memory per concurrent login modest on a small machine).
// PASSWORD_HASH_COST (log2 N) is 15 unless the tests lower it; config.ts refuses a lower cost outside
// NODE_ENV=test (docs/decisions/0470).
export const DEFAULT_PASSWORD_HASH_COST = 15;
const SCRYPT = { r: 8, p: 1, maxmem: 64 * 1024 * 1024 } satisfies ScryptOptions;
const KEY_LENGTH = 32;

function scryptAsync(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, params, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/**
 * Format: scrypt$N$r$p$salt$hash (base64url), so that parameters can be raised later. cost is log2 N
 * (the configured PASSWORD_HASH_COST).
 */
export async function hashPassword(password: string, cost = DEFAULT_PASSWORD_HASH_COST): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** cost;
  const key = await scryptAsync(password, salt, { ...SCRYPT, N });
  return `scrypt$${N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** A hash of a random password per cost, made on first use: what a login for no account is checked against. */
const dummyHashes = new Map<number, Promise<string>>();
function dummyHash(cost: number): Promise<string> {
  let hash = dummyHashes.get(cost);
  if (!hash) dummyHashes.set(cost, (hash = hashPassword(randomToken(), cost)));
  return hash;
}

/** cost: the configured PASSWORD_HASH_COST, which the check for an unknown account spends alike. */
export async function verifyPassword(
  password: string,
  stored: string | null,
  cost = DEFAULT_PASSWORD_HASH_COST,
): Promise<boolean> {
  if (!stored) {
    // Spend the same time as a real check, so that timing does not tell whether an account exists.
    await verifyPassword(password, await dummyHash(cost));
    return false;
  }
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scryptAsync(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
