import type {
  ApplicationNote,
  CreateInvitation,
  InvitationPreview,
  Membership,
  Team,
  TeamInvitation,
  TeamRemoval,
  TeamRole,
} from '@careers/contracts/employer';
import { toApiError } from '../../api-error';
import { candidatePublicClient } from '../../candidate-public-client';
import { http } from '../../http-client';

/**
 * A business is a team (docs/decisions/0270): the caller's role, the team (owners), invitations, and the
 * notes on an application.
 */
const seg = encodeURIComponent;

/** GET /business/membership: the caller's role; null when they are in no business (404). */
export async function getMembership(): Promise<Membership | null> {
  try {
    const { data } = await http.candidate.get<Membership>('/business/membership');
    return data;
  } catch (error) {
    if (toApiError(error).status === 404) return null;
    throw error;
  }
}

export async function getTeam(): Promise<Team> {
  return (await http.candidate.get<Team>('/business/team')).data;
}

export async function inviteToTeam(body: CreateInvitation): Promise<TeamInvitation> {
  return (await http.candidate.post<TeamInvitation>('/business/team/invitations', body)).data;
}

export async function resendInvitation(id: string): Promise<void> {
  await http.candidate.post(`/business/team/invitations/${seg(id)}/resend`);
}

export async function cancelInvitation(id: string): Promise<Team> {
  return (await http.candidate.delete<Team>(`/business/team/invitations/${seg(id)}`)).data;
}

export async function changeMemberRole(userId: string, role: TeamRole): Promise<Team> {
  return (await http.candidate.put<Team>(`/business/team/members/${seg(userId)}/role`, { role })).data;
}

export async function assignMemberJobs(userId: string, jobIds: string[]): Promise<Team> {
  return (await http.candidate.put<Team>(`/business/team/members/${seg(userId)}/jobs`, { jobIds })).data;
}

export async function removeMember(userId: string): Promise<Team> {
  return (await http.candidate.delete<Team>(`/business/team/members/${seg(userId)}`)).data;
}

/**
 * GET /business/removal: for an employer in no business, the business that removed them and when (null
 * when none did), so the console says so (docs/decisions/0351).
 */
export async function getTeamRemoval(): Promise<TeamRemoval['removal']> {
  return (await http.candidate.get<TeamRemoval>('/business/removal')).data.removal;
}

/** GET /business/invitations: invitations open to the caller's proved address. */
export async function getMyInvitations(): Promise<InvitationPreview[]> {
  return (await http.candidate.get<InvitationPreview[]>('/business/invitations')).data;
}

export async function acceptInvitation(id: string): Promise<Membership> {
  return (await http.candidate.post<Membership>(`/business/invitations/${seg(id)}/accept`)).data;
}

/** POST /business/invitations/{id}/decline: answers the invitations still open to the caller. */
export async function declineInvitation(id: string): Promise<InvitationPreview[]> {
  return (await http.candidate.post<InvitationPreview[]>(`/business/invitations/${seg(id)}/decline`)).data;
}

/** GET /team-invitations/{id}?token=: what the invitation link shows, before anyone signs in. */
export async function previewInvitation(id: string, token: string): Promise<InvitationPreview> {
  return (await candidatePublicClient.get<InvitationPreview>(`/team-invitations/${seg(id)}`, { params: { token } }))
    .data;
}

export async function addApplicationNote(applicationId: string, body: string): Promise<ApplicationNote> {
  return (await http.candidate.post<ApplicationNote>(`/business/applications/${seg(applicationId)}/notes`, { body }))
    .data;
}
