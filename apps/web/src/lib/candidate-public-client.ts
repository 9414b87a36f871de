import axios from 'axios';
import { runtimeConfig } from '../config/runtime-config';
import { toApiError } from './api-error';

/**
 * The candidate service for public calls (GET /job/{id}) made by visitors who are not signed in. The
 * signed-in client (http.candidate) refuses to send a request without a session, and would end it.
 */
export const candidatePublicClient = axios.create({ baseURL: runtimeConfig.candidateBaseUrl, timeout: 0 });
candidatePublicClient.interceptors.response.use(undefined, (error: unknown) => Promise.reject(toApiError(error)));
