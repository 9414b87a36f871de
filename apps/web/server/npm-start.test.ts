// @vitest-environment node
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@careers/server-kit/testing';
import { DEMO_BUSINESSES, logIn } from '../../../scripts/seed-demo';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'npm-start-'));
  // A stand-in build of the portal: the banner, not the bundle, is under test (and the shared
  // apps/web/dist stays untouched while other suites run).
  await writeFile(join(work, 'index.html'), '<!doctype html><title>Careers Portal</title><div id="root"></div>');
  const compiled = spawnSync(process.execPath, ['scripts/build-servers.mjs'], { cwd: repoRoot, encoding: 'utf8' });
  if (compiled.status !== 0) throw new Error(compiled.stderr);
});
afterAll(async () => rm(work, { recursive: true, force: true }));

describe('npm start (the embedded default)', () => {
  it('ends with its banner: addresses, demo apply links, where e-mails go, how to read a code, the surprising defaults; no JSON lines', async () => {
    const [web, identity, candidate] = [await freePort(), await freePort(), await freePort()];
    // A clean environment, as a newcomer's shell: nothing set (node is named by its path; no build, so no npm).
    const child = spawn(process.execPath, ['dist/start.js'], {
      cwd: repoRoot,
      env: {
        SKIP_WEB_BUILD: 'true',
        PORTAL_DIST_DIR: work,
        DATA_DIR: join(work, 'data'),
        WEB_PORT: String(web),
        IDENTITY_PORT: String(identity),
        CANDIDATE_PORT: String(candidate),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      const deadline = Date.now() + 90_000;
      while (!output.includes('Stop with Ctrl+C.') && Date.now() < deadline && child.exitCode === null)
        await new Promise((r) => setTimeout(r, 200));
      // Whatever the parts would log in the next moment comes after the banner, not before it.
      await new Promise((r) => setTimeout(r, 500));
      const lines = output.trimEnd().split('\n');
      expect(lines.at(-1)?.trim(), output).toBe('Stop with Ctrl+C.');
      expect(output).not.toMatch(/^\{"level"/m);
      expect(output).not.toContain('incoming request');
      expect(lines.length, output).toBeLessThan(40);
      expect(output).toContain(`  Candidate portal   http://localhost:${web}`);
      expect(output).toContain(
        `  Identity service   http://localhost:${identity}   (API docs http://localhost:${identity}/docs)`,
      );
      expect(output).toContain(
        `  E-mails            kept in the dev outbox: http://localhost:${identity}/dev/outbox (from this machine only)`,
      );
      expect(output).toContain("open the dev outbox: the newest e-mail's subject ends with the 6 digits");
      expect(output).toMatch(new RegExp(`^ {4}http://localhost:${web}/apply/[0-9a-f-]{36} {3}\\S`, 'm'));
      expect(output).toContain('waits 60 s after the last (SEND_INTERVAL_SECONDS)');
      expect(output).toContain(
        'Contact messages are forwarded to contact@careers.localhost (CONTACT_EMAIL), in the dev outbox as well.',
      );
      expect(output).toContain('the environment label "Production"');
      expect(output).toContain('Logs below: warn and above as readable lines');

      // Every e-mail of both services in the one dev outbox: a demo employer (seeded through its reset
      // e-mail, the identity service's) invites a recruiter, an e-mail of the candidate service.
      const identityUrl = `http://localhost:${identity}`;
      const accessToken = await logIn(identityUrl, DEMO_BUSINESSES[0]!.email);
      const invited = await fetch(`http://localhost:${candidate}/business/team/invitations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({ email: 'new.recruiter@example.test', role: 'Recruiter' }),
      });
      expect(invited.status).toBe(200);
      const kept = (await (await fetch(`${identityUrl}/dev/outbox`)).json()) as { to: string; kind: string }[];
      expect(kept[0]).toMatchObject({ to: 'new.recruiter@example.test', kind: 'team-invitation-link' });
      expect(kept.some((m) => m.kind === 'password-reset-link')).toBe(true);
      const page = await fetch(`${identityUrl}/dev/outbox`, { headers: { accept: 'text/html' } });
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await page.text()).toContain('new.recruiter@example.test');
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
    expect(child.exitCode).toBe(0);
  }, 120_000);
});
