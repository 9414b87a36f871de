import { sql, type Selectable } from 'kysely';
import type { BusinessInvitationsTable, BusinessMembersTable, BusinessesTable, Db, TeamRoleColumn } from '../../db';

type BusinessRow = Selectable<BusinessesTable>;

export type MemberRow = Selectable<BusinessMembersTable>;
export type InvitationRow = Selectable<BusinessInvitationsTable>;

/** The caller's membership and their business in one read (every employer request makes it). */
export async function findMembershipOfUser(
  db: Db,
  userId: string,
): Promise<{ member: MemberRow; business: BusinessRow } | undefined> {
  const row = await db
    .selectFrom('business_members as m')
    .innerJoin('businesses as b', 'b.id', 'm.business_id')
    .select([
      'm.business_id',
      'm.user_id',
      'm.email',
      'm.name',
      'm.role',
      'm.joined_at',
      'b.id',
      'b.owner_user_id',
      'b.name as b_name',
      'b.city',
      'b.phone',
      'b.careers_domain',
      'b.image_relative_directory',
      'b.created_at',
      'b.slug',
      'b.about',
    ])
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    member: {
      business_id: row.business_id,
      user_id: row.user_id,
      email: row.email,
      name: row.name,
      role: row.role,
      joined_at: row.joined_at,
    },
    business: {
      id: row.id,
      owner_user_id: row.owner_user_id,
      name: row.b_name,
      city: row.city,
      phone: row.phone,
      careers_domain: row.careers_domain,
      image_relative_directory: row.image_relative_directory,
      created_at: row.created_at,
      slug: row.slug,
      about: row.about,
    },
  };
}

export async function updateMemberContact(db: Db, userId: string, email: string, name: string | null) {
  await db.updateTable('business_members').set({ email, name }).where('user_id', '=', userId).execute();
}

/** False when the person already belongs to a business (one each). */
export async function insertMember(
  db: Db,
  row: { business_id: string; user_id: string; email: string; name: string | null; role: TeamRoleColumn },
): Promise<boolean> {
  const inserted = await db
    .insertInto('business_members')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export function listMembers(db: Db, businessId: string): Promise<MemberRow[]> {
  return db
    .selectFrom('business_members')
    .selectAll()
    .where('business_id', '=', businessId)
    .orderBy('joined_at')
    .orderBy('user_id')
    .execute();
}

export function findMember(db: Db, businessId: string, userId: string): Promise<MemberRow | undefined> {
  return db
    .selectFrom('business_members')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

/** The owners, their rows locked: two owners demoting each other at once cannot leave the business with none. */
export async function countOwners(db: Db, businessId: string): Promise<number> {
  const rows = await db
    .selectFrom('business_members')
    .select('user_id')
    .where('business_id', '=', businessId)
    .where('role', '=', 'Owner')
    .forUpdate()
    .execute();
  return rows.length;
}

export async function setMemberRole(db: Db, businessId: string, userId: string, role: TeamRoleColumn) {
  await db
    .updateTable('business_members')
    .set({ role })
    .where('business_id', '=', businessId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteMember(db: Db, businessId: string, userId: string) {
  await db.deleteFrom('business_members').where('business_id', '=', businessId).where('user_id', '=', userId).execute();
}

/** A deleted account leaves every team it was in. */
export async function leaveEveryTeam(db: Db, userId: string) {
  await db.deleteFrom('business_members').where('user_id', '=', userId).execute();
}

export async function assignedJobIds(db: Db, businessId: string, userIds: string[]): Promise<Map<string, string[]>> {
  const byUser = new Map<string, string[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .selectFrom('job_assignments')
    .select(['user_id', 'job_id'])
    .where('business_id', '=', businessId)
    .where('user_id', 'in', userIds)
    .orderBy('job_id')
    .execute();
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row.job_id]);
  return byUser;
}

export async function isJobAssigned(db: Db, jobId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('job_assignments')
    .select('job_id')
    .where('job_id', '=', jobId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function replaceAssignments(db: Db, businessId: string, userId: string, jobIds: string[]) {
  await db.deleteFrom('job_assignments').where('business_id', '=', businessId).where('user_id', '=', userId).execute();
  if (jobIds.length === 0) return;
  await db
    .insertInto('job_assignments')
    .values(jobIds.map((jobId) => ({ job_id: jobId, business_id: businessId, user_id: userId })))
    .execute();
}

export async function countJobsOfBusiness(db: Db, businessId: string, jobIds: string[]): Promise<number> {
  if (jobIds.length === 0) return 0;
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('business_id', '=', businessId)
    .where('id', 'in', jobIds)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listInvitations(db: Db, businessId: string, now: Date): Promise<InvitationRow[]> {
  return db
    .selectFrom('business_invitations')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .execute();
}

export function findInvitation(db: Db, id: string): Promise<InvitationRow | undefined> {
  return db.selectFrom('business_invitations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findInvitationByAddress(db: Db, businessId: string, email: string): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('business_invitations')
    .selectAll()
    .where('business_id', '=', businessId)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** Invitations still open to this address, with their business's name. */
export function invitationsToAddress(db: Db, email: string, now: Date) {
  return (
    db
      .selectFrom('business_invitations as i')
      .innerJoin('businesses as b', 'b.id', 'i.business_id')
      // The inviter as the team knows them now: gone from the team, they name no one.
      .leftJoin('business_members as inviter', (join) =>
        join.onRef('inviter.user_id', '=', 'i.invited_by').onRef('inviter.business_id', '=', 'i.business_id'),
      )
      .select([
        'i.id',
        'i.email',
        'i.role',
        'i.expires_at',
        'b.name as business_name',
        'inviter.name as inviter_name',
        'inviter.email as inviter_email',
      ])
      .where(sql<string>`lower(i.email)`, '=', email.toLowerCase())
      .where('i.expires_at', '>', now)
      .orderBy('i.created_at', 'desc')
      .execute()
  );
}

export async function insertInvitation(db: Db, row: Omit<InvitationRow, 'created_at'>) {
  await db.insertInto('business_invitations').values(row).execute();
}

export async function renewInvitation(db: Db, id: string, tokenHash: string, sentAt: Date, expiresAt: Date) {
  await db
    .updateTable('business_invitations')
    .set({ token_hash: tokenHash, sent_at: sentAt, expires_at: expiresAt })
    .where('id', '=', id)
    .execute();
}

export async function deleteInvitation(db: Db, id: string): Promise<boolean> {
  const rows = await db.deleteFrom('business_invitations').where('id', '=', id).returning('id').execute();
  return rows.length > 0;
}

export function businessName(db: Db, businessId: string) {
  return db.selectFrom('businesses').select('name').where('id', '=', businessId).executeTakeFirst();
}

/** A member's name and address, when they are in the business. */
export function findMemberContact(db: Db, businessId: string, userId: string) {
  return db
    .selectFrom('business_members')
    .select(['name', 'email'])
    .where('business_id', '=', businessId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
