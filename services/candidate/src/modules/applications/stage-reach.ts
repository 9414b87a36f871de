import { ApplicationStatus, applicationStatusOrder } from '@careers/contracts/enum-values';

/** The pipeline's stages in order, New to Hired; Rejected ends an application at any stage, so it is not one of them. */
export const PIPELINE_STAGES: readonly ApplicationStatus[] = applicationStatusOrder.filter(
  (status) => status !== ApplicationStatus.Reject,
);

/** Applications grouped by the furthest stage each has been at, and whether they are or were rejected. */
export interface FurthestStageGroup {
  furthest: number;
  rejected: boolean;
  applications: number;
}

/**
 * How many applications reached each stage (docs/decisions/0256): an application reached the furthest
 * stage it has ever been at and every stage before it, even one the employer skipped (New straight to
 * Schedule interview reached Qualify too), so the counts never grow from one stage to the next. Rejected
 * counts applications that are or were rejected. Stages nobody reached are left out.
 */
export function countReached(
  groups: readonly FurthestStageGroup[],
): { applicationStatus: ApplicationStatus; applications: number }[] {
  const counts = new Map<ApplicationStatus, number>();
  const add = (status: ApplicationStatus, applications: number) =>
    counts.set(status, (counts.get(status) ?? 0) + applications);
  for (const group of groups) {
    // A status the pipeline does not know (a newer service) counts as the stage below it.
    const furthest = PIPELINE_STAGES.reduce<number>(
      (best, stage, index) => (stage <= group.furthest ? index : best),
      0,
    );
    for (const stage of PIPELINE_STAGES.slice(0, furthest + 1)) add(stage, group.applications);
    if (group.rejected) add(ApplicationStatus.Reject, group.applications);
  }
  return applicationStatusOrder
    .filter((status) => (counts.get(status) ?? 0) > 0)
    .map((status) => ({ applicationStatus: status, applications: counts.get(status) ?? 0 }));
}
