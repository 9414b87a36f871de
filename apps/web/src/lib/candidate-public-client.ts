import { runtimeConfig } from '../config/runtime-config';
import { toApiError } from './api-error';
import { createInstance } from './request';

/**
 * The candidate service for public calls (GET /job/{id}) made by visitors who are not signed in. The
 * signed-in client (http.candidate) refuses to send a request without a session, and would end it.
 */
export const candidatePublicClient = createInstance(
  { baseURL: runtimeConfig.candidateBaseUrl, timeout: 0 },
  { onError: (error) => Promise.reject(toApiError(error)) },
);
