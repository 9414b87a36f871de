import { quotableEmployerWords } from '@careers/server-kit/employer-words';
import type { FastifyBaseLogger } from 'fastify';
import type { CodeJob } from '../mail/mail.templates';

/** Long enough for a healthy candidate service; a slow one costs the e-mail its job line, not its code. */
const LOOK_UP_TIMEOUT_MS = 2000;

/**
 * The job a new candidate's code finishes the application to, from the candidate service's public job answer
 * (GET /job/{id}): its title and business name as the employer wrote them, quoted only when a mail client
 * cannot make a link of them (docs/decisions/0237, 0284). Null when the job is unknown, its title cannot be
 * quoted, or the service does not answer in time: the code e-mail then reads as any sign-in code.
 */
export async function jobForCodeMail(
  jobUrl: string,
  jobId: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<CodeJob | null> {
  try {
    const res = await fetch(`${jobUrl}/${encodeURIComponent(jobId)}`, {
      signal: AbortSignal.timeout(LOOK_UP_TIMEOUT_MS),
      headers: { accept: 'application/json' },
    });
    if (!res.ok) return null;
    const job = (await res.json()) as { title?: unknown; businessName?: unknown };
    const title = typeof job.title === 'string' ? quotableEmployerWords(job.title) : null;
    if (title === null) return null;
    const business = typeof job.businessName === 'string' ? quotableEmployerWords(job.businessName) : null;
    return { title, business };
  } catch (err) {
    log.warn({ err, jobId }, 'job of a code e-mail not found in time; the e-mail names no job');
    return null;
  }
}
