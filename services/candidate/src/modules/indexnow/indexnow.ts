import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { loadOrCreateSecret } from '@careers/server-kit/secrets';
import type { CandidateConfig } from '../../config';

/**
 * Names that never reach the public internet (RFC 2606, 6761, 6762, 8375 and the usual private zones): a
 * portal on one of them cannot be crawled, so search engines are not told of it.
 */
const PRIVATE_SUFFIXES = ['.localhost', '.test', '.example', '.invalid', '.local', '.internal', '.lan', '.home.arpa'];

/** A PORTAL_URL that search engines can fetch: https on a public host name (no IP address, no private zone). */
export function isPublicHttpsUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
  if (parsed.protocol !== 'https:' || !host.includes('.')) return false;
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) return false;
  return !PRIVATE_SUFFIXES.some((suffix) => `.${host}`.endsWith(suffix));
}

export interface IndexNowSettings {
  /** Where the job pages are posted; null: off (no public https portal, no key, or turned off). */
  endpoint: string | null;
  key: string | null;
  portalUrl: string;
  /** Why it is off, for the start-up log; null when on. */
  offBecause: string | null;
}

/** IndexNow's keys are 8 to 128 letters, digits or dashes: hex of 16 random bytes is one. */
const newKey = () => randomBytes(16).toString('hex');

/**
 * The install's IndexNow settings: on with a public https PORTAL_URL and a key (INDEXNOW_KEY, else the one the
 * embedded default generates under DATA_DIR for the portal to serve too). Off otherwise: a portal search
 * engines cannot fetch has nothing to tell them, which also keeps every test and every local run off the
 * real endpoint unless a test says otherwise.
 */
export async function indexNowSettings(config: CandidateConfig): Promise<IndexNowSettings> {
  const { indexNow } = config;
  const portalUrl = config.portalUrl.replace(/\/+$/, '');
  const off = (offBecause: string, key: string | null = null) => ({ endpoint: null, key, portalUrl, offBecause });
  const key =
    indexNow.key ??
    (indexNow.generatedDir
      ? await loadOrCreateSecret('indexnow', undefined, indexNow.generatedDir, false, newKey)
      : null);
  if (!indexNow.enabled) return off('INDEXNOW_ENABLED is false', key);
  if (!isPublicHttpsUrl(portalUrl)) return off('PORTAL_URL is not a public https address', key);
  if (!key) return off('INDEXNOW_KEY is not set', key);
  return { endpoint: indexNow.endpoint, key, portalUrl, offBecause: null };
}
