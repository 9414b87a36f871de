import { z } from 'zod';
import {
  ApplicationStatus,
  CvParseStatus,
  JobType,
  PORTAL_TYPES,
  Role,
  SalaryRateType,
  Workplace,
} from './enum-values';

/** The schemas of product.md §3's enumerations; the values themselves live in enum-values.ts (no zod). */
export * from './enum-values';

export const jobTypeSchema = z.enum(JobType);
export const salaryRateTypeSchema = z.enum(SalaryRateType);
export const workplaceSchema = z.enum(Workplace);
export const applicationStatusSchema = z.enum(ApplicationStatus);
export const roleSchema = z.enum(Role);
/** The portal a password-reset request comes from (product.md §3; the candidate portal sends Business). */
export const portalTypeSchema = z.enum(PORTAL_TYPES);
export const cvParseStatusSchema = z.enum(CvParseStatus);
