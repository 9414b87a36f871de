import { useEffect, useRef, useState } from 'react';
import type { JobApplicationDetail } from '@careers/contracts/candidate-api';
import { MESSAGE_MAX } from '@careers/contracts/messages';
import { useFocusWhenShown } from '../../../components/action-result';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { TextArea } from '../../../components/text-area';
import { firstServerErrorOr } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { messageElementId, sentMessage } from '../../../lib/sent-message';
import { notifySuccess } from '../../../lib/toast';
import { useMarkOwnMessagesRead, useOwnMessages, useReplyToEmployer } from '../api/messages';
import './application-messages.css';

/**
 * The application's messages (issue 28 item 1): what the employer wrote, oldest first, each shown as
 * plain text and as the employer's own words, and the candidate's replies. Opening it marks the employer's
 * messages read (the e-mail notice links here: /applications/{id}#messages).
 */
export function ApplicationMessages({ application }: { application: JobApplicationDetail }) {
  const thread = useOwnMessages(application.id);
  const markRead = useMarkOwnMessagesRead(application.id);
  const reply = useReplyToEmployer(application.id);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const sectionRef = useRef<HTMLElement>(null);
  const focusWhenShown = useFocusWhenShown();
  const data = thread.data;
  const business = application.business.name;

  // Unread on arrival: shown with "New" this time, read from now on.
  const unread = data?.unread ?? 0;
  // A failed mark is not tried again and again: the next visit tries once more.
  const { mutate: markAsRead, isPending: marking, isError: markFailed } = markRead;
  // The other side's messages unread when the thread first arrived: marked "New" while it is shown.
  const [newIds, setNewIds] = useState<Set<string> | null>(null);
  if (data && newIds === null)
    setNewIds(new Set(data.messages.filter((m) => m.from === 'employer' && !m.readOn).map((m) => m.id)));
  useEffect(() => {
    if (data && unread > 0 && !marking && !markFailed) markAsRead();
  }, [data, unread, marking, markFailed, markAsRead]);
  // The notice's link: the messages are in view once they have loaded.
  const loaded = Boolean(data);
  useEffect(() => {
    if (loaded && window.location.hash === '#messages') sectionRef.current?.scrollIntoView?.({ block: 'start' });
  }, [loaded]);

  const send = () => {
    const text = body.trim();
    if (!text) return setError('Write your reply first.');
    if (text.length > MESSAGE_MAX)
      return setError(`A message can be at most ${MESSAGE_MAX.toLocaleString('en-GB')} characters long.`);
    setError(undefined);
    reply.mutate(text, {
      onSuccess: (answered) => {
        setBody('');
        notifySuccess('Reply sent.');
        const sent = sentMessage(data, answered, 'candidate');
        if (sent) focusWhenShown(messageElementId(sent.id));
      },
    });
  };

  return (
    <section id="messages" ref={sectionRef} className="card application-messages" aria-labelledby="messages-title">
      <h2 id="messages-title">Messages</h2>
      {thread.isPending ? <Spinner label="Loading the messages" /> : null}
      {thread.isError ? <AlertBanner type="alert-danger" message={firstServerErrorOr(thread.error)} /> : null}
      {data && data.messages.length === 0 ? (
        <p className="muted">
          No messages yet. When {business} writes to you about this application, the message appears here and we email
          you (unless you turned status emails off).
        </p>
      ) : null}
      {data && data.messages.length > 0 ? (
        <>
          <p className="muted application-messages__notice">
            Messages from {business} are the employer&apos;s own words: we do not write or check them. Never send
            passwords, bank details or payments.
          </p>
          <ol className="application-messages__list">
            {data.messages.map((message) => {
              const mine = message.from === 'candidate';
              return (
                <li
                  key={message.id}
                  id={messageElementId(message.id)}
                  className={mine ? 'application-message application-message--mine' : 'application-message'}
                >
                  <p className="application-message__meta">
                    <span className="application-message__from">{mine ? 'You' : `${business} wrote`}</span>{' '}
                    <time dateTime={message.sentOn}>{formatDateTime(message.sentOn)}</time>
                    {newIds?.has(message.id) ? <span className="application-message__new"> · New</span> : null}
                  </p>
                  <p className="application-message__body">{message.body}</p>
                </li>
              );
            })}
          </ol>
        </>
      ) : null}
      {data?.canWrite ? (
        <form
          className="application-messages__reply"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          <TextArea
            label={`Your reply to ${business}`}
            hint={`Plain text, at most ${MESSAGE_MAX.toLocaleString('en-GB')} characters.`}
            rows={4}
            value={body}
            maxLength={MESSAGE_MAX}
            error={error}
            onChange={(event) => setBody(event.currentTarget.value)}
          />
          {reply.isError ? <AlertBanner type="alert-danger" message={firstServerErrorOr(reply.error)} /> : null}
          <Button type="submit" busy={reply.isPending}>
            Send reply
          </Button>
        </form>
      ) : null}
      {data && !data.canWrite && data.messages.length > 0 && application.withdrawnOn ? (
        <p className="muted">You withdrew this application, so no more messages can be sent in it.</p>
      ) : null}
    </section>
  );
}
