import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import yauzl from 'yauzl';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, ACCOUNT_EVENTS_AUDIENCE } from '@careers/contracts/identity';
import type { Role } from '@careers/contracts/enums';
import { createTestDatabase, type DatabaseKind } from '@careers/server-kit/testing';
import { createLogger } from '@careers/server-kit/logger';
import { buildApp, openDependencies, type CandidateDeps } from '../src/app';
import { loadConfig, type CandidateConfig } from '../src/config';

export const TEST_ISSUER = 'http://identity.test';
export const TEST_UNSUBSCRIBE_SECRET = 'unsubscribe-secret-for-tests-0123456789';

/** A stand-in identity service: an ES256 key, its JWKS on a local port, and tokens signed with it. */
export async function startFakeIdentity() {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const kid = 'test-key';
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`;
  async function token(
    userId: string,
    roles: Role[] = ['Candidate'],
    overrides: {
      key?: CryptoKey;
      issuer?: string;
      audience?: string;
      expiresIn?: string;
      email?: string;
      emailVerified?: boolean;
    } = {},
  ) {
    const verified = overrides.emailVerified === undefined ? {} : { email_verified: overrides.emailVerified };
    return new SignJWT({
      email: overrides.email ?? `${userId}@example.test`,
      name: `User ${userId}`,
      roles,
      ...verified,
    })
      .setProtectedHeader({ alg: 'ES256', kid })
      .setSubject(userId)
      .setIssuer(overrides.issuer ?? TEST_ISSUER)
      .setAudience(overrides.audience ?? ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(overrides.expiresIn ?? '15m')
      .sign(overrides.key ?? privateKey);
  }
  /** The identity service's notice that an account was deleted (POST /account-events). */
  async function accountDeletedNotice(userId: string, overrides: { audience?: string; key?: CryptoKey } = {}) {
    return new SignJWT({ event: 'account_deleted' })
      .setProtectedHeader({ alg: 'ES256', kid })
      .setSubject(userId)
      .setJti(randomUUID())
      .setIssuer(TEST_ISSUER)
      .setAudience(overrides.audience ?? ACCOUNT_EVENTS_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(overrides.key ?? privateKey);
  }
  /** The identity service's notice that an account's address moved or was proved, with the address as it is now. */
  async function addressNotice(
    userId: string,
    event: 'email_changed' | 'email_verified',
    address: { email?: string; emailVerified?: boolean },
  ) {
    return new SignJWT({
      event,
      ...(address.email === undefined ? {} : { email: address.email }),
      ...(address.emailVerified === undefined ? {} : { email_verified: address.emailVerified }),
    })
      .setProtectedHeader({ alg: 'ES256', kid })
      .setSubject(userId)
      .setJti(randomUUID())
      .setIssuer(TEST_ISSUER)
      .setAudience(ACCOUNT_EVENTS_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
  }
  return {
    jwksUrl,
    token,
    accountDeletedNotice,
    addressNotice,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeIdentity = Awaited<ReturnType<typeof startFakeIdentity>>;

/** The candidate app, built as in production, on a fresh migrated database of the given kind. */
export async function startTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  overrides: Partial<Pick<CandidateDeps, 'storage'>> = {},
  configure: (config: CandidateConfig) => void = () => undefined,
) {
  const testDb = await createTestDatabase(kind);
  const identity = await startFakeIdentity();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'candidate-test-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    IDENTITY_URL: TEST_ISSUER,
    IDENTITY_JWKS_URL: identity.jwksUrl,
    // Required with a database URL (several instances share the unsubscribe links' key).
    UNSUBSCRIBE_SECRET: TEST_UNSUBSCRIBE_SECRET,
    ...(testDb.url ? { CANDIDATE_DATABASE_URL: testDb.url } : {}),
    ...env,
  });
  // In-memory PGlite: no database folder in tests.
  config.database.dataDir = undefined as unknown as string;
  configure(config);
  const logger = createLogger('candidate', config.logLevel);
  const deps = await openDependencies(config, logger, overrides);
  const app = await buildApp(config, deps, logger);
  await app.ready();
  return {
    app,
    config,
    deps,
    identity,
    dataDir,
    /** Authorization header for a user with these roles. */
    async auth(userId: string, roles: Role[] = ['Candidate'], email?: string) {
      return { authorization: `Bearer ${await identity.token(userId, roles, email ? { email } : {})}` };
    },
    async close() {
      await app.close();
      await identity.close();
      await testDb.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** A multipart/form-data body with one file part. */
export function multipart(fileName: string, content: Buffer, contentType = 'application/octet-stream') {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Polls until check returns a value (bounded), for background work. */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 20_000,
  everyMs = 200,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** A signed-in user with a candidate profile (POST /candidate), as the portal creates one. */
export async function newCandidate(t: TestApp) {
  const userId = randomUUID();
  const headers = await t.auth(userId);
  const res = await t.app.inject({
    method: 'POST',
    url: '/candidate',
    headers,
    payload: { name: 'Cv Owner', email: 'owner@example.test', phoneNumber: '0123', postcode: 'AB1 2CD' },
  });
  if (res.statusCode !== 200) throw new Error(`creating the candidate failed: ${res.statusCode} ${res.body}`);
  return { userId, headers, candidateId: res.json().id as string };
}

/** Uploads a CV as its owner (POST /cvs) and answers its id; throws on any answer but 200. */
export async function uploadCv(
  t: TestApp,
  headers: Record<string, string>,
  fileName: string,
  content: Buffer,
): Promise<string> {
  const body = multipart(fileName, content);
  const res = await t.app.inject({
    method: 'POST',
    url: '/cvs',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 200) throw new Error(`uploading ${fileName} failed: ${res.statusCode} ${res.body}`);
  return res.json().cvId as string;
}

/** Every entry of a zip, read with yauzl (strict about the format: a truncated or malformed zip fails). */
export function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (openErr, stream) => {
          if (openErr || !stream) return reject(openErr ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
