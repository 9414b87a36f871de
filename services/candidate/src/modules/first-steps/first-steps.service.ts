import type { FirstSteps } from '@careers/contracts/employer';
import type { Db } from '../../db';
import { logoKey } from '../business/business.service';
import { ownAvailability } from '../interviews/interviews.service';
import { businessHasJob } from '../jobs/business-jobs.service';
import { ruleOf } from '../retention/retention.service';
import type { BlobStorage } from '../storage/storage';
import { hasColleagueOrInvitation, type Member } from '../team/team.service';

/**
 * A new business's first hour (docs/decisions/0496), each step read from the data it leaves behind, so the
 * console's checklist can never say done for something that is not: the logo is the stored file itself.
 */
export async function firstStepsOf(db: Db, storage: BlobStorage, member: Member, now: Date): Promise<FirstSteps> {
  const { business } = member;
  const [logoBytes, firstJob, colleagueInvited, hours, rule] = await Promise.all([
    storage.size(logoKey(business.image_relative_directory)),
    businessHasJob(db, business.id),
    hasColleagueOrInvitation(db, business.id, now),
    ownAvailability(db, member),
    ruleOf(db, business.id),
  ]);
  return {
    businessDetails: Boolean(business.city?.trim()) && Boolean(business.phone?.trim()),
    logo: logoBytes !== null && logoBytes > 0,
    careersPage: business.about.trim() !== '',
    firstJob,
    colleagueInvited,
    interviewHours: hours.availability !== null,
    retentionRule: rule.chosen,
  };
}
