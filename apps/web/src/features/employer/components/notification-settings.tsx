import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  EMPLOYER_NOTICE_KINDS,
  NOTICE_DELIVERIES,
  type EmployerNoticeKind,
  type EmployerNotificationSettings,
  type NoticeDelivery,
} from '@careers/contracts/employer-notifications';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { firstServerErrorOr } from '../../../lib/api-error';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notification-settings';
import './notification-settings.css';

const KIND_WORDS: Record<EmployerNoticeKind, string> = {
  newApplication: 'A new application',
  candidateReply: 'A candidate replies to a message',
  withdrawal: 'A candidate withdraws an application',
  bookingChange: 'A candidate books, moves or cancels an interview',
};

const DELIVERY_WORDS: Record<NoticeDelivery, string> = {
  instant: 'An email at once',
  digest: 'In my daily digest',
  off: 'No email',
};

export const SAVED = 'Your email choices are saved.';

/**
 * The member's own email choices (docs/decisions/0497): one labelled radio group per kind. After a save,
 * the confirmation takes the focus, so a screen reader says it and the keyboard starts from it.
 */
export function NotificationSettingsForm({
  initial,
  onSave,
  saving = false,
  error = null,
}: {
  initial: EmployerNotificationSettings;
  onSave: (settings: EmployerNotificationSettings) => Promise<unknown>;
  saving?: boolean;
  error?: string | null;
}) {
  const [chosen, setChosen] = useState(initial);
  const [saved, setSaved] = useState(false);
  const confirmation = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (saved) confirmation.current?.focus();
  }, [saved]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    void onSave(chosen).then(
      () => setSaved(true),
      () => undefined,
    );
  };
  return (
    <form className="employer-form" noValidate aria-label="Email notifications" onSubmit={submit}>
      {error ? <AlertBanner type="alert-danger" message={error} /> : null}
      {EMPLOYER_NOTICE_KINDS.map((kind) => (
        <fieldset key={kind} className="employer-notifications__kind">
          <legend>{KIND_WORDS[kind]}</legend>
          {NOTICE_DELIVERIES.map((delivery) => (
            <label key={delivery} className="employer-notifications__choice">
              <input
                type="radio"
                name={kind}
                value={delivery}
                checked={chosen[kind] === delivery}
                onChange={() => {
                  setSaved(false);
                  setChosen((now) => ({ ...now, [kind]: delivery }));
                }}
              />{' '}
              {DELIVERY_WORDS[delivery]}
            </label>
          ))}
        </fieldset>
      ))}
      <Button type="submit" busy={saving}>
        Save email choices
      </Button>
      {saved ? (
        <p ref={confirmation} tabIndex={-1} role="status" className="employer-notifications__saved">
          {SAVED}
        </p>
      ) : null}
    </form>
  );
}

/** The section: the member's choices read from the service, saved there. */
export function NotificationSettings() {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  let body;
  if (settings.isPending) body = <Spinner label="Loading your email choices" />;
  else if (settings.isError) body = <AlertBanner type="alert-danger" message={firstServerErrorOr(settings.error)} />;
  else
    body = (
      <NotificationSettingsForm
        initial={settings.data}
        onSave={(chosen) => save.mutateAsync(chosen)}
        saving={save.isPending}
        error={save.isError ? firstServerErrorOr(save.error) : null}
      />
    );
  return (
    <section className="card employer-notifications" aria-labelledby="notifications-title">
      <h2 id="notifications-title">Email notifications</h2>
      <p>
        What you hear of on the jobs you can see. The daily digest goes at 08:00 in the time zone of your interview
        hours (UTC until you set them), and only when something waits.
      </p>
      {body}
    </section>
  );
}

/** /employer/notifications: every member's own email choices. */
export function NotificationSettingsPage() {
  return (
    <section className="page employer-page" aria-labelledby="notifications-page-title">
      <h1 id="notifications-page-title">Emails</h1>
      <NotificationSettings />
    </section>
  );
}
