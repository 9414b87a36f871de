import { useState } from 'react';
import type { EmployerJob, TeamInvitation, TeamMember, TeamRole } from '@careers/contracts/employer';
import { ResultStatus, useActionResult } from '../../../components/action-result';
import { AlertBanner } from '../../../components/alert-banner';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Spinner } from '../../../components/spinner';
import { TextInput } from '../../../components/text-input';
import { firstServerErrorOr } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/toast';
import { useAuth } from '../../../lib/use-auth';
import { useValidatedForm } from '../../../lib/validation';
import {
  useAssignJobs,
  useJobsToAssign,
  useCancelInvitation,
  useChangeRole,
  useInvite,
  useRemoveMember,
  useResendInvitation,
  useTeam,
} from '../api/team';
import { teamRoleDoes, teamRoleLabel, teamRolesInOrder } from '../team-roles';
import { SelectField } from './select-field';

interface InviteValues {
  email: string;
  role: TeamRole;
}

function RoleOptions() {
  return teamRolesInOrder.map((role) => (
    <option key={role} value={role}>
      {teamRoleLabel[role]}
    </option>
  ));
}

function InviteForm() {
  const invite = useInvite();
  const [sent, showSent, clearSent] = useActionResult();
  const form = useValidatedForm<InviteValues>(
    () => import('@careers/contracts/employer').then((module) => module.createInvitationSchema),
    { defaultValues: { email: '', role: 'Recruiter' } },
  );
  const { errors } = form.formState;
  return (
    <form
      className="employer-form card"
      noValidate
      aria-labelledby="invite-title"
      onSubmit={form.handleSubmit((values) => {
        clearSent();
        invite.mutate(values, {
          onSuccess: () => {
            showSent(`Invitation sent to ${values.email.trim()}.`);
            form.reset({ email: '', role: values.role });
          },
        });
      })}
    >
      <h2 id="invite-title">Invite someone</h2>
      {invite.isError ? <AlertBanner type="alert-danger" message={firstServerErrorOr(invite.error)} /> : null}
      <div className="employer-form__grid">
        <TextInput
          label="Email address"
          type="email"
          autoComplete="off"
          inputMode="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <SelectField label="Role" error={errors.role?.message} {...form.register('role')}>
          <RoleOptions />
        </SelectField>
      </div>
      <ul className="employer-team__roles">
        {teamRolesInOrder.map((role) => (
          <li key={role}>
            <strong>{teamRoleLabel[role]}</strong>: {teamRoleDoes[role]}.
          </li>
        ))}
      </ul>
      <div className="employer-form__actions">
        <Button type="submit" busy={invite.isPending}>
          Send invitation
        </Button>
      </div>
      <ResultStatus result={sent} />
    </form>
  );
}

function AssignedJobs({ member, jobs }: { member: TeamMember; jobs: EmployerJob[] }) {
  const assign = useAssignJobs();
  const [chosen, setChosen] = useState<string[]>(member.assignedJobIds);
  const who = member.name ?? member.email;
  return (
    <fieldset className="employer-team__jobs">
      <legend>Jobs {who} sees</legend>
      {jobs.length === 0 ? <p className="muted">No jobs yet.</p> : null}
      {jobs.map((job) => (
        <label key={job.id} className="employer-team__job">
          <input
            type="checkbox"
            checked={chosen.includes(job.id)}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              setChosen((list) => (on ? [...list, job.id] : list.filter((id) => id !== job.id)));
            }}
          />
          <span>{job.title}</span>
        </label>
      ))}
      {jobs.length > 0 ? (
        <Button
          variant="secondary"
          busy={assign.isPending}
          onClick={() =>
            assign.mutate(
              { userId: member.userId, jobIds: chosen },
              {
                onSuccess: () => notifySuccess(`Jobs saved for ${who}.`),
                onError: (error) => notifyError(firstServerErrorOr(error)),
              },
            )
          }
        >
          Save jobs
        </Button>
      ) : null}
    </fieldset>
  );
}

/**
 * Keyed by the person only: a remount on the change's own answer would drop the change's toast (react-query
 * calls a mutate's callbacks only while the component that made it is mounted).
 */
function MemberRow({
  member,
  isMe,
  onlyOwner,
  jobs,
}: {
  member: TeamMember;
  isMe: boolean;
  /** The business's one owner: the service refuses to demote or remove them, so nothing here offers it. */
  onlyOwner: boolean;
  jobs: EmployerJob[];
}) {
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const [role, setRole] = useState<TeamRole>(member.role);
  const [confirming, setConfirming] = useState(false);
  const who = member.name ?? member.email;
  return (
    <li className="employer-team__member card">
      <div className="employer-job__head">
        <h3 className="employer-team__name">
          {who}
          {isMe ? <span className="muted"> (you)</span> : null}
        </h3>
        <Badge tone={member.role === 'Owner' ? 'info' : 'neutral'} srPrefix="Role:">
          {teamRoleLabel[member.role]}
        </Badge>
      </div>
      <p className="employer-job__facts">
        <span className="employer-team__email">{member.email}</span>
        <span>Joined {formatDate(member.joinedOn)}</span>
      </p>
      <form
        className="employer-team__role"
        aria-label={`Role of ${who}`}
        onSubmit={(event) => {
          event.preventDefault();
          changeRole.mutate(
            { userId: member.userId, role },
            {
              onSuccess: () => notifySuccess(`${who} is now ${teamRoleLabel[role]}.`),
              onError: (error) => {
                setRole(member.role);
                notifyError(firstServerErrorOr(error));
              },
            },
          );
        }}
      >
        {onlyOwner ? (
          <p className="muted">
            {isMe ? 'You are' : `${who} is`} the only owner. Make another member an owner before changing this role or
            leaving the team.
          </p>
        ) : (
          <>
            <SelectField label="Role" value={role} onChange={(event) => setRole(event.currentTarget.value as TeamRole)}>
              <RoleOptions />
            </SelectField>
            <div className="employer-job__actions">
              <Button type="submit" variant="secondary" busy={changeRole.isPending} disabled={role === member.role}>
                Change role
              </Button>
              <Button variant="danger-secondary" onClick={() => setConfirming(true)}>
                Remove
              </Button>
            </div>
          </>
        )}
      </form>
      {member.role === 'HiringManager' ? <AssignedJobs member={member} jobs={jobs} /> : null}
      <ConfirmDialog
        open={confirming}
        destructive
        title={`Remove ${who}?`}
        message={`${who} loses access to this business at once: its jobs, applications and notes. Their notes and moves stay in the history. You can invite them again later.`}
        confirmLabel="Remove from the team"
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(member.userId, {
            onSuccess: () => {
              setConfirming(false);
              notifySuccess(`${who} was removed from the team.`);
            },
            onError: (error) => {
              setConfirming(false);
              notifyError(firstServerErrorOr(error));
            },
          })
        }
      />
    </li>
  );
}

function InvitationRow({ invitation }: { invitation: TeamInvitation }) {
  const resend = useResendInvitation();
  const cancel = useCancelInvitation();
  return (
    <li className="employer-team__member card">
      <div className="employer-job__head">
        <h3 className="employer-team__name employer-team__email">{invitation.email}</h3>
        <Badge tone="warning" srPrefix="Invited as:">
          {teamRoleLabel[invitation.role]}
        </Badge>
      </div>
      <p className="employer-job__facts">
        <span>Sent {formatDate(invitation.sentOn)}</span>
        <span>Link works until {formatDate(invitation.expiresOn)}</span>
      </p>
      <div className="employer-job__actions">
        <Button
          variant="secondary"
          busy={resend.isPending}
          aria-label={`Resend the invitation to ${invitation.email}`}
          onClick={() =>
            resend.mutate(invitation.id, {
              onSuccess: () => notifySuccess(`Invitation sent again to ${invitation.email}.`),
              onError: (error) => notifyError(firstServerErrorOr(error)),
            })
          }
        >
          Resend
        </Button>
        <Button
          variant="danger-secondary"
          busy={cancel.isPending}
          aria-label={`Cancel the invitation to ${invitation.email}`}
          onClick={() =>
            cancel.mutate(invitation.id, {
              onSuccess: () => notifySuccess(`Invitation to ${invitation.email} cancelled.`),
              onError: (error) => notifyError(firstServerErrorOr(error)),
            })
          }
        >
          Cancel invitation
        </Button>
      </div>
    </li>
  );
}

/** /employer/team (owners): who is in the business, with which role; invitations by e-mail. */
export function TeamPage() {
  const team = useTeam();
  const jobs = useJobsToAssign();
  const { auth } = useAuth();
  return (
    <section className="page employer-page" aria-labelledby="team-title">
      <h1 id="team-title">Team</h1>
      <p className="page__lead">
        Invite the people who hire with you. Owners do everything, recruiters handle jobs and applications, hiring
        managers read the applications of the jobs you give them and leave notes.
      </p>
      <InviteForm />
      {team.isPending ? <Spinner label="Loading the team" /> : null}
      {team.isError ? <AlertBanner type="alert-danger" message={firstServerErrorOr(team.error)} /> : null}
      {team.data ? (
        <>
          <section aria-labelledby="members-title" className="employer-team">
            <h2 id="members-title">Members ({team.data.members.length})</h2>
            <ul className="employer-list">
              {team.data.members.map((member) => (
                <MemberRow
                  key={member.userId}
                  member={member}
                  isMe={member.email.toLowerCase() === (auth.email ?? '').toLowerCase()}
                  onlyOwner={
                    member.role === 'Owner' && team.data.members.filter((other) => other.role === 'Owner').length === 1
                  }
                  jobs={jobs.data ?? []}
                />
              ))}
            </ul>
          </section>
          <section aria-labelledby="invitations-title" className="employer-team">
            <h2 id="invitations-title">Pending invitations ({team.data.invitations.length})</h2>
            {team.data.invitations.length === 0 ? (
              <p className="muted">No invitations waiting for an answer.</p>
            ) : (
              <ul className="employer-list">
                {team.data.invitations.map((invitation) => (
                  <InvitationRow key={invitation.id} invitation={invitation} />
                ))}
              </ul>
            )}
          </section>
        </>
      ) : null}
    </section>
  );
}
