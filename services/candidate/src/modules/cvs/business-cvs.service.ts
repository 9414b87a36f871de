import type { CvPreviewLink } from '@careers/contracts/candidate-api';
import { HttpProblem } from '@careers/server-kit/problem';
import type { Db } from '../../db';
import { businessMaySeeCv } from '../applications/business-applications.service';
import type { Member } from '../team/team.service';
import { findCvById, type CvListRow } from './cvs.repository';
import { CV_NOT_FOUND, createPreviewLink } from './cvs.service';
import { recordCvOpening } from '../cv-openings/cv-openings.service';

/** A CV sent to the employer's business (with an application or a CV drop); 404 for any other. */
export async function requireBusinessCv(db: Db, member: Member, cvId: string): Promise<CvListRow> {
  // A hiring manager sees only the CVs that came with applications to the jobs given to them.
  const onlyAssignedTo = member.role === 'HiringManager' ? member.userId : undefined;
  const allowed = await businessMaySeeCv(db, member.business.id, cvId, onlyAssignedTo);
  const row = allowed ? await findCvById(db, cvId) : undefined;
  if (!row) throw new HttpProblem(404, CV_NOT_FOUND);
  return row;
}

/** The same preview as the candidate's own, for a CV sent to the employer's business. */
export async function businessCvPreviewLink(
  db: Db,
  member: Member,
  cvId: string,
  publicUrl: string,
): Promise<CvPreviewLink> {
  const row = await requireBusinessCv(db, member, cvId);
  await recordCvOpening(db, member, row.id, 'preview');
  return createPreviewLink(db, row.id, publicUrl);
}
