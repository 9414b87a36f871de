/**
 * The identity service's own test helpers, loaded at run time, for the tests that run both services: a static
 * import would bring its Fastify type augmentation into this workspace's type check, where it collides with
 * ours. The types below are the part of them these tests use.
 */
export interface InjectAnswer {
  statusCode: number;
  body: string;
  json(): Record<string, unknown>;
}
export interface IdentityTestApp {
  app: {
    listen(options: { port: number; host: string }): Promise<string>;
    inject(options: object): Promise<InjectAnswer>;
  };
  config: { publicUrl: string };
  deps: { accountEvents: { flush(): Promise<number> } };
  latestCode(email: string): Promise<string>;
  latestLink(email: string, kind: string): Promise<string>;
  botToken(): Promise<string>;
  close(): Promise<void>;
}
export interface IdentitySession {
  id: string;
  accessToken: string;
  refreshToken: string;
}
interface IdentityHelpers {
  startTestApp(kind: string, env: Record<string, string>): Promise<IdentityTestApp>;
  signInWithCode(ctx: IdentityTestApp, email: string): Promise<IdentitySession>;
  registerCandidate(ctx: IdentityTestApp): Promise<{ userId: string; email: string; accessToken: string }>;
  uniqueEmail(prefix?: string): string;
  bearer(token: string): Record<string, string>;
  relaxedLimits: Record<string, string>;
}

const identityHelpers = new URL('../../identity/test/helpers.ts', import.meta.url).href;
export const {
  bearer,
  registerCandidate,
  relaxedLimits,
  signInWithCode,
  startTestApp: startIdentity,
  uniqueEmail,
} = (await import(/* @vite-ignore */ identityHelpers)) as IdentityHelpers;
