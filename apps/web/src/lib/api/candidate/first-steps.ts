import type { FirstSteps } from '@careers/contracts/employer';
import { http } from '../../http-client';

/** GET /business/first-steps: what the caller's business has done of its first hour (docs/decisions/0496). */
export async function getFirstSteps(): Promise<FirstSteps> {
  return (await http.candidate.get<FirstSteps>('/business/first-steps')).data;
}
