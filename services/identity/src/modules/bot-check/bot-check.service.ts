// Moved to server-kit so that the candidate service checks its own challenges the same way (docs/decisions/0175).
export {
  BOT_CHECK_FAILED,
  createBotChallenge,
  verifyBotToken,
  type BotCheckContext,
} from '@careers/server-kit/bot-check';
