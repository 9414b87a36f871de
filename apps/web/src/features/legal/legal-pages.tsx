import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SimplePage } from '../../components/simple-page';
import { paths } from '../../lib/paths';

/** A public page (no sign-in) in the plain layout of the not-found page. */
function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <SimplePage title={title}>
      <article className="card legal-page">
        <h1>{title}</h1>
        {children}
      </article>
    </SimplePage>
  );
}

/** /terms: what using the portal means, in plain words (issue 12 item 13). */
export function TermsPage() {
  return (
    <LegalPage title="Terms of Service">
      <p>
        The Careers Portal lets you keep a candidate profile and your CVs, apply to jobs that employers publish here,
        and follow what happens to your applications.
      </p>
      <h2>Your account</h2>
      <p>
        You sign in with a code we send to your email address. Keep access to that address: whoever reads its mail can
        sign in as you.
      </p>
      <h2>What you send us</h2>
      <p>
        Send only your own CVs and true details. When you apply, the employer of that job sees your application, as
        described in our <Link to={paths.privacy}>Privacy Policy</Link>.
      </p>
      <h2>Ending it</h2>
      <p>
        You can delete your account at any time on the Candidate Account page; your profile, CVs, applications and
        messages are deleted with it. Employers decide about jobs and applications themselves; we do not promise that an
        application leads to an answer or a job.
      </p>
    </LegalPage>
  );
}

/** /privacy: what we keep, how long, who sees it, how to have it deleted (issue 12 item 13). */
export function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <h2>What we keep</h2>
      <ul>
        <li>Your account: your email address and your signed-in sessions.</li>
        <li>Your profile: name, phone number and post code.</li>
        <li>Your CVs: the files you upload and the text we read from them, so you can choose one when you apply.</li>
        <li>Your applications: the job, the CV you sent, whether you are ready to work, and every change of status.</li>
        <li>Your CV drops and the messages you send us from the Contact us page.</li>
      </ul>
      <h2>How long</h2>
      <p>
        We keep all of this while your account exists. When you delete your account, we delete your profile, CVs,
        applications, CV drops and messages. You can delete a single CV yourself on the CVs page at any time. Sign-in
        codes, email links, the record of the emails we sent you and of sessions that ended are removed 30 days after
        they were used or expired.
      </p>
      <h2>Who sees it</h2>
      <p>
        You see all of it. An employer sees an application made to one of their jobs: your name, contact details, the CV
        you sent with it and your answers; and a CV you drop with them. Our support team reads the messages you send us.
        We do not sell your data or show it to anyone else.
      </p>
      <h2>How to have it deleted</h2>
      <p>
        Sign in and use the Candidate Account page to delete your account and everything above with it. Deleting asks
        for a code we send to your email address, so only you can do it.
      </p>
    </LegalPage>
  );
}
