import { AlertBanner } from '../../../components/alert-banner';
import { Switch } from '../../../components/switch';
import { firstServerErrorOr } from '../../../lib/api-error';
import { useSetStatusEmails, useStatusEmails } from '../api/status-emails';

export const STATUS_EMAILS_LABEL = 'Email me when an employer moves one of my applications';

/** The switch of the status e-mails (issue 12 item 14): on unless the candidate turned it off here or by an e-mail's unsubscribe link. */
export function StatusEmails() {
  const preference = useStatusEmails();
  const change = useSetStatusEmails();
  const on = change.isPending ? change.variables.statusEmails : preference.data?.statusEmails;

  return (
    <section className="account-section card" aria-labelledby="status-emails-title">
      <h2 id="status-emails-title">Status emails</h2>
      <p>
        When an employer moves one of your applications, we send you an email with its new status, in the words of your
        applications page.
      </p>
      {preference.isError ? (
        <p>Your email setting could not be loaded: {firstServerErrorOr(preference.error)}</p>
      ) : null}
      <AlertBanner type="alert-danger" message={change.isError ? firstServerErrorOr(change.error) : null} />
      {on === undefined ? null : (
        <Switch
          label={STATUS_EMAILS_LABEL}
          checked={on}
          disabled={change.isPending}
          onChange={(event) => change.mutate({ statusEmails: event.target.checked })}
        />
      )}
    </section>
  );
}
