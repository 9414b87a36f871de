import { employerNotificationSettingsSchema } from '@careers/contracts/employer-notifications';
import type { App } from '@careers/server-kit/http';
import { bearerSecurity, authedProblems as problems } from '@careers/server-kit/bearer-auth';
import { EVERY_ROLE, currentMember, requireTeamRole } from '../team/team.hooks';
import { ownNotificationSettings, setOwnNotificationSettings } from './employer-notifications.service';

const tags = ['Employer'];

/** The caller's own e-mail choices (docs/decisions/0497): every member, for themselves only. */
export async function employerNotificationRoutes(app: App) {
  const anyMember = requireTeamRole(...EVERY_ROLE);
  const db = () => app.deps.database.db;

  app.get(
    '/business/notification-settings',
    {
      preHandler: anyMember,
      schema: {
        tags,
        summary: 'Which e-mails the caller gets: at once, in the daily digest, or none, per kind',
        security: bearerSecurity,
        response: { 200: employerNotificationSettingsSchema, ...problems },
      },
    },
    async (request) => ownNotificationSettings(db(), currentMember(request)),
  );

  app.put(
    '/business/notification-settings',
    {
      preHandler: anyMember,
      schema: {
        tags,
        summary: 'Set which e-mails the caller gets; every kind is named',
        description:
          'newApplication, candidateReply, withdrawal and bookingChange (a candidate booked, moved or cancelled an ' +
          'interview), each instant, digest or off. The digest goes at 08:00 in the time zone of the caller’s ' +
          'interview hours, else UTC.',
        security: bearerSecurity,
        body: employerNotificationSettingsSchema,
        response: { 200: employerNotificationSettingsSchema, ...problems },
      },
    },
    async (request) => setOwnNotificationSettings(db(), currentMember(request), request.body),
  );
}
