import { z } from 'zod';
import {
  assignJobsSchema,
  changeMemberRoleSchema,
  createInvitationSchema,
  invitationPreviewSchema,
  memberParamsSchema,
  membershipSchema,
  teamInvitationSchema,
  teamRemovalSchema,
  teamSchema,
} from '@careers/contracts/employer';
import { problemDetailsSchema } from '@careers/contracts/errors';
import type { App } from '@careers/server-kit/http';
import { bearerSecurity, currentUser, requireRole, authedProblems as problems } from '@careers/server-kit/bearer-auth';
import { publicLogoUrl } from '../business/business.service';
import { EVERY_ROLE, currentMember, requireTeamRole } from './team.hooks';
import {
  acceptInvitation,
  assignJobs,
  cancelInvitation,
  changeRole,
  declineInvitation,
  invitationsForUser,
  invite,
  membershipOf,
  previewInvitation,
  removalOf,
  removeMember,
  resendInvitation,
  teamOf,
} from './team.service';

const tags = ['Employer'];
const idParams = z.object({ id: z.uuid() });

/** A business is a team (docs/decisions/0270): its members, their roles, invitations by e-mail. */
export async function teamRoutes(app: App) {
  const anyMember = requireTeamRole(...EVERY_ROLE);
  const ownerOnly = requireTeamRole('Owner');
  const employerOnly = requireRole('BusinessUser');
  const db = () => app.deps.database.db;
  const mailer = () => ({
    mail: app.deps.mail,
    portalUrl: app.config.portalUrl,
    log: app.log,
    store: app.deps.store,
    logoUrl: (folder: string) => publicLogoUrl(app.deps.storage, app.config.publicBlobBaseUrl, folder),
  });

  app.get(
    '/business/membership',
    {
      preHandler: anyMember,
      schema: {
        tags,
        summary: 'The caller in their business: role, and the jobs given to a hiring manager',
        security: bearerSecurity,
        response: { 200: membershipSchema, ...problems },
      },
    },
    async (request) => membershipOf(db(), currentMember(request)),
  );

  app.get(
    '/business/team',
    {
      preHandler: ownerOnly,
      schema: {
        tags,
        summary: 'The team (owners only): members with their roles, and the invitations not yet accepted',
        security: bearerSecurity,
        response: { 200: teamSchema, ...problems },
      },
    },
    async (request) => teamOf(db(), currentMember(request)),
  );

  app.post(
    '/business/team/invitations',
    {
      preHandler: ownerOnly,
      schema: {
        tags,
        summary: 'Invite an e-mail address with a role (owners only); the e-mail with its link goes at once',
        description: '409 when the address is in the team or invited already; the link works for 7 days.',
        security: bearerSecurity,
        body: createInvitationSchema,
        response: {
          200: teamInvitationSchema,
          ...problems,
          409: problemDetailsSchema,
          429: problemDetailsSchema,
          503: problemDetailsSchema,
        },
      },
    },
    async (request) => invite(db(), mailer(), currentMember(request), request.body),
  );

  app.post(
    '/business/team/invitations/:id/resend',
    {
      preHandler: ownerOnly,
      schema: {
        tags,
        summary: 'Send an invitation again with a new link (the old one stops working) and 7 more days',
        security: bearerSecurity,
        params: idParams,
        response: { 200: teamInvitationSchema, ...problems, 429: problemDetailsSchema, 503: problemDetailsSchema },
      },
    },
    async (request) => resendInvitation(db(), mailer(), currentMember(request), request.params.id),
  );

  app.delete(
    '/business/team/invitations/:id',
    {
      preHandler: ownerOnly,
      schema: {
        tags,
        summary: 'Cancel an invitation: its link stops working; answers the team as it is now',
        security: bearerSecurity,
        params: idParams,
        response: { 200: teamSchema, ...problems },
      },
    },
    async (request) => {
      await cancelInvitation(db(), currentMember(request), request.params.id);
      return teamOf(db(), currentMember(request));
    },
  );

  app.put(
    '/business/team/members/:userId/role',
    {
      preHandler: ownerOnly,
      schema: {
        tags,
        summary: 'Change a member’s role (409 for the last owner)',
        security: bearerSecurity,
        params: memberParamsSchema,
        body: changeMemberRoleSchema,
        response: { 200: teamSchema, ...problems, 409: problemDetailsSchema },
      },
    },
    async (request) => changeRole(db(), currentMember(request), request.params.userId, request.body.role),
  );

  app.put(
    '/business/team/members/:userId/jobs',
    {
      preHandler: ownerOnly,
      schema: {
        tags,
        summary: 'The jobs a hiring manager sees (all of them the business’s own)',
        security: bearerSecurity,
        params: memberParamsSchema,
        body: assignJobsSchema,
        response: { 200: teamSchema, ...problems },
      },
    },
    async (request) => assignJobs(db(), currentMember(request), request.params.userId, request.body.jobIds),
  );

  app.delete(
    '/business/team/members/:userId',
    {
      preHandler: ownerOnly,
      schema: {
        tags,
        summary: 'Remove a member: their next call is refused, whatever token they hold (409 for the last owner)',
        security: bearerSecurity,
        params: memberParamsSchema,
        response: { 200: teamSchema, ...problems, 409: problemDetailsSchema },
      },
    },
    async (request) => removeMember(db(), currentMember(request), request.params.userId),
  );

  app.get(
    '/business/removal',
    {
      preHandler: employerOnly,
      schema: {
        tags,
        summary:
          'For an employer in no business: the business that removed them from its team, and when (null otherwise)',
        security: bearerSecurity,
        response: { 200: teamRemovalSchema, ...problems },
      },
    },
    async (request) => removalOf(db(), currentUser(request)),
  );

  app.get(
    '/business/invitations',
    {
      preHandler: employerOnly,
      schema: {
        tags,
        summary: 'Invitations open to the caller’s proved address (none while it is not proved)',
        security: bearerSecurity,
        response: { 200: z.array(invitationPreviewSchema), ...problems },
      },
    },
    async (request) => invitationsForUser(db(), currentUser(request)),
  );

  app.post(
    '/business/invitations/:id/accept',
    {
      preHandler: employerOnly,
      schema: {
        tags,
        summary: 'Join the business of an invitation sent to the caller’s proved address',
        description: '403 for another address or an unproved one; 409 when the caller is in another business.',
        security: bearerSecurity,
        params: idParams,
        response: { 200: membershipSchema, ...problems, 409: problemDetailsSchema },
      },
    },
    async (request) => acceptInvitation(db(), currentUser(request), request.params.id),
  );

  app.post(
    '/business/invitations/:id/decline',
    {
      preHandler: employerOnly,
      schema: {
        tags,
        summary: 'Decline an invitation sent to the caller’s proved address; answers the invitations still open',
        description: '403 for an unproved address; 404 for an invitation to another address, or none.',
        security: bearerSecurity,
        params: idParams,
        response: { 200: z.array(invitationPreviewSchema), ...problems },
      },
    },
    async (request) => declineInvitation(db(), currentUser(request), request.params.id),
  );

  app.get(
    '/team-invitations/:id',
    {
      schema: {
        tags,
        summary: 'What an invitation link shows before anyone signs in: the business, the address and the role',
        params: idParams,
        querystring: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: invitationPreviewSchema, 400: problemDetailsSchema, 404: problemDetailsSchema },
      },
    },
    async (request) => previewInvitation(db(), request.params.id, request.query.token),
  );
}
