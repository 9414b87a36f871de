import type { StatusEmailPreference } from '@careers/contracts/candidate-api';
import { candidatePublicClient } from '../../candidate-public-client';
import { http } from '../../http-client';
import { candidateApiContracts } from '../../schemas';

/** GET /candidate/status-emails: whether employers' moves of the candidate's applications are e-mailed. */
export async function getStatusEmails(): Promise<StatusEmailPreference> {
  const contracts = candidateApiContracts();
  const { data } = await http.candidate.get<unknown>('/candidate/status-emails');
  return (await contracts).statusEmailPreferenceSchema.parse(data);
}

/** PUT /candidate/status-emails. */
export async function putStatusEmails(body: StatusEmailPreference): Promise<StatusEmailPreference> {
  const contracts = candidateApiContracts();
  const { data } = await http.candidate.put<unknown>('/candidate/status-emails', body);
  return (await contracts).statusEmailPreferenceSchema.parse(data);
}

/** POST /status-emails/unsubscribe?token=…: the e-mail's unsubscribe link, no sign-in (the token is the proof). */
export async function unsubscribeStatusEmails(token: string): Promise<StatusEmailPreference> {
  const contracts = candidateApiContracts();
  const { data } = await candidatePublicClient.post<unknown>(
    `/status-emails/unsubscribe?token=${encodeURIComponent(token)}`,
  );
  return (await contracts).statusEmailPreferenceSchema.parse(data);
}
