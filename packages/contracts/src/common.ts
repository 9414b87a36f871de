import { z } from 'zod';

/** Shared field rules. Kept generous: names and phones come in every shape across countries. */
export const emailSchema = z.email().max(254);
export const idSchema = z.uuid();
export const isoDateSchema = z.iso.datetime({ offset: true });
export const nameSchema = z.string().trim().min(1).max(200);
export const phoneSchema = z.string().trim().min(1).max(40);
export const postcodeSchema = z.string().trim().min(1).max(20);

/** Paging (design.md §3): page is 1-based, pageSize defaults to 10, at most 100. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;
