import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { z } from 'zod';
import type { BusinessDetail, logoUploadResultSchema } from '@careers/contracts/candidate-api';
import type { CreateBusiness, UpdateBusiness, createdBusinessSchema } from '@careers/contracts/employer';
import { HttpProblem } from '@careers/server-kit/problem';
import type { AuthUser } from '@careers/server-kit/bearer-auth';
import type { Db } from '../../db';
import type { JobCache } from '../jobs/job-cache';
import type { BlobStorage } from '../storage/storage';
import { findMembershipOfUser, insertMember, type Member } from '../team/team.service';
import { newBusinessSlug } from '../careers/careers.service';
import { findBusiness, insertBusiness, updateBusiness, type BusinessRow } from './business.repository';

export { NO_BUSINESS } from '../team/team.service';

export function toBusinessDetail(row: BusinessRow): BusinessDetail {
  return {
    id: row.id,
    name: row.name,
    city: row.city,
    phone: row.phone,
    careersDomain: row.careers_domain,
    imageRelativeDirectory: row.image_relative_directory,
  };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_LOGO_SIDE = 4096;

/** A PNG by its bytes: the signature, then an IHDR chunk with sane dimensions. */
export function isPng(bytes: Buffer): boolean {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return false;
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  return width > 0 && height > 0 && width <= MAX_LOGO_SIDE && height <= MAX_LOGO_SIDE;
}

export const logoKey = (imageRelativeDirectory: string) => `${imageRelativeDirectory}/logo.png`;

/**
 * The public address of a business's logo (the one its careers and apply pages show), or undefined when it
 * has none in the store: what heads the e-mails about the business (server-kit mail-layout's mailHeader).
 */
export async function publicLogoUrl(
  storage: Pick<BlobStorage, 'size'>,
  publicBlobBaseUrl: string,
  imageRelativeDirectory: string,
): Promise<string | undefined> {
  const key = logoKey(imageRelativeDirectory);
  return (await storage.size(key)) === null ? undefined : `${publicBlobBaseUrl.replace(/\/+$/, '')}/${key}`;
}

/** Only business logos are public; the pattern keeps every CV key out of reach of /blobs. */
export const PUBLIC_BLOB_KEY = /^businesses\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/logo\.png$/;

/** The business a candidate names (a CV drop), or nothing. */
export { findBusiness };

export function getBusiness(member: Member): BusinessDetail {
  return toBusinessDetail(member.business);
}

/** One business per business user, who is its first owner: 409 when the caller has one or is in a team. */
export async function createBusiness(
  db: Db,
  user: AuthUser,
  body: CreateBusiness,
): Promise<z.infer<typeof createdBusinessSchema>> {
  const id = randomUUID();
  const taken = () => new HttpProblem(409, 'This account already has a business.');
  if (await findMembershipOfUser(db, user.userId)) throw taken();
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await insertBusiness(trx, {
      id,
      // The careers page's address (docs/decisions/0370): from the name, with a suffix when taken.
      slug: await newBusinessSlug(trx, body.name, id),
      owner_user_id: user.userId,
      name: body.name,
      city: body.city ?? null,
      phone: body.phone ?? null,
      careers_domain: body.domain ?? null,
      image_relative_directory: `businesses/${id}`,
    });
    if (!inserted) throw taken();
    const joined = await insertMember(trx, {
      business_id: inserted.id,
      user_id: user.userId,
      email: user.email,
      name: user.name,
      role: 'Owner',
    });
    if (!joined) throw taken();
    return inserted;
  });
  return { id: row.id, imageRelativeDirectory: row.image_relative_directory };
}

export async function changeBusiness(
  db: Db,
  member: Member,
  body: UpdateBusiness,
  jobCache: JobCache,
): Promise<BusinessDetail> {
  const { name, city, phone, domain } = body;
  const row = await updateBusiness(db, member.business.id, {
    name,
    city: city ?? null,
    phone: phone ?? null,
    careers_domain: domain ?? null,
  });
  if (!row) throw new HttpProblem(404, 'The business was not found.');
  // The apply page shows the business name from the cached job.
  jobCache.clear();
  return toBusinessDetail(row);
}

/**
 * Stores the caller's logo. `readFile` (the route's multipart parsing) runs only once the business is
 * known, so a caller without one gets 404 before any upload is read.
 */
export async function changeLogo(
  db: Db,
  storage: BlobStorage,
  member: Member,
  readFile: () => Promise<Buffer>,
  publicBlobBaseUrl: string,
): Promise<z.infer<typeof logoUploadResultSchema>> {
  const business = member.business;
  const bytes = await readFile();
  if (!isPng(bytes)) throw new HttpProblem(415, 'The logo must be a PNG image.');
  await storage.put(logoKey(business.image_relative_directory), Readable.from([bytes]), 'image/png');
  return {
    imageRelativeDirectory: business.image_relative_directory,
    url: `${publicBlobBaseUrl}/${logoKey(business.image_relative_directory)}`,
  };
}
