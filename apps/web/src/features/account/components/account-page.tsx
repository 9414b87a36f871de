import { Link } from 'react-router';
import { ChangeEmail } from './change-email';
import { DeleteAccount } from './delete-account';
import { ExportData } from './export-data';
import { SignOutEverywhere } from './sign-out-everywhere';
import { StatusEmails } from './status-emails';
import { AccountJobAlerts } from '../../job-alerts/components/account-job-alerts';
import { AccountConsents } from './account-consents';
import './account.css';
import { paths } from '../../../lib/paths';

/** /user-account: the sign-in e-mail address, status e-mails, the devices signed in, exporting the candidate's data, and deleting the account. */
export function AccountPage() {
  return (
    <section className="page account-page" aria-labelledby="account-title">
      <h1 id="account-title">Candidate Account</h1>
      <p className="page__lead">
        The email address you sign in with, and your account itself. Your name, phone number and post code are on your{' '}
        <Link to={paths.profile}>profile</Link>.
      </p>
      <ChangeEmail />
      <StatusEmails />
      <AccountJobAlerts />
      <AccountConsents />
      <SignOutEverywhere />
      <ExportData />
      <DeleteAccount />
    </section>
  );
}
