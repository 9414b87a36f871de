import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { InvitationPreview } from '@careers/contracts/employer';
import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { usePageTitle } from '../../../components/page-title';
import { firstServerErrorOr } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { notifySuccess } from '../../../lib/toast';
import { useAcceptInvitation, useDeclineInvitation } from '../api/team';
import { employerPaths } from '../paths';
import { teamRoleDoes, teamRoleLabel } from '../team-roles';
import './first-hour.css';

function InvitationCard({ invitation }: { invitation: InvitationPreview }) {
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const [confirmingDecline, setConfirmingDecline] = useState(false);
  const name = invitation.businessName;
  const titleId = `invitation-${invitation.id}`;
  const failure = accept.error ?? decline.error;

  const join = () =>
    accept.mutate(invitation.id, {
      onSuccess: () => {
        notifySuccess(`You joined ${name}.`);
        navigate(employerPaths.jobs, { replace: true });
      },
    });
  const declineIt = () =>
    decline.mutate(invitation.id, {
      onSuccess: () => notifySuccess(`You declined the invitation to join ${name}.`),
    });

  return (
    <li className="card employer-invitation">
      <h2 id={titleId} className="employer-invitation__business">
        {name}
      </h2>
      <dl className="employer-invitation__facts">
        <div>
          <dt>Invited by</dt>
          <dd>{invitation.invitedBy ?? `A member of ${name}'s team`}</dd>
        </div>
        <div>
          <dt>Your role</dt>
          <dd>
            <strong>{teamRoleLabel[invitation.role]}</strong>: {teamRoleDoes[invitation.role]}
          </dd>
        </div>
        <div>
          <dt>For</dt>
          <dd>{invitation.email}</dd>
        </div>
        <div>
          <dt>Open until</dt>
          <dd>{formatDate(invitation.expiresOn)}</dd>
        </div>
      </dl>
      {failure ? <AlertBanner type="alert-danger" message={firstServerErrorOr(failure)} /> : null}
      {confirmingDecline ? (
        <div
          className="employer-invitation__confirm"
          role="group"
          aria-label={`Decline the invitation to join ${name}?`}
        >
          <p>
            Decline the invitation to join {name}? It stops working; only {name} can invite you again.
          </p>
          <div className="employer-job__actions">
            <Button variant="danger" busy={decline.isPending} onClick={declineIt}>
              Decline the invitation
            </Button>
            <Button variant="secondary" disabled={decline.isPending} onClick={() => setConfirmingDecline(false)}>
              Keep it
            </Button>
          </div>
        </div>
      ) : (
        <div className="employer-job__actions">
          <Button busy={accept.isPending} onClick={join}>
            Join {name}
          </Button>
          <Button variant="secondary" disabled={accept.isPending} onClick={() => setConfirmingDecline(true)}>
            Decline
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * The console of an employer in no business who is invited to one: the invitation and nothing else (no
 * set-up form beside it), so that the person a team invited joins it rather than making a business of
 * their own by mistake. Declining every invitation leads to the set-up form.
 */
export function PendingInvitations({ invitations }: { invitations: InvitationPreview[] }) {
  const only = invitations.length === 1 ? invitations[0] : undefined;
  const title = only ? `You are invited to join ${only.businessName}` : 'You are invited';
  usePageTitle(only ? `Invitation to join ${only.businessName} · Employer` : 'Invitations · Employer');
  return (
    <section className="page employer-page employer-invitations" aria-labelledby="my-invitations-title">
      <h1 id="my-invitations-title" tabIndex={-1}>
        {title}
      </h1>
      <p className="page__lead">
        {only
          ? 'Join the team to open its console: its jobs, applications and candidates, as your role allows.'
          : 'Each business invited you to its team. An employer account is in one business: choose the one to join.'}
      </p>
      <ul className="employer-list">
        {invitations.map((invitation) => (
          <InvitationCard key={invitation.id} invitation={invitation} />
        ))}
      </ul>
    </section>
  );
}
