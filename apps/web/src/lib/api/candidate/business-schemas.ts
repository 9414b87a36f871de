import { z } from 'zod';
import { employerCvDropSchema, employerJobSchema } from '@careers/contracts/employer';

/** The employer console's answer schemas made from the contracts; loaded through lib/schemas.ts (businessSchemas). */

/** GET /business/jobs: a page of the business's jobs. */
export const businessJobsSchema = z.array(employerJobSchema);

/** A saved job as POST and PUT /business/jobs answer it: the job without its numbers of applications. */
export const savedBusinessJobSchema = employerJobSchema.omit({ applicationCount: true, withdrawnCount: true });

/** GET /business/cv-drops: CVs candidates left with the business. */
export const businessCvDropsSchema = z.array(employerCvDropSchema);
