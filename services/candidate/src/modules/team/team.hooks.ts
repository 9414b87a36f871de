import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TeamRole } from '@careers/contracts/employer';
import { HttpProblem } from '@careers/server-kit/problem';
import { currentUser, requireRole } from '@careers/server-kit/bearer-auth';
import { NO_BUSINESS, resolveMember, roleRefused, type Member } from './team.service';

declare module 'fastify' {
  interface FastifyRequest {
    member: Member | null;
  }
}

export const EVERY_ROLE: readonly TeamRole[] = ['Owner', 'Recruiter', 'HiringManager'];

/**
 * preHandler of every employer call that acts in a business: a BusinessUser token (401/403 as before),
 * then the caller's membership read now, on this request (404 without one: a removed member is out at
 * once, whatever token they hold), then their role (403).
 */
export function requireTeamRole(...roles: TeamRole[]) {
  const employerOnly = requireRole('BusinessUser');
  return async function authorizeMember(request: FastifyRequest, reply: FastifyReply) {
    await employerOnly(request, reply);
    const member = await resolveMember(request.server.deps.database.db, currentUser(request));
    if (!member) throw new HttpProblem(404, NO_BUSINESS);
    if (!roles.includes(member.role)) throw new HttpProblem(403, roleRefused(member.role));
    request.member = member;
  };
}

/** The member of a route guarded by requireTeamRole. */
export function currentMember(request: FastifyRequest): Member {
  if (!request.member) throw new HttpProblem(401, 'Sign in to continue.');
  return request.member;
}
