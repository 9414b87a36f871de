import { useEffect, useState } from 'react';
import { MESSAGE_MAX, TEMPLATE_NAME_MAX, type MessageTemplate } from '@careers/contracts/messages';
import { ResultStatus, useActionResult, useFocusWhenShown } from '../../../components/action-result';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { TextArea } from '../../../components/text-area';
import { TextInput } from '../../../components/text-input';
import { firstServerErrorOr } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { messageElementId, sentMessage } from '../../../lib/sent-message';
import { notifySuccess } from '../../../lib/toast';
import {
  useBusinessMessages,
  useDeleteMessageTemplate,
  useMarkBusinessMessagesRead,
  useMessageTemplates,
  useSaveMessageTemplate,
  useWriteToCandidate,
} from '../api/messages';
import { useCanEditJobs } from '../api/team';
import { SelectField } from './select-field';
import './employer-messages.css';

const FIELDS_HINT =
  'Plain text. {candidateName}, {jobTitle} and {businessName} are filled in when you send. The candidate gets an email that a message is waiting.';

/** The business's templates: every member uses them; owners and recruiters add, change and delete them. */
function MessageTemplates({ templates, canEdit }: { templates: MessageTemplate[]; canEdit: boolean }) {
  const save = useSaveMessageTemplate();
  const remove = useDeleteMessageTemplate();
  const [editing, setEditing] = useState<{ id?: string; name: string; body: string } | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [done, showDone, clearDone] = useActionResult();
  return (
    <details className="employer-templates">
      <summary>Message templates ({templates.length})</summary>
      {templates.length === 0 ? <p className="muted">Your business has no message templates yet.</p> : null}
      <ul className="employer-templates__list" aria-label="Message templates">
        {templates.map((template) => (
          <li key={template.id}>
            <span className="employer-templates__name">{template.name}</span>
            {canEdit ? (
              <span className="employer-templates__actions">
                <Button
                  variant="secondary"
                  aria-label={`Edit the template ${template.name}`}
                  onClick={() => {
                    clearDone();
                    setEditing({ id: template.id, name: template.name, body: template.body });
                  }}
                >
                  Edit
                </Button>
                <Button
                  variant="secondary"
                  aria-label={`Delete the template ${template.name}`}
                  busy={remove.isPending && remove.variables === template.id}
                  onClick={() => {
                    clearDone();
                    remove.mutate(template.id, { onSuccess: () => showDone(`Template ${template.name} deleted.`) });
                  }}
                >
                  Delete
                </Button>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <ResultStatus result={done} />
      {canEdit && !editing ? (
        <Button
          variant="secondary"
          onClick={() => {
            clearDone();
            setEditing({ name: '', body: '' });
          }}
        >
          Add a template
        </Button>
      ) : null}
      {canEdit && editing ? (
        <form
          className="employer-templates__form"
          noValidate
          aria-label={editing.id ? 'Edit the template' : 'Add a template'}
          onSubmit={(event) => {
            event.preventDefault();
            const name = editing.name.trim();
            const body = editing.body.trim();
            if (!name || !body) return setError('Give the template a name and a text.');
            setError(undefined);
            clearDone();
            save.mutate(
              { ...(editing.id ? { id: editing.id } : {}), name, body },
              {
                onSuccess: () => {
                  setEditing(null);
                  showDone('Template saved.');
                },
              },
            );
          }}
        >
          <TextInput
            label="Template name"
            value={editing.name}
            maxLength={TEMPLATE_NAME_MAX}
            onChange={(event) => setEditing({ ...editing, name: event.currentTarget.value })}
          />
          <TextArea
            label="Template text"
            hint={FIELDS_HINT}
            rows={5}
            value={editing.body}
            maxLength={MESSAGE_MAX}
            error={error}
            onChange={(event) => setEditing({ ...editing, body: event.currentTarget.value })}
          />
          {save.isError ? <AlertBanner type="alert-danger" message={firstServerErrorOr(save.error)} /> : null}
          <div className="employer-form__actions">
            <Button type="submit" busy={save.isPending}>
              Save template
            </Button>
            <Button variant="secondary" onClick={() => setEditing(null)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
      {remove.isError ? <AlertBanner type="alert-danger" message={firstServerErrorOr(remove.error)} /> : null}
    </details>
  );
}

/**
 * The messages of an application on the employer's page (issue 28 item 1): the thread, oldest first (the
 * team's messages signed by who wrote them), a message from scratch or from a template, and the
 * business's templates. Opening it marks the candidate's replies read for the whole team.
 */
export function EmployerMessages({ applicationId, candidateName }: { applicationId: string; candidateName: string }) {
  const thread = useBusinessMessages(applicationId);
  const markRead = useMarkBusinessMessagesRead(applicationId);
  const write = useWriteToCandidate(applicationId);
  const templates = useMessageTemplates();
  const canEdit = useCanEditJobs();
  const [body, setBody] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const focusWhenShown = useFocusWhenShown();
  const data = thread.data;
  const unread = data?.unread ?? 0;
  // A failed mark is not tried again and again: the next visit tries once more.
  const { mutate: markAsRead, isPending: marking, isError: markFailed } = markRead;
  // The other side's messages unread when the thread first arrived: marked "New" while it is shown.
  const [newIds, setNewIds] = useState<Set<string> | null>(null);
  if (data && newIds === null)
    setNewIds(new Set(data.messages.filter((m) => m.from === 'candidate' && !m.readOn).map((m) => m.id)));
  useEffect(() => {
    if (data && unread > 0 && !marking && !markFailed) markAsRead();
  }, [data, unread, marking, markFailed, markAsRead]);

  const list = templates.data ?? [];
  return (
    <section className="card employer-messages" aria-labelledby="employer-messages-title">
      <h2 id="employer-messages-title">Messages</h2>
      {thread.isPending ? <Spinner label="Loading the messages" /> : null}
      {thread.isError ? <AlertBanner type="alert-danger" message={firstServerErrorOr(thread.error)} /> : null}
      {data && data.messages.length === 0 ? (
        <p className="muted">No messages yet. Write to {candidateName} below: they read and reply on the portal.</p>
      ) : null}
      {data && data.messages.length > 0 ? (
        <ol className="employer-messages__list">
          {data.messages.map((message) => {
            const fromCandidate = message.from === 'candidate';
            return (
              <li
                key={message.id}
                id={messageElementId(message.id)}
                className={fromCandidate ? 'employer-message employer-message--candidate' : 'employer-message'}
              >
                <p className="employer-message__meta">
                  <span className="employer-message__from">
                    {fromCandidate ? `${candidateName} replied` : `${message.authorName ?? 'Your team'} wrote`}
                  </span>{' '}
                  <time dateTime={message.sentOn}>{formatDateTime(message.sentOn)}</time>
                  {newIds?.has(message.id) ? <span className="employer-message__new"> · New</span> : null}
                  {!fromCandidate ? (
                    <span className="employer-message__read">
                      {' '}
                      · {message.readOn ? `Read ${formatDateTime(message.readOn)}` : 'Not read yet'}
                    </span>
                  ) : null}
                </p>
                <p className="employer-message__body">{message.body}</p>
              </li>
            );
          })}
        </ol>
      ) : null}
      {data && !data.canWrite ? (
        <p className="muted">The candidate withdrew this application, so no more messages can be sent in it.</p>
      ) : null}
      {data?.canWrite ? (
        <form
          className="employer-messages__compose"
          noValidate
          aria-label={`Write to ${candidateName}`}
          onSubmit={(event) => {
            event.preventDefault();
            const text = body.trim();
            if (!text) return setError('Write the message first.');
            if (text.length > MESSAGE_MAX)
              return setError(`A message can be at most ${MESSAGE_MAX.toLocaleString('en-GB')} characters long.`);
            setError(undefined);
            write.mutate(
              { body: text, ...(templateId ? { templateId } : {}) },
              {
                onSuccess: (answered) => {
                  setBody('');
                  setTemplateId('');
                  notifySuccess('Message sent.');
                  const sent = sentMessage(data, answered, 'employer');
                  if (sent) focusWhenShown(messageElementId(sent.id));
                },
              },
            );
          }}
        >
          {list.length > 0 ? (
            <SelectField
              label="Start from a template"
              value={templateId}
              onChange={(event) => {
                const chosen = list.find((template) => template.id === event.currentTarget.value);
                setTemplateId(chosen?.id ?? '');
                if (chosen) setBody(chosen.body);
              }}
            >
              <option value="">Write from scratch</option>
              {list.map((template) => (
                <option key={template.id} value={template.id}>
                  {template.name}
                </option>
              ))}
            </SelectField>
          ) : null}
          <TextArea
            label={`Message to ${candidateName}`}
            hint={FIELDS_HINT}
            rows={5}
            value={body}
            maxLength={MESSAGE_MAX}
            error={error}
            onChange={(event) => setBody(event.currentTarget.value)}
          />
          {write.isError ? <AlertBanner type="alert-danger" message={firstServerErrorOr(write.error)} /> : null}
          <Button type="submit" busy={write.isPending}>
            Send message
          </Button>
        </form>
      ) : null}
      {templates.data ? <MessageTemplates templates={list} canEdit={canEdit} /> : null}
    </section>
  );
}

const replies = (count: number) => `${count} unread ${count === 1 ? 'reply' : 'replies'}`;

/** An application's unread replies, in the job's applications list; nothing when there are none. */
export function UnreadReplies({ count }: { count: number | undefined }) {
  if (!count) return null;
  return <span className="employer-unread">{replies(count)}</span>;
}

/** The unread replies in all of a job's applications, above its list; nothing when there are none. */
export function JobUnreadReplies({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <p className="employer-unread-total" role="status">
      {replies(count)} from candidates in this job&apos;s applications: open an application to read them.
    </p>
  );
}
