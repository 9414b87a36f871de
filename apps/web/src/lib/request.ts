/**
 * The portal's HTTP client: the part of axios's surface the portal used (instances with a base URL,
 * get/post/put/delete, params, JSON and blob answers, upload progress, abort, XSRF header, a pluggable
 * adapter for tests), on XMLHttpRequest, in about 2 KB instead of axios's 20 (docs/decisions/0062).
 * XMLHttpRequest rather than fetch because fetch cannot report upload progress. Errors keep axios's
 * messages, which product.md §8 names: 'Network Error', 'timeout of {n}ms exceeded', 'Request aborted'.
 */

export type ResponseType = 'json' | 'blob';

export interface RequestConfig {
  method?: string;
  url?: string;
  baseURL?: string;
  params?: Record<string, unknown>;
  data?: unknown;
  headers?: Record<string, string>;
  withCredentials?: boolean;
  /** Milliseconds; 0 waits for ever (product.md §9: no timeout). */
  timeout?: number;
  responseType?: ResponseType;
  signal?: AbortSignal;
  validateStatus?: (status: number) => boolean;
  onUploadProgress?: (event: { loaded: number; total?: number }) => void;
  xsrfCookieName?: string;
  xsrfHeaderName?: string;
}

export interface HttpResponse<T = unknown> {
  data: T;
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  config: RequestConfig;
}

/** What reaches the network: the adapter answers a status, a body and headers, or throws an HttpError. */
export type Adapter = (
  config: RequestConfig & { url: string; method: string },
) => Promise<Omit<HttpResponse, 'config'>>;

export type HttpErrorCode = 'ERR_NETWORK' | 'ECONNABORTED' | 'ERR_CANCELED' | 'ERR_BAD_REQUEST' | 'ERR_BAD_RESPONSE';

export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly isHttpError = true;
  constructor(
    message: string,
    readonly code: HttpErrorCode,
    readonly config: RequestConfig,
    readonly response?: HttpResponse,
  ) {
    super(message);
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return typeof error === 'object' && error !== null && (error as { isHttpError?: unknown }).isHttpError === true;
}

export interface HttpInstance {
  defaults: RequestConfig & { adapter?: Adapter };
  request<T = unknown>(config: RequestConfig): Promise<HttpResponse<T>>;
  get<T = unknown>(url: string, config?: RequestConfig): Promise<HttpResponse<T>>;
  delete<T = unknown>(url: string, config?: RequestConfig): Promise<HttpResponse<T>>;
  post<T = unknown>(url: string, data?: unknown, config?: RequestConfig): Promise<HttpResponse<T>>;
  put<T = unknown>(url: string, data?: unknown, config?: RequestConfig): Promise<HttpResponse<T>>;
}

export interface Hooks {
  /** Runs before each request (for example to add a fresh bearer token). */
  beforeRequest?: (config: RequestConfig) => Promise<RequestConfig> | RequestConfig;
  /** Turns a failure into an answer (a retry) or into the error the caller sees. */
  onError?: (error: unknown, config: RequestConfig, instance: HttpInstance) => Promise<HttpResponse>;
}

export function buildUrl(config: RequestConfig): string {
  const url = config.url ?? '';
  let full =
    config.baseURL && !/^[a-z][a-z\d+.-]*:/i.test(url)
      ? `${config.baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`
      : url;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(config.params ?? {})) {
    if (value !== undefined && value !== null) query.append(key, String(value));
  }
  const search = query.toString();
  if (search) full += (full.includes('?') ? '&' : '?') + search;
  return full;
}

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const match = document.cookie.match(new RegExp(`(?:^|; )${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}=([^;]*)`));
  return match ? decodeURIComponent(match[1]!) : undefined;
}

export function parseHeaders(raw: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return headers;
}

/** axios's default answer parsing: JSON when it parses, else the text; an empty body is ''. */
export function parseJson(text: string): unknown {
  if (text === '') return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The browser's network, through XMLHttpRequest. */
export const xhrAdapter: Adapter = (config) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(config.method, buildUrl(config), true);
    xhr.timeout = config.timeout ?? 0;
    xhr.withCredentials = Boolean(config.withCredentials);
    xhr.responseType = config.responseType === 'blob' ? 'blob' : 'text';
    for (const [name, value] of Object.entries(config.headers ?? {})) xhr.setRequestHeader(name, value);
    if (config.onUploadProgress && xhr.upload) {
      const report = config.onUploadProgress;
      xhr.upload.onprogress = (event) =>
        report({ loaded: event.loaded, total: event.lengthComputable ? event.total : undefined });
    }
    const abort = () => xhr.abort();
    config.signal?.addEventListener('abort', abort, { once: true });
    const done = () => config.signal?.removeEventListener('abort', abort);
    xhr.onload = () => {
      done();
      const data = config.responseType === 'blob' ? (xhr.response as Blob) : parseJson(xhr.responseText);
      resolve({ status: xhr.status, data, headers: parseHeaders(xhr.getAllResponseHeaders()) });
    };
    xhr.onerror = () => {
      done();
      reject(new HttpError('Network Error', 'ERR_NETWORK', config));
    };
    xhr.ontimeout = () => {
      done();
      reject(new HttpError(`timeout of ${config.timeout}ms exceeded`, 'ECONNABORTED', config));
    };
    xhr.onabort = () => {
      done();
      reject(new HttpError('Request aborted', config.signal?.aborted ? 'ERR_CANCELED' : 'ECONNABORTED', config));
    };
    xhr.send(config.data as XMLHttpRequestBodyInit | null);
  });

function prepareBody(config: RequestConfig): RequestConfig {
  const headers = { ...config.headers };
  let data = config.data;
  const isBinary = typeof FormData !== 'undefined' && data instanceof FormData;
  if (
    data !== undefined &&
    !isBinary &&
    !(typeof Blob !== 'undefined' && data instanceof Blob) &&
    typeof data !== 'string'
  ) {
    data = JSON.stringify(data);
    headers['Content-Type'] ??= 'application/json';
  }
  headers.Accept ??= 'application/json, text/plain, */*';
  // axios's XSRF rule: the cookie's value goes in the header on same-origin or credentialed requests.
  const sameOrigin =
    typeof location !== 'undefined' && buildUrl({ ...config, params: undefined }).startsWith(location.origin);
  if (config.xsrfCookieName && config.xsrfHeaderName && (config.withCredentials || sameOrigin)) {
    const token = readCookie(config.xsrfCookieName);
    if (token) headers[config.xsrfHeaderName] = token;
  }
  return { ...config, data, headers };
}

export function createInstance(defaults: HttpInstance['defaults'], hooks: Hooks = {}): HttpInstance {
  const instance: HttpInstance = {
    defaults,
    async request<T>(requestConfig: RequestConfig): Promise<HttpResponse<T>> {
      let config: RequestConfig = {
        ...instance.defaults,
        ...requestConfig,
        headers: { ...instance.defaults.headers, ...requestConfig.headers },
      };
      try {
        if (hooks.beforeRequest) config = await hooks.beforeRequest(config);
        const prepared = prepareBody(config);
        const adapter = instance.defaults.adapter ?? xhrAdapter;
        const answer = await adapter({
          ...prepared,
          url: prepared.url ?? '',
          method: (prepared.method ?? 'get').toUpperCase(),
        });
        const response: HttpResponse<T> = { ...answer, data: answer.data as T, config };
        const valid = config.validateStatus
          ? config.validateStatus(answer.status)
          : answer.status >= 200 && answer.status < 300;
        if (!valid) {
          throw new HttpError(
            `Request failed with status code ${answer.status}`,
            answer.status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
            config,
            response,
          );
        }
        return response;
      } catch (error) {
        if (hooks.onError) return (await hooks.onError(error, config, instance)) as HttpResponse<T>;
        throw error;
      }
    },
    get: (url, config) => instance.request({ ...config, method: 'get', url }),
    delete: (url, config) => instance.request({ ...config, method: 'delete', url }),
    post: (url, data, config) => instance.request({ ...config, method: 'post', url, data }),
    put: (url, data, config) => instance.request({ ...config, method: 'put', url, data }),
  };
  return instance;
}
