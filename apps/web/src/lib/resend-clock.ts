/**
 * When the next sign-in code may be asked for, per address, for this browser tab: kept in session storage
 * so that a Resend on another page (the confirm banner after the apply page sent a code) starts waiting
 * instead of being refused first (decision 0292).
 */
const KEY = 'careers-portal.resend-at';

function read(): Record<string, number> {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
    return value && typeof value === 'object' ? (value as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** Notes that no new code may go to `email` for `seconds`. */
export function noteResendWait(email: string, seconds: number, now: number = Date.now()): void {
  if (!(seconds > 0)) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...read(), [email.trim().toLowerCase()]: now + seconds * 1000 }));
  } catch {
    // Storage full or blocked: Resend then learns the wait from the service's refusal.
  }
}

/** Seconds left before a new code may go to `email` (0 when it may now). */
export function resendWaitLeft(email: string, now: number = Date.now()): number {
  const at = read()[email.trim().toLowerCase()];
  return typeof at === 'number' && at > now ? Math.ceil((at - now) / 1000) : 0;
}
