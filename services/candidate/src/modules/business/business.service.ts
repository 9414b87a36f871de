import type { BusinessDetail } from '@careers/contracts/candidate-api';
import { HttpProblem } from '@careers/server-kit/problem';
import type { AuthUser } from '../auth/auth.service';
import type { Db } from '../candidates/candidates.repository';
import { findBusinessByOwner, type BusinessRow } from './business.repository';

export const NO_BUSINESS = 'Create your business first (POST /business).';

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

export async function requireBusiness(db: Db, user: AuthUser): Promise<BusinessRow> {
  const row = await findBusinessByOwner(db, user.userId);
  if (!row) throw new HttpProblem(404, NO_BUSINESS);
  return row;
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

/** Only business logos are public; the pattern keeps every CV key out of reach of /blobs. */
export const PUBLIC_BLOB_KEY = /^businesses\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/logo\.png$/;
