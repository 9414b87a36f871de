import type {
  ApplicationNote,
  CreateInvitation,
  InvitationPreview,
  Membership,
  Team,
  TeamInvitation,
  TeamRole,
} from '@careers/contracts/employer';
import { toApiError } from '../../api-error';
import { candidatePublicClient } from '../../candidate-public-client';
import { http } from '../../http-client';
import { employerContracts } from '../../schemas';

/**
 * A business is a team (docs/decisions/0270): the caller's role, the team (owners), invitations, and the
 * notes on an application.
 */
const seg = encodeURIComponent;

/** GET /business/membership: the caller's role; null when they are in no business (404). */
export async function getMembership(): Promise<Membership | null> {
  const contracts = employerContracts();
  try {
    const { data } = await http.candidate.get<unknown>('/business/membership');
    return (await contracts).membershipSchema.parse(data);
  } catch (error) {
    if (toApiError(error).status === 404) return null;
    throw error;
  }
}

async function team(data: unknown): Promise<Team> {
  return (await employerContracts()).teamSchema.parse(data);
}

export async function getTeam(): Promise<Team> {
  return team((await http.candidate.get<unknown>('/business/team')).data);
}

export async function inviteToTeam(body: CreateInvitation): Promise<TeamInvitation> {
  const { data } = await http.candidate.post<unknown>('/business/team/invitations', body);
  return (await employerContracts()).teamInvitationSchema.parse(data);
}

export async function resendInvitation(id: string): Promise<void> {
  await http.candidate.post(`/business/team/invitations/${seg(id)}/resend`);
}

export async function cancelInvitation(id: string): Promise<Team> {
  return team((await http.candidate.delete<unknown>(`/business/team/invitations/${seg(id)}`)).data);
}

export async function changeMemberRole(userId: string, role: TeamRole): Promise<Team> {
  return team((await http.candidate.put<unknown>(`/business/team/members/${seg(userId)}/role`, { role })).data);
}

export async function assignMemberJobs(userId: string, jobIds: string[]): Promise<Team> {
  return team((await http.candidate.put<unknown>(`/business/team/members/${seg(userId)}/jobs`, { jobIds })).data);
}

export async function removeMember(userId: string): Promise<Team> {
  return team((await http.candidate.delete<unknown>(`/business/team/members/${seg(userId)}`)).data);
}

/** GET /business/invitations: invitations open to the caller's proved address. */
export async function getMyInvitations(): Promise<InvitationPreview[]> {
  const contracts = employerContracts();
  const { data } = await http.candidate.get<unknown>('/business/invitations');
  return (await contracts).invitationPreviewSchema.array().parse(data);
}

export async function acceptInvitation(id: string): Promise<Membership> {
  const { data } = await http.candidate.post<unknown>(`/business/invitations/${seg(id)}/accept`);
  return (await employerContracts()).membershipSchema.parse(data);
}

/** GET /team-invitations/{id}?token=: what the invitation link shows, before anyone signs in. */
export async function previewInvitation(id: string, token: string): Promise<InvitationPreview> {
  const contracts = employerContracts();
  const { data } = await candidatePublicClient.get<unknown>(`/team-invitations/${seg(id)}`, { params: { token } });
  return (await contracts).invitationPreviewSchema.parse(data);
}

export async function addApplicationNote(applicationId: string, body: string): Promise<ApplicationNote> {
  const { data } = await http.candidate.post<unknown>(`/business/applications/${seg(applicationId)}/notes`, { body });
  return (await employerContracts()).applicationNoteSchema.parse(data);
}
