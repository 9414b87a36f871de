import { PageTitle } from '../../../components/page-title';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvitationPreview } from '@careers/contracts/employer';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { TextInput } from '../../../components/text-input';
import { firstServerErrorOr } from '../../../lib/api-error';
import { previewInvitation } from '../../../lib/api/candidate/business-team';
import { isEmployer } from '../../../lib/roles';
import { signOut } from '../../../lib/session/sign-out';
import { useAuth } from '../../../lib/use-auth';
import { useValidatedForm } from '../../../lib/validation';
import { useAcceptInvitation, useDeclineInvitation } from '../api/team';
import { signUpInvitedEmployer } from '../employer-session';
import { employerPaths } from '../paths';
import { teamRoleDoes, teamRoleLabel } from '../team-roles';

interface NewAccountValues {
  name: string;
  phone: string;
}

/** No employer account yet: one is registered for the invited address; its welcome e-mail sets the password. */
function CreateAccount({ invitation }: { invitation: InvitationPreview }) {
  const [alert, setAlert] = useState<string | null>(null);
  const form = useValidatedForm<NewAccountValues>(
    () => import('../forms').then((module) => module.employerSignupFormSchema.pick({ name: true, phone: true })),
    { defaultValues: { name: '', phone: '' } },
  );
  const signup = useMutation({
    mutationFn: (values: NewAccountValues) => signUpInvitedEmployer({ ...values, email: invitation.email }),
    onError: (error) => setAlert(firstServerErrorOr(error)),
  });
  if (signup.isSuccess)
    return (
      <AlertBanner
        type="alert-success"
        message={`Check your inbox at ${invitation.email}: the link we sent sets your password and opens the console, where your invitation to ${invitation.businessName} waits.`}
      />
    );
  const { errors } = form.formState;
  return (
    <form
      className="auth-form__fields"
      noValidate
      aria-labelledby="join-new-title"
      onSubmit={form.handleSubmit((values) => {
        setAlert(null);
        signup.mutate(values);
      })}
    >
      <h2 id="join-new-title" className="join-team__subtitle">
        New here? Create your employer account
      </h2>
      <AlertBanner type="alert-danger" message={alert} onClose={() => setAlert(null)} />
      <TextInput label="Email" value={invitation.email} readOnly />
      <TextInput label="Your name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
      <TextInput
        label="Phone"
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...form.register('phone')}
      />
      <Button type="submit" variant="secondary" busy={signup.isPending} fullWidth>
        Create account
      </Button>
    </form>
  );
}

/** /employer/join/{id}/{token}: the team invitation e-mail's link. */
export function JoinTeamPage({ invitationId, token }: { invitationId: string; token: string }) {
  const { auth, isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const preview = useQuery({
    queryKey: ['employer', 'invitation', invitationId, token],
    queryFn: () => previewInvitation(invitationId, token),
    retry: false,
  });
  const here = employerPaths.join(invitationId, token);

  if (preview.isPending) return <Spinner label="Loading the invitation" />;
  if (!preview.data)
    return (
      <section className="auth-form" aria-labelledby="join-title">
        <header className="auth-form__header">
          <PageTitle title="Invitation · Employer" />
          <h1 id="join-title">Invitation</h1>
        </header>
        <AlertBanner type="alert-danger" message={firstServerErrorOr(preview.error)} />
        <p className="auth-form__switch">
          <Link to={employerPaths.login}>Go to the employer sign-in</Link>
        </p>
      </section>
    );

  const invitation = preview.data;
  const signedInAs = isAuthenticated ? (auth.email ?? '') : null;
  const sameAddress = signedInAs !== null && signedInAs.toLowerCase() === invitation.email.toLowerCase();
  let action;
  if (signedInAs === null) {
    action = (
      <>
        <Link
          className="btn btn--primary btn--full"
          to={`${employerPaths.login}?returnUrl=${encodeURIComponent(here)}`}
        >
          Sign in to join
        </Link>
        <CreateAccount invitation={invitation} />
      </>
    );
  } else if (sameAddress && isEmployer(auth) && decline.isSuccess) {
    action = (
      <>
        <p className="auth-form__notice" role="status">
          You declined the invitation to join {invitation.businessName}.
        </p>
        <Link className="btn btn--secondary btn--full" to={employerPaths.jobs}>
          Open the employer console
        </Link>
      </>
    );
  } else if (sameAddress && isEmployer(auth)) {
    const failure = accept.error ?? decline.error;
    action = (
      <>
        {failure ? <AlertBanner type="alert-danger" message={firstServerErrorOr(failure)} /> : null}
        <Button
          fullWidth
          busy={accept.isPending}
          disabled={decline.isPending}
          onClick={() => accept.mutate(invitation.id, { onSuccess: () => navigate(employerPaths.jobs) })}
        >
          Join {invitation.businessName}
        </Button>
        <Button
          fullWidth
          variant="secondary"
          busy={decline.isPending}
          disabled={accept.isPending}
          onClick={() => decline.mutate(invitation.id)}
        >
          Decline
        </Button>
      </>
    );
  } else {
    action = (
      <>
        <p className="auth-form__notice" role="status">
          You are signed in as {signedInAs}
          {isEmployer(auth) ? '' : ' (a candidate account)'}. This invitation is for the employer account of{' '}
          {invitation.email}: log out, then sign in with that address.
        </p>
        <Button fullWidth variant="secondary" onClick={() => void signOut(queryClient)}>
          Logout
        </Button>
      </>
    );
  }
  return (
    <section className="auth-form" aria-labelledby="join-title">
      <header className="auth-form__header">
        <PageTitle title={`Join ${invitation.businessName} · Employer`} />
        <h1 id="join-title">Join {invitation.businessName}</h1>
        <p>
          You are invited as <strong>{teamRoleLabel[invitation.role]}</strong>: {teamRoleDoes[invitation.role]}. The
          invitation is for {invitation.email}.
        </p>
        {invitation.invitedBy ? <p>Invited by {invitation.invitedBy}.</p> : null}
      </header>
      {action}
    </section>
  );
}
