import { AlertBanner } from '../../../components/alert-banner';
import { Button } from '../../../components/button';
import { firstServerErrorOr } from '../../../lib/api-error';
import { notifySuccess } from '../../../lib/toast';
import { useAcceptInvitation, useMyInvitations } from '../api/team';
import { teamRoleDoes, teamRoleLabel } from '../team-roles';

/**
 * For an employer in no business yet: the invitations sent to their (proved) address, each with Join.
 * Someone who created their account from an invitation's link lands here after setting the password.
 */
export function PendingInvitations() {
  const invitations = useMyInvitations(true);
  const accept = useAcceptInvitation();
  if (!invitations.data || invitations.data.length === 0) return null;
  return (
    <section className="employer-page employer-invitations" aria-labelledby="my-invitations-title">
      <h2 id="my-invitations-title">You are invited</h2>
      {accept.isError ? <AlertBanner type="alert-danger" message={firstServerErrorOr(accept.error)} /> : null}
      <ul className="employer-list">
        {invitations.data.map((invitation) => (
          <li key={invitation.id} className="card employer-team__member">
            <p>
              <strong>{invitation.businessName}</strong> invites you as {teamRoleLabel[invitation.role]}:{' '}
              {teamRoleDoes[invitation.role]}.
            </p>
            <div className="employer-job__actions">
              <Button
                busy={accept.isPending && accept.variables === invitation.id}
                onClick={() =>
                  accept.mutate(invitation.id, {
                    onSuccess: () => notifySuccess(`You joined ${invitation.businessName}.`),
                  })
                }
              >
                Join {invitation.businessName}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
