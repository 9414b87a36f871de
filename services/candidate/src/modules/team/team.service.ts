import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type {
  CreateInvitation,
  InvitationPreview,
  Membership,
  Team,
  TeamInvitation,
  TeamRemoval,
  TeamRole,
} from '@careers/contracts/employer';
import type { FastifyBaseLogger } from 'fastify';
import type { MailTransport } from '@careers/server-kit/mail';
import type { RateLimitStore } from '@careers/server-kit/rate-limit';
import { HttpProblem } from '@careers/server-kit/problem';
import type { Selectable } from 'kysely';
import type { BusinessesTable, Db } from '../../db';
import type { AuthUser } from '@careers/server-kit/bearer-auth';
import { ROLE_WORDS, teamInvitationMail } from './team-mail';
import { forgetTeamRemovals, latestTeamRemoval, recordTeamRemoval } from './team-removals';
import {
  assignedJobIds,
  businessName,
  countJobsOfBusiness,
  countOwners,
  leaveEveryTeam as leaveTeams,
  deleteInvitation,
  deleteMember,
  findInvitation,
  findInvitationByAddress,
  findMember,
  findMemberContact,
  findMembershipOfUser,
  insertInvitation,
  insertMember,
  invitationsToAddress,
  isJobAssigned,
  listInvitations,
  listMembers,
  renewInvitation,
  replaceAssignments,
  setMemberRole,
  updateMemberContact,
  type InvitationRow,
} from './team.repository';

export { ROLE_WORDS };
/** Creating a business makes its creator the first owner (business.service). */
export { findMembershipOfUser, insertMember };
/** A deleted account leaves its team (account notices), and what the console kept of its removals goes. */
export async function leaveEveryTeam(db: Db, userId: string): Promise<void> {
  await leaveTeams(db, userId);
  await forgetTeamRemovals(db, userId);
}

type BusinessRow = Selectable<BusinessesTable>;

/** The caller as a member of their business: every employer use case acts for one of these. */
export interface Member {
  userId: string;
  email: string;
  name: string | null;
  /** How the history and the notes name them. */
  displayName: string;
  emailVerified: boolean | null;
  role: TeamRole;
  business: BusinessRow;
}

export const NO_BUSINESS = 'Create your business first (POST /business).';
export const INVITATION_DAYS = 7;
export const INVITATION_NOT_VALID =
  'This invitation is not valid any more: it was cancelled, already used, or it expired. Ask the business for a new one.';
export const MEMBER_NOT_FOUND = 'This person is not in your team.';
export const INVITATION_NOT_FOUND = 'The invitation was not found.';
export const LAST_OWNER = 'A business needs at least one owner: make someone else an owner first.';
export const INVITE_NEEDS_PROVED_ADDRESS =
  'Confirm your e-mail address first: open the link we sent you, then accept the invitation.';
export const INVITATION_NOT_SENT = 'The invitation e-mail could not be sent. Nothing was saved; please try again.';

export const roleRefused = (role: TeamRole) =>
  `Your role in this business (${ROLE_WORDS[role]}) does not allow this. Ask an owner of the business.`;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** How a member is named to others: as the history, the notes and the invitation e-mail name them. */
const displayNameOf = (contact: { name: string | null; email: string }) => contact.name?.trim() || contact.email;

/** The caller's membership, or nothing: read on every employer request, so a removed member is out at once. */
export async function resolveMember(db: Db, user: AuthUser): Promise<Member | undefined> {
  const found = await findMembershipOfUser(db, user.userId);
  if (!found) return undefined;
  // The address and name live at the identity service; the team list shows them as the token says now.
  if (found.member.email !== user.email || found.member.name !== user.name)
    await updateMemberContact(db, user.userId, user.email, user.name);
  return {
    userId: user.userId,
    email: user.email,
    name: user.name,
    displayName: displayNameOf(user),
    emailVerified: user.emailVerified,
    role: found.member.role,
    business: found.business,
  };
}

/** A hiring manager sees only the jobs given to them; every other role sees all of the business's. */
export async function memberMaySeeJob(db: Db, member: Member, jobId: string): Promise<boolean> {
  if (member.role !== 'HiringManager') return true;
  return isJobAssigned(db, jobId, member.userId);
}

export async function membershipOf(db: Db, member: Member): Promise<Membership> {
  const jobs =
    member.role === 'HiringManager'
      ? ((await assignedJobIds(db, member.business.id, [member.userId])).get(member.userId) ?? [])
      : [];
  return { businessId: member.business.id, userId: member.userId, role: member.role, assignedJobIds: jobs };
}

function toInvitation(row: InvitationRow): TeamInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    sentOn: row.sent_at.toISOString(),
    expiresOn: row.expires_at.toISOString(),
  };
}

export async function teamOf(db: Db, member: Member): Promise<Team> {
  const [members, invitations] = await Promise.all([
    listMembers(db, member.business.id),
    listInvitations(db, member.business.id, new Date()),
  ]);
  const jobs = await assignedJobIds(
    db,
    member.business.id,
    members.map((m) => m.user_id),
  );
  return {
    members: members.map((m) => ({
      userId: m.user_id,
      email: m.email,
      name: m.name,
      role: m.role,
      joinedOn: m.joined_at.toISOString(),
      assignedJobIds: jobs.get(m.user_id) ?? [],
    })),
    invitations: invitations.map(toInvitation),
  };
}

export interface InvitationMailer {
  mail: MailTransport;
  portalUrl: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Counts the invitation e-mails, so that no one can make the service bomb an address. */
  store: Pick<RateLimitStore, 'hit'>;
  /** The address of a business's logo when it has one (its image folder given), for the e-mail's header. */
  logoUrl?: (imageRelativeDirectory: string) => Promise<string | undefined>;
}

/** Invitation e-mails an hour: per business, and to one address from every business together. */
export const INVITATIONS_PER_BUSINESS_PER_HOUR = 30;
export const INVITATIONS_PER_ADDRESS_PER_HOUR = 3;
export const TOO_MANY_INVITATIONS = 'Too many invitation e-mails were sent in the last hour. Please try again later.';

async function countInvitationMail(mailer: InvitationMailer, businessId: string, email: string) {
  for (const [key, limit] of [
    [`team-invitation:business:${businessId}`, INVITATIONS_PER_BUSINESS_PER_HOUR],
    [`team-invitation:to:${email.toLowerCase()}`, INVITATIONS_PER_ADDRESS_PER_HOUR],
  ] as const) {
    const hit = await mailer.store.hit(key, limit, 3600);
    if (!hit.allowed)
      throw new HttpProblem(429, TOO_MANY_INVITATIONS, { headers: { 'Retry-After': String(hit.retryAfterSeconds) } });
  }
}

async function sendInvitation(mailer: InvitationMailer, member: Member, row: InvitationRow, token: string) {
  await countInvitationMail(mailer, member.business.id, row.email);
  await mailer.mail.send(
    teamInvitationMail({
      to: row.email,
      businessName: member.business.name,
      inviterName: member.displayName,
      role: row.role,
      url: `${mailer.portalUrl}/employer/join/${row.id}/${token}`,
      expiresAt: row.expires_at,
      validityDays: INVITATION_DAYS,
      logoUrl: await mailer.logoUrl?.(member.business.image_relative_directory).catch(() => undefined),
    }),
  );
}

function freshToken(now: Date) {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token), expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000) };
}

/** Invites an address with a role: 409 when it is in the team or invited already; the e-mail goes at once. */
export async function invite(
  db: Db,
  mailer: InvitationMailer,
  member: Member,
  body: CreateInvitation,
): Promise<TeamInvitation> {
  const email = body.email.trim();
  const lower = email.toLowerCase();
  const members = await listMembers(db, member.business.id);
  if (members.some((m) => m.email.toLowerCase() === lower))
    throw new HttpProblem(409, `${email} is already in your team.`);
  const pending = await findInvitationByAddress(db, member.business.id, email);
  const now = new Date();
  if (pending && pending.expires_at > now)
    throw new HttpProblem(409, `${email} is invited already: resend that invitation instead.`);
  if (pending) await deleteInvitation(db, pending.id);
  const { token, hash, expiresAt } = freshToken(now);
  const row: InvitationRow = {
    id: randomUUID(),
    business_id: member.business.id,
    email,
    role: body.role,
    token_hash: hash,
    invited_by: member.userId,
    created_at: now,
    sent_at: now,
    expires_at: expiresAt,
  };
  await insertInvitation(db, row);
  try {
    await sendInvitation(mailer, member, row, token);
  } catch (err) {
    await deleteInvitation(db, row.id);
    if (err instanceof HttpProblem) throw err;
    mailer.log.warn({ err, invitationId: row.id }, 'team invitation e-mail not sent');
    throw new HttpProblem(503, INVITATION_NOT_SENT, { headers: { 'Retry-After': '30' } });
  }
  return toInvitation(row);
}

async function requireOwnInvitation(db: Db, member: Member, id: string): Promise<InvitationRow> {
  const row = await findInvitation(db, id);
  if (!row || row.business_id !== member.business.id) throw new HttpProblem(404, INVITATION_NOT_FOUND);
  return row;
}

/** A new link (the old one stops working) and seven more days. */
export async function resendInvitation(
  db: Db,
  mailer: InvitationMailer,
  member: Member,
  id: string,
): Promise<TeamInvitation> {
  const row = await requireOwnInvitation(db, member, id);
  const now = new Date();
  const { token, hash, expiresAt } = freshToken(now);
  try {
    await sendInvitation(mailer, member, { ...row, expires_at: expiresAt }, token);
  } catch (err) {
    if (err instanceof HttpProblem) throw err;
    mailer.log.warn({ err, invitationId: row.id }, 'team invitation e-mail not sent');
    throw new HttpProblem(503, 'The invitation e-mail could not be sent. Please try again.', {
      headers: { 'Retry-After': '30' },
    });
  }
  await renewInvitation(db, row.id, hash, now, expiresAt);
  return toInvitation({ ...row, token_hash: hash, sent_at: now, expires_at: expiresAt });
}

export async function cancelInvitation(db: Db, member: Member, id: string): Promise<void> {
  await requireOwnInvitation(db, member, id);
  await deleteInvitation(db, id);
}

/** Changes a member's role; the last owner stays an owner. */
export async function changeRole(db: Db, member: Member, userId: string, role: TeamRole): Promise<Team> {
  await db.transaction().execute(async (trx) => {
    // The owners are locked first, then the target: concurrent changes take their locks in one order.
    const owners = await countOwners(trx, member.business.id);
    const target = await findMember(trx, member.business.id, userId);
    if (!target) throw new HttpProblem(404, MEMBER_NOT_FOUND);
    if (target.role === 'Owner' && role !== 'Owner' && owners <= 1) throw new HttpProblem(409, LAST_OWNER);
    await setMemberRole(trx, member.business.id, userId, role);
  });
  return teamOf(db, member);
}

/**
 * Removes a member: their next request finds no membership, whatever token they hold; the removal is kept
 * (the console tells them) and goes to the identity service, which ends their sessions (decision 0351).
 */
export async function removeMember(db: Db, member: Member, userId: string): Promise<Team> {
  await db.transaction().execute(async (trx) => {
    const owners = await countOwners(trx, member.business.id);
    const target = await findMember(trx, member.business.id, userId);
    if (!target) throw new HttpProblem(404, MEMBER_NOT_FOUND);
    if (target.role === 'Owner' && owners <= 1) throw new HttpProblem(409, LAST_OWNER);
    await deleteMember(trx, member.business.id, userId);
    await recordTeamRemoval(
      trx,
      { businessId: member.business.id, businessName: member.business.name, userId },
      new Date(),
    );
  });
  return teamOf(db, member);
}

/**
 * For an employer in no business: the business that last removed them and when, so the console says so
 * instead of offering to set up a business as if nothing happened. Null for a member of a business now.
 */
export async function removalOf(db: Db, user: AuthUser): Promise<TeamRemoval> {
  if (await findMembershipOfUser(db, user.userId)) return { removal: null };
  const found = await latestTeamRemoval(db, user.userId);
  return { removal: found ? { businessName: found.businessName, removedOn: found.removedAt.toISOString() } : null };
}

/** The jobs a hiring manager sees, all of them the business's own. */
export async function assignJobs(db: Db, member: Member, userId: string, jobIds: string[]): Promise<Team> {
  const unique = [...new Set(jobIds)];
  await db.transaction().execute(async (trx) => {
    const target = await findMember(trx, member.business.id, userId);
    if (!target) throw new HttpProblem(404, MEMBER_NOT_FOUND);
    if ((await countJobsOfBusiness(trx, member.business.id, unique)) !== unique.length)
      throw new HttpProblem(400, 'Every job given must be one of your business’s jobs.');
    await replaceAssignments(trx, member.business.id, userId, unique);
  });
  return teamOf(db, member);
}

async function validInvitation(db: Db, id: string): Promise<InvitationRow> {
  const row = await findInvitation(db, id);
  if (!row || row.expires_at <= new Date()) throw new HttpProblem(404, INVITATION_NOT_VALID);
  return row;
}

/** What the invitation link's page shows; only with the link's token. */
export async function previewInvitation(db: Db, id: string, token: string): Promise<InvitationPreview> {
  const row = await validInvitation(db, id);
  const given = Buffer.from(hashToken(token));
  const kept = Buffer.from(row.token_hash);
  if (given.length !== kept.length || !timingSafeEqual(given, kept)) throw new HttpProblem(404, INVITATION_NOT_VALID);
  const [business, inviter] = await Promise.all([
    businessName(db, row.business_id),
    findMemberContact(db, row.business_id, row.invited_by),
  ]);
  return {
    id: row.id,
    businessName: business?.name ?? '',
    email: row.email,
    role: row.role,
    expiresOn: row.expires_at.toISOString(),
    invitedBy: inviter ? displayNameOf(inviter) : null,
  };
}

/** Open invitations to the caller's proved address (none while it is not proved). */
export async function invitationsForUser(db: Db, user: AuthUser): Promise<InvitationPreview[]> {
  if (user.emailVerified !== true) return [];
  const rows = await invitationsToAddress(db, user.email, new Date());
  return rows.map((r) => ({
    id: r.id,
    businessName: r.business_name,
    email: r.email,
    role: r.role,
    expiresOn: r.expires_at.toISOString(),
    invitedBy: r.inviter_email === null ? null : displayNameOf({ name: r.inviter_name, email: r.inviter_email }),
  }));
}

/**
 * Declines an invitation sent to the caller's proved address: it is gone, as if cancelled, and the owner
 * can invite the address again. Answers the invitations still open to the caller.
 */
export async function declineInvitation(db: Db, user: AuthUser, id: string): Promise<InvitationPreview[]> {
  if (user.emailVerified !== true) throw new HttpProblem(403, INVITE_NEEDS_PROVED_ADDRESS);
  const row = await findInvitation(db, id);
  // Someone else's invitation is not theirs to know about: the same answer as none.
  if (!row || row.email.toLowerCase() !== user.email.toLowerCase()) throw new HttpProblem(404, INVITATION_NOT_FOUND);
  await deleteInvitation(db, row.id);
  return invitationsForUser(db, user);
}

/** Whether the business is more than its first owner: another member, or an invitation still open. */
export async function hasColleagueOrInvitation(db: Db, businessId: string, now: Date): Promise<boolean> {
  const [members, invitations] = await Promise.all([listMembers(db, businessId), listInvitations(db, businessId, now)]);
  return members.length > 1 || invitations.length > 0;
}

/**
 * Joins the business of an invitation sent to the caller's proved address. The address is what the owner
 * chose; the identity service proved the caller holds it, so the link's token is not needed here.
 */
export async function acceptInvitation(db: Db, user: AuthUser, id: string): Promise<Membership> {
  if (user.emailVerified !== true) throw new HttpProblem(403, INVITE_NEEDS_PROVED_ADDRESS);
  const row = await validInvitation(db, id);
  if (row.email.toLowerCase() !== user.email.toLowerCase())
    throw new HttpProblem(
      403,
      `This invitation was sent to ${row.email}; you are signed in as ${user.email}. Sign in with the invited address to accept it.`,
    );
  const existing = await findMembershipOfUser(db, user.userId);
  if (existing && existing.business.id === row.business_id) {
    await deleteInvitation(db, row.id);
  } else if (existing) {
    throw new HttpProblem(
      409,
      `You already belong to ${existing.business.name}: an employer account is in one business. Use another address for this one.`,
    );
  } else {
    await db.transaction().execute(async (trx) => {
      const joined = await insertMember(trx, {
        business_id: row.business_id,
        user_id: user.userId,
        email: user.email,
        name: user.name,
        role: row.role,
      });
      if (!joined) throw new HttpProblem(409, 'You already belong to a business.');
      await deleteInvitation(trx, row.id);
    });
  }
  const member = await resolveMember(db, user);
  if (!member) throw new HttpProblem(404, INVITATION_NOT_VALID);
  return membershipOf(db, member);
}
