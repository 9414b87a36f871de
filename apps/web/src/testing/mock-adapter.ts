import { HttpError, type Adapter, type RequestConfig } from '../lib/request';

export interface RecordedRequest {
  method: string;
  url: string;
  baseURL: string | undefined;
  authorization: string | undefined;
  withCredentials: boolean | undefined;
  data: unknown;
}

export type AdapterReply =
  | { status: number; data?: unknown; headers?: Record<string, string> }
  | { networkError: true }
  | { timeout: number }
  | { aborted: true };
type Handler = (request: RecordedRequest, config: RequestConfig) => AdapterReply | Promise<AdapterReply>;

/**
 * An adapter standing in for the network: each request is recorded and answered by the handler, with
 * the client's own error messages, so the clients' hooks (token, refresh and retry, error mapping) run
 * as in the browser.
 */
export function mockAdapter(handler: Handler): { adapter: Adapter; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const adapter: Adapter = async (config) => {
    const request: RecordedRequest = {
      method: config.method.toUpperCase(),
      url: config.url,
      baseURL: config.baseURL,
      authorization: config.headers?.Authorization,
      withCredentials: config.withCredentials,
      data: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    };
    requests.push(request);
    const reply = await handler(request, config);
    if ('networkError' in reply) throw new HttpError('Network Error', 'ERR_NETWORK', config);
    if ('timeout' in reply) throw new HttpError(`timeout of ${reply.timeout}ms exceeded`, 'ECONNABORTED', config);
    if ('aborted' in reply) throw new HttpError('Request aborted', 'ECONNABORTED', config);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(reply.headers ?? {})) headers[name.toLowerCase()] = value;
    return { status: reply.status, data: reply.data ?? '', headers };
  };
  return { adapter, requests };
}
