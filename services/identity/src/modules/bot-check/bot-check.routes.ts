import { botCheckChallengeSchema } from '@careers/contracts/identity';
import type { App } from '@careers/server-kit/http';
import { createBotChallenge } from '@careers/server-kit/bot-check';

export async function botCheckRoutes(app: App): Promise<void> {
  app.get(
    '/api/bot-check/challenge',
    {
      schema: {
        tags: ['bot check'],
        summary: 'An ALTCHA proof-of-work challenge (action submit, 10 minutes); send the solved payload as `token`',
        response: { 200: botCheckChallengeSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return createBotChallenge(app.botCheckContext);
    },
  );
}
