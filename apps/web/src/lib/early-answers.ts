import type { Adapter, RequestConfig } from './request';
import { buildUrl, parseHeaders, parseJson } from './request';
import { decodeJwtPayload, isRefreshDue } from './jwt';

/*
 * The dashboard's data asked for by the page's HTML (docs/decisions/0466). /applications' first paint of the
 * list waits for three calls to the candidate service (another origin: a connection and a CORS preflight
 * each); made by the app, they start only once its scripts have downloaded and run. The page's one inline
 * script (src/first-paint/early-requests.ts) starts the same GETs, with the stored session's token, as soon
 * as the HTML is parsed; the app's HTTP client takes each answer for the first identical request (same
 * address, same token) instead of asking again, and startup drops whatever it did not use. The app stays
 * the judge of every answer: a 401 refreshes and asks again, a failed connection is asked again.
 */

/** Where the inline script leaves its requests. */
export const EARLY_ANSWERS_GLOBAL = '__CAREERS_EARLY_ANSWERS__';

export interface EarlyRequest {
  url: string;
  authorization: string;
  xhr: XMLHttpRequest;
}

type EarlyWindow = { [EARLY_ANSWERS_GLOBAL]?: EarlyRequest[] };

/**
 * Where auth-store.ts keeps the session (product.md §9) and its browser-session cookie, written here again so
 * that the inline script does not carry the store (early-answers.test.ts holds them equal).
 */
export const STORED_AUTH_KEY = 'careers-portal.auth';
export const SESSION_COOKIE = 'careers-portal-session=1';
/** A token this close to its expiry is left to the app, which refreshes it first. */
export const EARLY_TOKEN_MARGIN_MS = 30_000;

/** The stored access token the early requests may use: a candidate's, not about to expire; else null. */
export function earlyAccessToken(storedAuth: string | null, sessionCookie: boolean, now: number): string | null {
  let stored: { accessToken?: unknown; rememberMe?: unknown };
  try {
    stored = JSON.parse(storedAuth ?? 'null') as typeof stored;
  } catch {
    return null;
  }
  const token = stored?.accessToken;
  if (typeof token !== 'string' || token === '') return null;
  // A login without "Remember me" ends with the browser session (auth-store.ts): the app will discard it.
  if (stored.rememberMe === false && !sessionCookie) return null;
  // A business user's dashboard is the employer console (dashboard-layout.tsx sends them there).
  const roles = decodeJwtPayload(token)?.roles;
  if (Array.isArray(roles) && roles.includes('BusinessUser')) return null;
  return isRefreshDue(token, now + EARLY_TOKEN_MARGIN_MS) ? null : token;
}

/** Starts the page's early requests (the inline script's work), leaving them where the app finds them. */
export function startEarlyRequests(urls: string[], token: string): void {
  const requests: EarlyRequest[] = urls.map((url) => {
    const xhr = new XMLHttpRequest();
    xhr.open('GET', url, true);
    // The headers the app's client sends (request.ts prepareBody, http-client.ts beforeRequest).
    xhr.setRequestHeader('Accept', 'application/json, text/plain, */*');
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.send();
    return { url, authorization: `Bearer ${token}`, xhr };
  });
  (window as unknown as EarlyWindow)[EARLY_ANSWERS_GLOBAL] = requests;
}

const earlyRequests = (): EarlyRequest[] | undefined =>
  typeof window === 'undefined' ? undefined : (window as unknown as EarlyWindow)[EARLY_ANSWERS_GLOBAL];

/** Startup is over: answers nobody took are not used later (the data may have changed since). */
export function dropEarlyAnswers(): void {
  if (typeof window !== 'undefined') delete (window as unknown as EarlyWindow)[EARLY_ANSWERS_GLOBAL];
}

/**
 * An adapter that answers a GET from its early request when one was made for the same address with the same
 * token (once), and asks `network` otherwise, or when the early request failed to get any answer.
 */
export function withEarlyAnswers(network: Adapter): Adapter {
  return async (config) => {
    const requests = earlyRequests();
    const early =
      requests && config.method === 'GET' && config.responseType !== 'blob' ? find(requests, config) : undefined;
    if (!early) return network(config);
    requests!.splice(requests!.indexOf(early), 1);
    const { xhr } = early;
    if (xhr.readyState !== 4) await new Promise((resolve) => xhr.addEventListener('loadend', resolve, { once: true }));
    if (xhr.status === 0) return network(config);
    return {
      status: xhr.status,
      data: parseJson(xhr.responseText),
      headers: parseHeaders(xhr.getAllResponseHeaders()),
    };
  };
}

function find(requests: EarlyRequest[], config: RequestConfig): EarlyRequest | undefined {
  const url = buildUrl(config);
  const authorization = config.headers?.Authorization;
  return requests.find((request) => request.url === url && request.authorization === authorization);
}
