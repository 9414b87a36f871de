import type { MessageTemplate, MessageThread, SaveMessageTemplate, SendMessage } from '@careers/contracts/messages';
import { http } from '../../http-client';

/*
 * Messages between employer and candidate (issue 28 item 1): the candidate's calls under
 * /job-applications/{id}/messages, the business's under /business/applications/{id}/messages and its
 * templates under /business/message-templates.
 */

const own = (applicationId: string) => `/job-applications/${encodeURIComponent(applicationId)}/messages`;
const business = (applicationId: string) => `/business/applications/${encodeURIComponent(applicationId)}/messages`;

/** GET /job-applications/{id}/messages: the thread of one of the caller's applications. */
export async function getOwnMessages(applicationId: string): Promise<MessageThread> {
  return (await http.candidate.get<MessageThread>(own(applicationId))).data;
}

/** PUT /job-applications/{id}/messages/read: the caller has read the employer's messages. */
export async function markOwnMessagesRead(applicationId: string): Promise<MessageThread> {
  return (await http.candidate.put<MessageThread>(`${own(applicationId)}/read`)).data;
}

/** POST /job-applications/{id}/messages: the caller's reply. */
export async function replyToEmployer(applicationId: string, body: string): Promise<MessageThread> {
  return (await http.candidate.post<MessageThread>(own(applicationId), { body } satisfies SendMessage)).data;
}

/** GET /business/applications/{id}/messages. */
export async function getBusinessMessages(applicationId: string): Promise<MessageThread> {
  return (await http.candidate.get<MessageThread>(business(applicationId))).data;
}

/** PUT /business/applications/{id}/messages/read: the candidate's replies are read, for the whole team. */
export async function markBusinessMessagesRead(applicationId: string): Promise<MessageThread> {
  return (await http.candidate.put<MessageThread>(`${business(applicationId)}/read`)).data;
}

/** POST /business/applications/{id}/messages: the fields are filled in by the service. */
export async function writeToCandidate(applicationId: string, message: SendMessage): Promise<MessageThread> {
  return (await http.candidate.post<MessageThread>(business(applicationId), message)).data;
}

export async function getMessageTemplates(): Promise<MessageTemplate[]> {
  return (await http.candidate.get<MessageTemplate[]>('/business/message-templates')).data;
}

export async function saveMessageTemplate(template: SaveMessageTemplate & { id?: string }): Promise<MessageTemplate> {
  const { id, ...body } = template;
  const { data } = id
    ? await http.candidate.put<MessageTemplate>(`/business/message-templates/${encodeURIComponent(id)}`, body)
    : await http.candidate.post<MessageTemplate>('/business/message-templates', body);
  return data;
}

export async function deleteMessageTemplate(id: string): Promise<void> {
  await http.candidate.delete(`/business/message-templates/${encodeURIComponent(id)}`);
}
