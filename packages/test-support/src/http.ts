/**
 * The one JSON client of the tests, the seed script and the load scripts: a call answers its status and
 * parsed body (JSON, else the text), and `expectOk` turns anything but 200 into an error that says what
 * the service answered.
 */

export interface ApiAnswer<T> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallInit extends RequestInit {
  /** Sent as `authorization: Bearer <token>`. */
  token?: string;
  /** Sent as the JSON body (content-type set). */
  json?: unknown;
}

/** How a client reaches the services: global fetch by default, or any fetch-shaped function (a test double, a proxy). */
export type Fetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

/** One HTTP call; never throws for an HTTP status (a network failure still throws). */
export async function callApi<T>(
  url: string | URL,
  init: CallInit = {},
  fetchImpl: Fetch = fetch,
): Promise<ApiAnswer<T>> {
  const { token, json, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  let body = rest.body;
  if (json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(json);
  }
  const res = await fetchImpl(url, { ...rest, headers, body });
  const text = await res.text();
  return { status: res.status, body: parseBody(text) as T, headers: res.headers };
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The body, or an error naming `what` with the status and body the service answered unless it is 200. */
export function expectOk<T>(what: string, answer: ApiAnswer<T>): T {
  if (answer.status !== 200)
    throw new Error(`${what} failed: HTTP ${answer.status} ${JSON.stringify(answer.body).slice(0, 500)}`);
  return answer.body;
}

/** A JSON call that fails with the answer's status and body unless it is 200. */
export async function callJson<T>(url: string | URL, init: CallInit = {}, fetchImpl: Fetch = fetch): Promise<T> {
  return expectOk(`${init.method ?? 'GET'} ${String(url)}`, await callApi<T>(url, init, fetchImpl));
}

/** A multipart body with one file field, as the portal's uploads send it. */
export function fileForm(file: { name: string; mimeType: string; buffer: Buffer }, field = 'file'): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  return form;
}
