// Shared with the candidate service (its unsubscribe-link key): the helper lives in server-kit.
export * from '@careers/server-kit/secrets';
