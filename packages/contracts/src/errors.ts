import { z } from 'zod';

/** RFC 9457 problem details (product.md §3). `errors` carries field messages on validation failures. */
export const problemDetailsSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  instance: z.string().optional(),
  errors: z.array(z.string()).optional(),
});
export type ProblemDetails = z.infer<typeof problemDetailsSchema>;

/** Identity result (product.md §3): confirm e-mail, reset password, resend token, delete user, update user. */
export const identityResultSchema = z.object({
  succeeded: z.boolean(),
  errors: z.array(z.string()),
});
export type IdentityResult = z.infer<typeof identityResultSchema>;
