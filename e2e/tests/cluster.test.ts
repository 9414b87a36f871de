/**
 * Issue 11: the product as an operator runs it. nginx (deploy/nginx/careers.conf.template) in front of
 * 2 portal servers, 2 identity and 2 candidate instances on PostgreSQL, Redis and an S3-compatible store
 * (see support/cluster.ts). Every scenario goes through nginx and shows, from nginx's X-Upstream-Addr,
 * that its requests landed on different instances.
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync, copyFileSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  BUCKET,
  call,
  cleanEnv,
  freePortFor,
  Instance,
  newSigningKeyPem,
  runScript,
  sleep,
  startCluster,
  type Answer,
  type Cluster,
} from '../support/cluster';
import {
  botToken,
  createJob,
  expectStatus,
  JOB_FIELDS,
  jwtHeader,
  mailMark,
  messagesTo,
  newEmployer,
  sendCode,
  signInByCode,
  signUpAndApply,
  verifyCode,
  waitForMessage,
  type Applicant,
  type Employer,
} from '../support/cluster-flows';
import { logsDir } from '../support/stack';
import { WAIT_MS } from '../support/waits';

/** What the run measured, for people (e2e/.logs/cluster-summary.log). */
function note(line: string): void {
  appendFileSync(path.join(logsDir, 'cluster-summary.log'), `${new Date().toISOString()} ${line}\n`);
}

let cluster: Cluster;
let employer: Employer;
let jobId: string;
const applicants: Applicant[] = [];
/** When a candidate instance first fetched the JWKS (jose refetches on an unknown kid at most every 30 s). */
let firstVerification = 0;

beforeAll(async () => {
  const started = Date.now();
  // The portal the run's stack already serves (built once per run): the cluster's portals serve the same files.
  cluster = await startCluster({ portalDist: process.env.E2E_PORTAL_DIST || inject('stack')?.portalDist });
  note(`6 instances and nginx ready in ${Date.now() - started} ms`);
  employer = await newEmployer(cluster);
  jobId = await createJob(cluster, employer, 'Cluster engineer');
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
});

const names = (answers: Answer[]) => new Set(answers.map((a) => cluster.instanceAt(a.upstream)));

describe('a cluster behind nginx', () => {
  it('signs up, applies, signs in by code and downloads the same CV, whichever instance answers', async () => {
    const portalAnswers: Answer[] = [];
    for (let i = 0; i < 4; i++) {
      const applicant = await signUpAndApply(cluster, jobId, { from: `127.0.0.${10 + i}` });
      applicants.push(applicant);
      portalAnswers.push(expectStatus('the apply page', await call(`${cluster.portalUrl}/apply/${jobId}`)));
    }
    const served = new Set<string>();
    firstVerification = Date.now();
    for (const applicant of applicants) {
      const session = await signInByCode(cluster, applicant.email, '127.0.0.30');
      const download = expectStatus(
        'downloading the CV',
        await call(`${cluster.candidateUrl}/cvs/download/${applicant.cvId}`, { token: session.accessToken }),
      );
      expect(download.body.equals(applicant.cv)).toBe(true);
      const list = expectStatus(
        'the applications',
        await call(`${cluster.candidateUrl}/job-applications?page=1&pageSize=10`, { token: session.accessToken }),
      ).json<{
        applications: { id: string }[];
      }>();
      expect(list.applications.map((a) => a.id)).toEqual([applicant.applicationId]);
      for (const name of [...applicant.servedBy, ...session.servedBy, cluster.instanceAt(download.upstream)])
        served.add(name ?? '?');
    }
    expect([...served].sort()).toEqual(['candidate-1', 'candidate-2', 'identity-1', 'identity-2']);
    expect(names(portalAnswers)).toEqual(new Set(['portal-1', 'portal-2']));
  });

  it('lets a CV up to the service limit through nginx and stops what could never be a CV', async () => {
    const session = await signInByCode(cluster, applicants[0]!.email, '127.0.0.31');
    const upload = (bytes: number) => {
      const form = new FormData();
      const body = Buffer.alloc(bytes, 0x20);
      body.write('%PDF-1.4\n');
      form.append('file', new Blob([new Uint8Array(body)], { type: 'application/pdf' }), 'too-big.pdf');
      return call(`${cluster.candidateUrl}/cvs`, { token: session.accessToken, form });
    };
    // Past CV_MAX_BYTES (10 MiB) but within nginx's 11 MiB: the service itself refuses, with problem details.
    const overServiceLimit = await upload(10 * 1024 * 1024 + 1024);
    expect(overServiceLimit.status).toBe(413);
    expect(overServiceLimit.headers['content-type']).toMatch(/json/);
    // Past nginx's limit: nginx answers, no instance sees it.
    const overProxyLimit = await upload(12 * 1024 * 1024);
    expect(overProxyLimit.status).toBe(413);
    expect(overProxyLimit.headers['content-type']).toMatch(/html/);
    expect(overProxyLimit.upstream).toBeUndefined();
  });

  it('holds the per-e-mail code limits across instances: one client 5 an hour, the address 10', async () => {
    const target = await signUpAndApply(cluster, jobId, { from: '127.0.0.40', label: 'limits' });
    const since = mailMark(cluster.mail);
    const first: Answer[] = [];
    for (let i = 0; i < 6; i++) first.push(await sendCode(cluster, target.email, '127.0.0.41'));
    expect(first.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(first[5]!.headers['retry-after']).toMatch(/^\d+$/);
    expect(names(first)).toEqual(new Set(['identity-1', 'identity-2']));
    const second: Answer[] = [];
    for (let i = 0; i < 5; i++) second.push(await sendCode(cluster, target.email, '127.0.0.42'));
    expect(second.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    // The address's 10 an hour are spent, whichever instance and client asks next.
    const third = [
      await sendCode(cluster, target.email, '127.0.0.43'),
      await sendCode(cluster, target.email, '127.0.0.43'),
    ];
    expect(third.map((a) => a.status)).toEqual([429, 429]);
    expect(names(third)).toEqual(new Set(['identity-1', 'identity-2']));
    // Background work runs once: each accepted send is exactly one e-mail, though both instances poll the outbox.
    await expect
      .poll(() => messagesTo(cluster.mail, target.email, since).filter((m) => m.code !== null).length, {
        timeout: WAIT_MS,
      })
      .toBe(10);
    await sleep(1_500);
    const codes = messagesTo(cluster.mail, target.email, since).filter((m) => m.code !== null);
    expect(codes).toHaveLength(10);
  });

  it('kills a code after 3 wrong tries made on any instance, while the owner asks for a new one and signs in', async () => {
    const target = await signUpAndApply(cluster, jobId, { from: '127.0.0.44', label: 'lockout' });
    const since = mailMark(cluster.mail);
    expectStatus('sending a code', await sendCode(cluster, target.email, '127.0.0.45'));
    const code = (await waitForMessage(cluster.mail, target.email, since, (m) => m.code !== null)).code!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    // Bot-check payloads first, so that the tries themselves alternate between the instances.
    const tokens = await Promise.all([1, 2, 3, 4, 5].map(() => botToken(cluster, '127.0.0.45')));
    const tries: Answer[] = [];
    for (let i = 0; i < 3; i++) tries.push(await verifyCode(cluster, target.email, wrong, '127.0.0.45', tokens[i]));
    expect(tries.map((a) => a.status)).toEqual([401, 401, 401]);
    expect(names(tries)).toEqual(new Set(['identity-1', 'identity-2']));
    // The tries are counted on the code, whoever made them and wherever (docs/decisions/0240): the right
    // code is dead now on both instances, for every client.
    const dead = [
      await verifyCode(cluster, target.email, code, '127.0.0.46', tokens[3]),
      await verifyCode(cluster, target.email, code, '127.0.0.47', tokens[4]),
    ];
    expect(dead.map((a) => a.status)).toEqual([401, 401]);
    expect(names(dead)).toEqual(new Set(['identity-1', 'identity-2']));
    // The owner asks for a new code (the portal's Resend) and signs in with it.
    const resent = mailMark(cluster.mail);
    expectStatus('sending a new code', await sendCode(cluster, target.email, '127.0.0.46'));
    const fresh = (await waitForMessage(cluster.mail, target.email, resent, (m) => m.code !== null)).code!;
    const owner = await verifyCode(cluster, target.email, fresh, '127.0.0.46');
    expect(owner.status).toBe(200);
    expect(owner.json<{ accessToken: string | null }>().accessToken).toBeTruthy();
  });

  it('holds the per-address lookup limit across instances: 10 per window, not 10 per instance', async () => {
    const answers: Answer[] = [];
    for (let i = 0; i < 12; i++) {
      answers.push(
        await call(`${cluster.identityUrl}/api/account/can-log-in`, {
          from: '127.0.0.47',
          json: { email: `nobody-${i}-${randomUUID().slice(0, 6)}@example.com` },
        }),
      );
    }
    expect(answers.map((a) => a.status)).toEqual([...Array<number>(10).fill(404), 429, 429]);
    expect(names(answers.slice(0, 10))).toEqual(new Set(['identity-1', 'identity-2']));
    expect(names(answers.slice(10))).toEqual(new Set(['identity-1', 'identity-2']));
    // Another client is not affected.
    expect(
      (
        await call(`${cluster.identityUrl}/api/account/can-log-in`, {
          from: '127.0.0.48',
          json: { email: 'someone@example.com' },
        })
      ).status,
    ).toBe(404);
  });

  it('refuses a replayed bot-check payload on every instance', async () => {
    const token = await botToken(cluster, '127.0.0.49');
    const register = (label: string) =>
      call(`${cluster.identityUrl}/api/register/candidate-user`, {
        from: '127.0.0.49',
        json: {
          name: 'Replay Test',
          email: `${label}-${randomUUID().slice(0, 8)}@example.com`,
          phone: '07700 900123',
          password: `Pw-${randomUUID()}`,
          token,
        },
      });
    const firstUse = await register('replay-first');
    expect(firstUse.status).toBe(200);
    expect(firstUse.json<{ succeeded: boolean }>().succeeded).toBe(true);
    const replays = [await register('replay-a'), await register('replay-b'), await register('replay-c')];
    expect(replays.map((a) => a.status)).toEqual([400, 400, 400]);
    for (const replay of replays)
      expect(replay.json<{ errors: string[] }>().errors).toContain('Bot check failed. Please try again.');
    expect(names([firstUse, ...replays])).toEqual(new Set(['identity-1', 'identity-2']));
  });

  it('rotates refresh tokens across instances, and a reused token revokes the family wherever it is presented', async () => {
    const session = await signInByCode(cluster, applicants[1]!.email, '127.0.0.50');
    const refresh = (accessToken: string, refreshToken: string) =>
      call(`${cluster.identityUrl}/api/account/refresh`, {
        from: '127.0.0.50',
        json: { accessToken, refreshToken, ipAddress: '' },
      });
    const r1 = expectStatus('first refresh', await refresh(session.accessToken, session.refreshToken));
    const second = r1.json<{ accessToken: string; refreshToken: string }>();
    const r2 = expectStatus('second refresh', await refresh(second.accessToken, second.refreshToken));
    const third = r2.json<{ accessToken: string; refreshToken: string }>();
    expect(names([r1, r2])).toEqual(new Set(['identity-1', 'identity-2']));
    // The first token again: reuse. Then the newest one, which the reuse revoked, on the other instance too.
    const reuse = await refresh(second.accessToken, session.refreshToken);
    expect(reuse.status).toBe(400);
    const afterReuse = [
      await refresh(third.accessToken, third.refreshToken),
      await refresh(third.accessToken, third.refreshToken),
    ];
    expect(afterReuse.map((a) => a.status)).toEqual([400, 400]);
    expect(names(afterReuse)).toEqual(new Set(['identity-1', 'identity-2']));
  });

  it('parses each CV once and sends each e-mail once, with every instance running its workers', async () => {
    const db = new pg.Client({ connectionString: cluster.databases.candidate });
    await db.connect();
    try {
      const ids = applicants.map((a) => a.cvId);
      await expect
        .poll(
          async () =>
            (
              await db.query<{ n: string }>(
                `select count(*) as n from cvs where id = any($1) and parse_status = 'Pending'`,
                [ids],
              )
            ).rows[0]!.n,
          { timeout: WAIT_MS },
        )
        .toBe('0');
      const rows = (
        await db.query<{ parse_status: string; parse_attempts: number }>(
          'select parse_status, parse_attempts from cvs where id = any($1)',
          [ids],
        )
      ).rows;
      expect(rows).toHaveLength(ids.length);
      for (const row of rows) expect(row).toEqual({ parse_status: 'Parsed', parse_attempts: 1 });
    } finally {
      await db.end();
    }
    // Every e-mail an applicant got is a different one: none was sent twice by two instances.
    for (const applicant of applicants) {
      const messages = messagesTo(cluster.mail, applicant.email);
      expect(messages.length).toBeGreaterThan(0);
      expect(new Set(messages.map((m) => m.text)).size).toBe(messages.length);
    }
  });

  it('serves a job changed through one instance fresh on every instance within the job cache bound (3 s)', async () => {
    const read = () => call(`${cluster.candidateUrl}/job/${jobId}`);
    const warm = [await read(), await read(), await read(), await read()];
    expect(names(warm)).toEqual(new Set(['candidate-1', 'candidate-2']));
    const before = warm[0]!.json<{ title: string }>().title;
    const title = `Cluster engineer ${randomUUID().slice(0, 6)}`;
    const changed = expectStatus(
      'changing the job',
      await call(`${cluster.candidateUrl}/business/jobs/${jobId}`, {
        method: 'PUT',
        token: employer.accessToken,
        json: { title, ...JOB_FIELDS },
      }),
    );
    const changedAt = Date.now();
    const seen: { at: number; instance: string | undefined; title: string }[] = [];
    // At least 4.5 s, and until each instance has answered at least once past 3.5 s (a loaded machine is slow).
    const answeredLate = () => new Set(seen.filter((s) => s.at > 3_500).map((s) => s.instance)).size === 2;
    while ((Date.now() - changedAt < 4_500 || !answeredLate()) && Date.now() - changedAt < 20_000) {
      const startedAt = Date.now() - changedAt;
      const answer = expectStatus('reading the job', await read());
      seen.push({
        at: startedAt,
        instance: cluster.instanceAt(answer.upstream),
        title: answer.json<{ title: string }>().title,
      });
      await sleep(50);
    }
    expect(seen.every((s) => s.title === title || s.title === before)).toBe(true);
    const stale = seen.filter((s) => s.title !== title);
    // Never stale past the bound (plus the time a read takes); the instance that made the change, never.
    for (const s of stale) expect(s.at).toBeLessThan(3_000 + 250);
    expect(stale.filter((s) => s.instance === cluster.instanceAt(changed.upstream))).toEqual([]);
    const late = seen.filter((s) => s.at > 3_500);
    expect(new Set(late.map((s) => s.instance))).toEqual(new Set(['candidate-1', 'candidate-2']));
    expect(late.every((s) => s.title === title)).toBe(true);
    note(
      `job cache: ${stale.length} stale answers of ${seen.length}, the last one asked ${stale.at(-1)?.at ?? '-'} ms after the change`,
    );
  });

  it('verifies tokens of a newly added signing key on every candidate instance, and old tokens keep working', async () => {
    const oldSession = await signInByCode(cluster, applicants[2]!.email, '127.0.0.51');
    const oldKid = jwtHeader(oldSession.accessToken).kid;
    // Phase 1 (operations.md): the new key is published everywhere before anyone signs with it. An older
    // modification time than the current key's keeps it from signing.
    const pem = newSigningKeyPem();
    for (const dir of cluster.identityDataDirs) {
      const file = path.join(dir, 'identity-keys', 'key-2.pem');
      writeFileSync(file, pem, { mode: 0o600 });
      utimesSync(file, new Date('2001-01-01T00:00:00Z'), new Date('2001-01-01T00:00:00Z'));
    }
    for (const instance of cluster.byPart('identity')) {
      await cluster.restartInRotation(instance);
    }
    for (const instance of cluster.byPart('identity')) {
      const jwks = expectStatus('the JWKS', await call(`${instance.url}/.well-known/jwks.json`)).json<{
        keys: { kid: string }[];
      }>();
      expect(jwks.keys).toHaveLength(2);
    }
    expect(jwtHeader((await signInByCode(cluster, applicants[2]!.email, '127.0.0.51')).accessToken).kid).toBe(oldKid);
    // Phase 2: the new key becomes the newest and signs, on each instance in turn.
    for (const dir of cluster.identityDataDirs)
      utimesSync(path.join(dir, 'identity-keys', 'key-2.pem'), new Date(), new Date());
    for (const instance of cluster.byPart('identity')) {
      await cluster.restartInRotation(instance);
    }
    const newSession = await signInByCode(cluster, applicants[3]!.email, '127.0.0.52');
    expect(jwtHeader(newSession.accessToken).kid).not.toBe(oldKid);
    // The candidate instances last fetched the keys at their first verification; jose refetches an unknown kid after 30 s.
    const wait = firstVerification + 31_000 - Date.now();
    if (wait > 0) await sleep(wait);
    const uses: Answer[] = [];
    for (const token of [
      newSession.accessToken,
      newSession.accessToken,
      oldSession.accessToken,
      oldSession.accessToken,
      newSession.accessToken,
      oldSession.accessToken,
    ]) {
      uses.push(
        expectStatus(
          'a call with the token',
          await call(`${cluster.candidateUrl}/job-applications?page=1&pageSize=10`, { token }),
        ),
      );
    }
    expect(names(uses.filter((_, i) => [0, 1, 4].includes(i)))).toEqual(new Set(['candidate-1', 'candidate-2']));
    expect(names(uses.filter((_, i) => [2, 3, 5].includes(i)))).toEqual(new Set(['candidate-1', 'candidate-2']));
    // A session whose last access token the old key signed still refreshes (the key is still published).
    const refreshed = await call(`${cluster.identityUrl}/api/account/refresh`, {
      from: '127.0.0.51',
      json: { accessToken: oldSession.accessToken, refreshToken: oldSession.refreshToken, ipAddress: '' },
    });
    expect(refreshed.status).toBe(200);
    expect(jwtHeader(refreshed.json<{ accessToken: string }>().accessToken).kid).toBe(
      jwtHeader(newSession.accessToken).kid,
    );
  });

  it('loses no request while every instance in turn is restarted (SIGTERM) as candidates apply', async () => {
    let running = true;
    let next = 0;
    const done: Applicant[] = [];
    const failures: string[] = [];
    const portalAnswers: number[] = [];
    const worker = async () => {
      while (running) {
        const n = next++;
        try {
          done.push(
            await signUpAndApply(cluster, jobId, {
              from: `127.0.${1 + Math.floor(n / 200)}.${1 + (n % 200)}`,
              label: 'rolling',
            }),
          );
          portalAnswers.push((await call(`${cluster.portalUrl}/apply/${jobId}`)).status);
        } catch (error) {
          failures.push(error instanceof Error ? error.message : String(error));
        }
      }
    };
    // A slow CV upload straight to candidate-1, still being sent when its SIGTERM comes: drained, not cut.
    const uploader = await signInByCode(cluster, applicants[3]!.email, '127.0.0.53');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(applicants[3]!.cv)], { type: 'application/pdf' }), 'slow-upload.pdf');
    const candidate1 = cluster.byPart('candidate')[0]!;
    let slowUpload: Promise<{ answer: Answer; at: number }> | undefined;
    const workers = [worker(), worker(), worker()];
    const exitCodes: Record<string, number | null> = {};
    try {
      await sleep(1_000);
      for (const instance of cluster.instances) {
        if (instance === candidate1) {
          slowUpload = call(`${candidate1.url}/cvs`, {
            token: uploader.accessToken,
            form,
            trickle: { pieces: 40, pauseMs: 150 },
          }).then((answer) => ({ answer, at: Date.now() }));
        }
        exitCodes[instance.name] = await cluster.restartInRotation(instance);
      }
    } finally {
      running = false;
      await Promise.all(workers);
    }
    note(
      `rolling restart: ${done.length} sign-ups with applications and ${portalAnswers.length} apply pages while 6 instances restarted, ${failures.length} failures`,
    );
    expect(failures, failures.join('\n')).toEqual([]);
    const drained = await slowUpload!;
    expect(drained.answer.status, drained.answer.text()).toBe(200);
    expect(drained.at).toBeGreaterThan(candidate1.lastSigtermAt);
    expect(Object.values(exitCodes)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(portalAnswers.every((s) => s === 200)).toBe(true);
    expect(done.length).toBeGreaterThan(6);
    const db = new pg.Client({ connectionString: cluster.databases.candidate });
    await db.connect();
    try {
      const stored = await db.query<{ n: string }>('select count(*) as n from job_applications where id = any($1)', [
        done.map((a) => a.applicationId),
      ]);
      expect(Number(stored.rows[0]!.n)).toBe(done.length);
      // Every CV uploaded while the workers' instances were being restarted is parsed, and parsed once.
      const ids = done.map((a) => a.cvId);
      const waitFrom = Date.now();
      const pending = async () =>
        (
          await db.query<{ n: string }>(
            `select count(*) as n from cvs where id = any($1) and parse_status = 'Pending'`,
            [ids],
          )
        ).rows[0]!.n;
      await expect.poll(pending, { timeout: 120_000, interval: 500 }).toBe('0');
      note(
        `rolling restart: the last of ${ids.length} CVs parsed ${Date.now() - waitFrom} ms after the restarts ended`,
      );
      const parsed = await db.query<{ parse_status: string; parse_attempts: number; n: string }>(
        'select parse_status, parse_attempts, count(*) as n from cvs where id = any($1) group by 1, 2',
        [ids],
      );
      note(`rolling restart: CV parsing ${JSON.stringify(parsed.rows)}`);
      expect(parsed.rows).toEqual([{ parse_status: 'Parsed', parse_attempts: 1, n: String(ids.length) }]);
    } finally {
      await db.end();
    }
  }, 240_000);

  it('backs up both databases and the object store, and a restore into empty ones serves the same CV to the same candidate', async () => {
    const applicant = applicants[0]!;
    const backupDir = path.join(cluster.workDir, 'backup');
    const source = {
      IDENTITY_DATABASE_URL: cluster.databases.identity,
      CANDIDATE_DATABASE_URL: cluster.databases.candidate,
      S3_ENDPOINT: cluster.s3Endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
    const backup = await runScript('scripts/backup.ts', [backupDir], source);
    expect(backup.status, backup.output).toBe(0);
    expect(readdirSync(backupDir).sort()).toEqual(['candidate.dump', 'identity.dump', 'manifest.json', 'objects']);

    const target = {
      ...source,
      IDENTITY_DATABASE_URL: await cluster.createDatabase('restored_identity'),
      CANDIDATE_DATABASE_URL: await cluster.createDatabase('restored_candidate'),
      S3_ENDPOINT: await cluster.startObjectStore(),
    };
    const restore = await runScript('scripts/restore.ts', [backupDir], target);
    expect(restore.status, restore.output).toBe(0);
    // Never into something that holds data: a second restore into the same targets is refused.
    const again = await runScript('scripts/restore.ts', [backupDir], target);
    expect(again.status).toBe(2);
    expect(again.output).toContain('is not empty');

    // One identity and one candidate instance on the restored copy, with the same secrets and signing keys.
    const identityPort = await freePortFor();
    const candidatePort = await freePortFor();
    const identityDir = path.join(cluster.workDir, 'restored-identity');
    const candidateDir = path.join(cluster.workDir, 'restored-candidate');
    mkdirSync(path.join(identityDir, 'identity-keys'), { recursive: true, mode: 0o700 });
    mkdirSync(candidateDir);
    const keysFrom = path.join(cluster.identityDataDirs[0]!, 'identity-keys');
    for (const file of readdirSync(keysFrom))
      copyFileSync(path.join(keysFrom, file), path.join(identityDir, 'identity-keys', file));
    const env = {
      ...cleanEnv(),
      ...cluster.sharedEnv,
      ...target,
      IDENTITY_URL: `http://127.0.0.1:${identityPort}`,
      CANDIDATE_URL: `http://127.0.0.1:${candidatePort}`,
      REDIS_KEY_PREFIX: `${cluster.redisPrefix}restored:`,
    };
    const restored = [
      new Instance('restored-identity', 'identity', identityPort, () => ({
        ...env,
        DATA_DIR: identityDir,
        IDENTITY_PORT: String(identityPort),
      })),
      new Instance('restored-candidate', 'candidate', candidatePort, () => ({
        ...env,
        DATA_DIR: candidateDir,
        CANDIDATE_PORT: String(candidatePort),
      })),
    ];
    try {
      for (const instance of restored) await instance.start();
      const session = await signInByCode({ ...cluster, identityUrl: restored[0]!.url }, applicant.email, '127.0.0.60');
      const download = expectStatus(
        'downloading the restored CV',
        await call(`${restored[1]!.url}/cvs/download/${applicant.cvId}`, { token: session.accessToken }),
      );
      expect(download.body.equals(applicant.cv)).toBe(true);
      const list = expectStatus(
        'the restored applications',
        await call(`${restored[1]!.url}/job-applications?page=1&pageSize=10`, { token: session.accessToken }),
      ).json<{
        applications: { id: string }[];
      }>();
      expect(list.applications.map((a) => a.id)).toEqual([applicant.applicationId]);
    } finally {
      for (const instance of restored) await instance.stop();
    }
  });
});
