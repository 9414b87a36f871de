import { describe, expect, it } from 'vitest';
import { createHttpClients } from './http-client';
import { createAuthStore } from './auth-store';
import { mockAdapter } from '../testing/mock-adapter';
import {
  ApiError,
  firstServerErrorOr,
  retryAfterSeconds,
  SERVER_SIDE_ERROR,
  toApiError,
  UNEXPECTED_SERVER_ERROR,
} from './api-error';

const config = {
  identityBaseUrl: 'http://id.test',
  candidateBaseUrl: 'http://cand.test',
  blobBaseUrl: 'http://cand.test/blobs',
  environment: 'Test',
};

async function failureOf(reply: Parameters<typeof mockAdapter>[0]): Promise<ApiError> {
  const { adapter } = mockAdapter(reply);
  const { identity } = createHttpClients({ config, authStore: createAuthStore(undefined), adapter });
  try {
    await identity.post('/api/account/can-log-in', { email: 'a@b.com' });
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('the call did not fail');
}

describe('HTTP client error messages (product.md §8)', () => {
  it.each([400, 401, 404])('listed status %i: "A server side error occurred." with the parsed body', async (status) => {
    const body = { type: 'about:blank', title: 'Nope', status, errors: ['first', 'second'] };
    const error = await failureOf(() => ({ status, data: body, headers: { 'x-request-id': 'r1' } }));
    expect(error.message).toBe(SERVER_SIDE_ERROR);
    expect(error.message).toBe('A server side error occurred.');
    expect(error.status).toBe(status);
    expect(error.body).toEqual(body);
    expect(error.headers['x-request-id']).toBe('r1');
  });

  it.each([403, 409, 429, 500, 503])(
    'other status %i: "An unexpected server error occurred." carrying status, body, headers',
    async (status) => {
      const error = await failureOf(() => ({ status, data: { detail: 'x' }, headers: { 'retry-after': '42' } }));
      expect(error.message).toBe(UNEXPECTED_SERVER_ERROR);
      expect(error.message).toBe('An unexpected server error occurred.');
      expect(error.status).toBe(status);
      expect(error.body).toEqual({ detail: 'x' });
      expect(error.headers['retry-after']).toBe('42');
    },
  );

  it('keeps the messages product.md §8 names for network failure, timeout and abort', async () => {
    expect((await failureOf(() => ({ networkError: true }))).message).toBe('Network Error');
    expect((await failureOf(() => ({ timeout: 1500 }))).message).toBe('timeout of 1500ms exceeded');
    expect((await failureOf(() => ({ aborted: true }))).message).toBe('Request aborted');
  });

  it('succeeds on 200 and 204', async () => {
    for (const status of [200, 204]) {
      const { adapter } = mockAdapter(() => ({ status }));
      const { identity } = createHttpClients({ config, authStore: createAuthStore(undefined), adapter });
      await expect(identity.post('/x')).resolves.toMatchObject({ status });
    }
  });

  it('finds the first server error, else the error message', () => {
    expect(
      firstServerErrorOr(new ApiError(SERVER_SIDE_ERROR, { status: 400, body: { errors: ['Email taken', 'b'] } })),
    ).toBe('Email taken');
    expect(
      firstServerErrorOr(new ApiError(SERVER_SIDE_ERROR, { status: 401, body: { feedbackMessage: 'Code expired' } })),
    ).toBe('Code expired');
    expect(firstServerErrorOr(new ApiError('Network Error'))).toBe('Network Error');
    expect(firstServerErrorOr(new Error('boom'))).toBe('boom');
  });

  it('reads Retry-After on 429 only', () => {
    expect(
      retryAfterSeconds(new ApiError(UNEXPECTED_SERVER_ERROR, { status: 429, headers: { 'retry-after': '37' } })),
    ).toBe(37);
    expect(retryAfterSeconds(new ApiError(UNEXPECTED_SERVER_ERROR, { status: 429 }))).toBe(60);
    expect(retryAfterSeconds(new ApiError(UNEXPECTED_SERVER_ERROR, { status: 500 }))).toBeNull();
    expect(toApiError('odd').message).toBe('odd');
  });
});
