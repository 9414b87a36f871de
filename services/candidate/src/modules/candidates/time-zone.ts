import { isTimeZone } from '@careers/contracts/interviews';
import type { AuthUser } from '@careers/server-kit/bearer-auth';
import type { Db } from '../../db';

/**
 * Keeps the time zone the caller's browser reads times in on their own candidate row: the e-mails that name
 * a time say it in that zone (docs/decisions/0557). Nothing without one, or with a name this server does not
 * know as an IANA zone (the booking goes on all the same).
 */
export async function keepOwnTimeZone(db: Db, user: AuthUser, timeZone: string | undefined): Promise<void> {
  if (!timeZone || !isTimeZone(timeZone)) return;
  await db
    .updateTable('candidates')
    .set({ time_zone: timeZone })
    .where('user_id', '=', user.userId)
    .where((eb) => eb.or([eb('time_zone', 'is', null), eb('time_zone', '<>', timeZone)]))
    .execute();
}
