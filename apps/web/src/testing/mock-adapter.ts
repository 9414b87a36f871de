import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

export interface RecordedRequest {
  method: string;
  url: string;
  baseURL: string | undefined;
  authorization: string | undefined;
  withCredentials: boolean | undefined;
  data: unknown;
}

type Reply = { status: number; data?: unknown; headers?: Record<string, string> } | { networkError: true } | { timeout: number } | { aborted: true };
type Handler = (request: RecordedRequest, config: InternalAxiosRequestConfig) => Reply | Promise<Reply>;

/**
 * An axios adapter standing in for the network: each request is recorded and answered by the handler,
 * with axios's own settle rules and error messages, so the clients' interceptors run as in the browser.
 */
export function mockAdapter(handler: Handler): { adapter: AxiosAdapter; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const headers = AxiosHeaders.from(config.headers);
    const request: RecordedRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      baseURL: config.baseURL,
      authorization: headers.get('Authorization') ? String(headers.get('Authorization')) : undefined,
      withCredentials: config.withCredentials,
      data: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    };
    requests.push(request);
    const reply = await handler(request, config);
    if ('networkError' in reply) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    if ('timeout' in reply) throw new AxiosError(`timeout of ${reply.timeout}ms exceeded`, AxiosError.ECONNABORTED, config, {});
    if ('aborted' in reply) throw new AxiosError('Request aborted', AxiosError.ECONNABORTED, config, {});
    const response: AxiosResponse = {
      data: reply.data ?? '',
      status: reply.status,
      statusText: String(reply.status),
      headers: AxiosHeaders.from(reply.headers ?? {}),
      config,
      request: {},
    };
    const valid = config.validateStatus ? config.validateStatus(reply.status) : reply.status >= 200 && reply.status < 300;
    if (!valid) {
      throw new AxiosError(`Request failed with status code ${reply.status}`, reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST, config, {}, response);
    }
    return response;
  };
  return { adapter, requests };
}
