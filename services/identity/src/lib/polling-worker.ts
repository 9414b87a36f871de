// Shared with the candidate service's status e-mail outbox: the loop lives in server-kit.
export * from '@careers/server-kit/polling-worker';
