import type { BotCheckChallenge } from '@careers/contracts/identity';

const DEFAULT_MAX_NUMBER = 1_000_000;
/** Digests computed concurrently: WebCrypto is asynchronous, so batching keeps it busy. */
const BATCH = 200;

function hexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function sameBytes(digest: ArrayBuffer, expected: Uint8Array): boolean {
  const view = new Uint8Array(digest);
  if (view.length !== expected.length) return false;
  for (let i = 0; i < view.length; i += 1) if (view[i] !== expected[i]) return false;
  return true;
}

/**
 * Solves an ALTCHA (v1) challenge: find number n with hash(salt + n) === challenge. Returns the payload
 * altcha-lib's verifySolution accepts: base64 of {algorithm, challenge, number, salt, signature, took}.
 */
export async function solveChallenge(challenge: BotCheckChallenge, signal?: AbortSignal): Promise<string> {
  const algorithm = challenge.algorithm.toUpperCase();
  const max = challenge.maxnumber ?? DEFAULT_MAX_NUMBER;
  const expected = hexToBytes(challenge.challenge.toLowerCase());
  const encoder = new TextEncoder();
  const started = Date.now();
  for (let start = 0; start <= max; start += BATCH) {
    signal?.throwIfAborted();
    const numbers = Array.from({ length: Math.min(BATCH, max - start + 1) }, (_, i) => start + i);
    const digests = await Promise.all(
      numbers.map((n) => crypto.subtle.digest(algorithm, encoder.encode(`${challenge.salt}${n}`))),
    );
    const index = digests.findIndex((digest) => sameBytes(digest, expected));
    if (index >= 0) {
      const payload = {
        algorithm: challenge.algorithm,
        challenge: challenge.challenge,
        number: numbers[index],
        salt: challenge.salt,
        signature: challenge.signature,
        took: Date.now() - started,
      };
      return btoa(JSON.stringify(payload));
    }
  }
  throw new Error('The bot check could not be completed.');
}
