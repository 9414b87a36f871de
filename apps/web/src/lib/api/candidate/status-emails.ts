import type { StatusEmailPreference } from '@careers/contracts/candidate-api';
import { candidatePublicClient } from '../../candidate-public-client';
import { http } from '../../http-client';

/** GET /candidate/status-emails: whether employers' moves of the candidate's applications are e-mailed. */
export async function getStatusEmails(): Promise<StatusEmailPreference> {
  const { data } = await http.candidate.get<StatusEmailPreference>('/candidate/status-emails');
  return data;
}

/** PUT /candidate/status-emails. */
export async function putStatusEmails(body: StatusEmailPreference): Promise<StatusEmailPreference> {
  const { data } = await http.candidate.put<StatusEmailPreference>('/candidate/status-emails', body);
  return data;
}

/** POST /status-emails/unsubscribe?token=…: the e-mail's unsubscribe link, no sign-in (the token is the proof). */
export async function unsubscribeStatusEmails(token: string): Promise<StatusEmailPreference> {
  const { data } = await candidatePublicClient.post<StatusEmailPreference>(
    `/status-emails/unsubscribe?token=${encodeURIComponent(token)}`,
  );
  return data;
}
