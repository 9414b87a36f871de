import type { BotCheckChallenge } from '@careers/contracts/identity';
import type { JobAlert, JobAlertLinkResult } from '@careers/contracts/job-alerts';
import { candidatePublicClient } from '../../lib/candidate-public-client';
import { http } from '../../lib/http-client';

/**
 * Job alerts (issue 27 item 5, docs/decisions/0380): the public sign-up with the candidate service's own bot
 * check (solved only when the form is sent), the emails' confirm and unsubscribe links, and the signed-in
 * candidate's alerts.
 */
export async function signUpForJobAlert(
  target: { businessId: string } | { search: string },
  email: string,
  signal?: AbortSignal,
): Promise<void> {
  const { data: challenge } = await candidatePublicClient.get<BotCheckChallenge>('/job-alerts/challenge', { signal });
  const { solveChallenge } = await import('../../lib/bot-check-solver');
  const token = await solveChallenge(challenge, signal);
  await candidatePublicClient.post('/job-alerts', { email, token, ...target }, { signal });
}

export async function confirmJobAlert(token: string): Promise<JobAlertLinkResult> {
  const { data } = await candidatePublicClient.post<JobAlertLinkResult>(
    `/job-alerts/confirm?token=${encodeURIComponent(token)}`,
  );
  return data;
}

export async function unsubscribeJobAlert(token: string): Promise<JobAlertLinkResult> {
  const { data } = await candidatePublicClient.post<JobAlertLinkResult>(
    `/job-alerts/unsubscribe?token=${encodeURIComponent(token)}`,
  );
  return data;
}

export async function getMyJobAlerts(): Promise<JobAlert[]> {
  const { data } = await http.candidate.get<JobAlert[]>('/candidate/job-alerts');
  return data;
}

export async function deleteMyJobAlert(id: string): Promise<void> {
  await http.candidate.delete(`/candidate/job-alerts/${encodeURIComponent(id)}`);
}
