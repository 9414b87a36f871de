/**
 * deploy/ as an operator uses it: the environment templates are accepted by every part once their
 * placeholders are filled, keep each part's secrets apart, bind loopback, and name every variable README
 * documents; the systemd units run each part as a user of its own, with its own secrets file, memory and
 * task limits, and start compiled files that a production install (development dependencies pruned)
 * can run. (The nginx template is exercised by nginx-front.test.ts and cluster.test.ts.)
 */
import { builtinModules } from 'node:module';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig as loadCandidateConfig } from '../../services/candidate/src/config';
import { loadConfig as loadIdentityConfig } from '../../services/identity/src/config';
import { parsePortalEnv } from '../../apps/web/server/config';
import { openObjectStore } from '../../scripts/backup-store';
import { parseEnvFile } from '../support/cluster';
import { repoRoot } from '../support/stack';

const read = (file: string) => readFileSync(path.join(repoRoot, 'deploy', file), 'utf8');
const SECRETS_FILES = ['identity', 'candidate', 'portal', 'backup'] as const;
type Part = (typeof SECRETS_FILES)[number];
const shared = read('careers.env.example');
const secretsOf = (part: Part) => read(`${part}.env.example`);

/** What systemd gives a part: the shared file, then the part's own, with what the operator fills in. */
function filled(part: Part): Record<string, string> {
  const env = { ...parseEnvFile(shared), ...parseEnvFile(secretsOf(part)) };
  for (const [key, value] of Object.entries(env)) env[key] = value.replaceAll('CHANGE', 'filled-in');
  for (const key of [
    'BOT_CHECK_SECRET',
    'OTP_PEPPER',
    'UNSUBSCRIBE_SECRET',
    'INTERNAL_API_TOKEN',
    'CRAWLER_REPORT_TOKEN',
  ])
    if (key in env) env[key] = `${part}-${key}-`.padEnd(48, 'x');
  return env;
}

/** Variables whose value is a credential: none may be set in the shared file. */
const SECRET_VARIABLES = [
  'BOT_CHECK_SECRET',
  'OTP_PEPPER',
  'UNSUBSCRIBE_SECRET',
  'JWT_PRIVATE_KEY',
  'IDENTITY_DATABASE_URL',
  'CANDIDATE_DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'METRICS_TOKEN',
  'INTERNAL_API_TOKEN',
  'CRAWLER_REPORT_TOKEN',
];

describe('deploy/ environment files', () => {
  it('are accepted by the identity, candidate and portal configurations and the backup once filled in', () => {
    const identity = loadIdentityConfig(filled('identity'));
    expect(identity.secrets.otpPepper).toMatch(/^identity-OTP_PEPPER-/);
    expect(identity.database.url).toContain('careers_identity');
    expect(identity.trustProxy).toBeTruthy();
    const candidate = loadCandidateConfig(filled('candidate'));
    expect(candidate.storage.kind).toBe('s3');
    expect(candidate.database.url).toContain('careers_candidate');
    expect(parsePortalEnv(filled('portal'))).toMatchObject({
      ok: true,
      config: {
        trustProxy: ['10.0.0.10'],
        crawlerReport: { candidateUrl: 'http://10.0.0.12:3002', token: expect.stringMatching(/^portal-CRAWLER/) },
      },
    });
    expect(candidate.crawlerReport.token).toMatch(/^candidate-CRAWLER_REPORT_TOKEN-/);
    expect(openObjectStore(filled('backup')).describe).toContain('careers-files');
  });

  it('are refused as shipped: their placeholder secrets stop every instance', () => {
    const asShipped = (part: Part) => ({ ...parseEnvFile(shared), ...parseEnvFile(secretsOf(part)) });
    expect(() => loadIdentityConfig(asShipped('identity'))).toThrow(
      /BOT_CHECK_SECRET[\s\S]*OTP_PEPPER|OTP_PEPPER[\s\S]*BOT_CHECK_SECRET/,
    );
    expect(() => loadCandidateConfig(asShipped('candidate'))).toThrow(/UNSUBSCRIBE_SECRET/);
    expect(() => loadCandidateConfig(asShipped('candidate'))).toThrow(/CRAWLER_REPORT_TOKEN/);
    expect(parsePortalEnv(asShipped('portal'))).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/^CRAWLER_REPORT_TOKEN: /)],
    });
  });

  it('keep each part’s secrets in its own file: the shared one has none, the candidate’s none of identity’s', () => {
    const set = (text: string) => new Set(Object.keys(parseEnvFile(text)));
    expect(SECRET_VARIABLES.filter((name) => set(shared).has(name))).toEqual([]);
    // The service that parses strangers' files, the portal and the backup get no identity secret.
    for (const part of ['candidate', 'portal', 'backup'] as const)
      expect(
        ['OTP_PEPPER', 'JWT_PRIVATE_KEY', 'IDENTITY_DATABASE_URL'].filter((n) => set(secretsOf(part)).has(n)),
        part,
      ).toEqual(part === 'backup' ? ['IDENTITY_DATABASE_URL'] : []);
    expect(
      ['UNSUBSCRIBE_SECRET', 'CANDIDATE_DATABASE_URL', 'S3_SECRET_ACCESS_KEY'].filter((n) =>
        set(secretsOf('identity')).has(n),
      ),
    ).toEqual([]);
    // The portal holds the credential of its crawler reports (decision 0514), and no other.
    expect([...set(secretsOf('portal'))].sort()).toEqual(['CANDIDATE_INTERNAL_URL', 'CRAWLER_REPORT_TOKEN']);
  });

  it('bind loopback by default, never every interface', () => {
    expect(parseEnvFile(shared).HOST).toBe('127.0.0.1');
    for (const text of [shared, ...SECRETS_FILES.map(secretsOf)]) expect(text).not.toMatch(/^\s*HOST=0\.0\.0\.0/m);
  });

  it('name every variable README documents (ports and DATA_DIR come from the units)', () => {
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const documented = new Set(
      [...readme.matchAll(/^\| ([A-Z][A-Z0-9_]+(?:, [A-Z][A-Z0-9_]+)*) \|/gm)].flatMap((m) => m[1]!.split(', ')),
    );
    expect(documented.size).toBeGreaterThan(30);
    const all = [shared, ...SECRETS_FILES.map(secretsOf)].join('\n');
    const fromUnits = ['IDENTITY_PORT', 'CANDIDATE_PORT', 'WEB_PORT', 'DATA_DIR'];
    const missing = [...documented].filter((name) => !fromUnits.includes(name) && !all.includes(name));
    expect(missing).toEqual([]);
  });
});

const unitsDir = path.join(repoRoot, 'deploy/systemd');
const unitFiles = readdirSync(unitsDir).filter((f) => f.endsWith('.service'));
const unit = (file: string) => readFileSync(path.join(unitsDir, file), 'utf8');
const values = (text: string, key: string) =>
  [...text.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((m) => m[1]!.trim());
/** A template unit's text for one instance (%i); the migrations run once per service. */
const instances = (file: string): [string, string][] =>
  file === 'careers-migrate@.service'
    ? ['identity', 'candidate'].map((part) => [`${file}(${part})`, unit(file).replaceAll('%i', () => part)])
    : [[file, unit(file).replaceAll('%i', '3101')]];

/** Packages a production install has: every workspace's dependencies, not its devDependencies. */
function productionPackages(): Set<string> {
  const manifests = ['package.json', 'apps/web/package.json'];
  for (const dir of ['services', 'packages'])
    for (const name of readdirSync(path.join(repoRoot, dir))) manifests.push(`${dir}/${name}/package.json`);
  const names = new Set<string>();
  for (const manifest of manifests) {
    const file = path.join(repoRoot, manifest);
    if (!existsSync(file)) continue;
    const json = JSON.parse(readFileSync(file, 'utf8')) as { name: string; dependencies?: Record<string, string> };
    if (json.name === '@careers/test-support') continue;
    for (const dependency of Object.keys(json.dependencies ?? {})) names.add(dependency);
  }
  return names;
}

/** The npm packages a compiled file imports statically (a missing one stops it at start). */
function staticImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const specifiers = [...code.matchAll(/^\s*import\s+(?:[^'"]*?\sfrom\s+)?["']([^"']+)["'];?$/gm)].map((m) => m[1]!);
  return specifiers
    .filter((s) => !s.startsWith('node:') && !s.startsWith('.') && !builtinModules.includes(s.split('/')[0]!))
    .map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!));
}

describe('deploy/ systemd units', () => {
  it('are the parts, their migrations and the backup', () => {
    expect(unitFiles.sort()).toEqual([
      'careers-backup.service',
      'careers-candidate@.service',
      'careers-identity@.service',
      'careers-migrate@.service',
      'careers-portal@.service',
    ]);
    expect(readFileSync(path.join(unitsDir, 'careers-backup.timer'), 'utf8')).toMatch(/^OnCalendar=/m);
  });

  it('run each part as a user of its own with its own secrets file, memory and task limits', () => {
    const users = new Map<string, string>();
    for (const file of unitFiles)
      for (const [name, text] of instances(file)) {
        const [user] = values(text, 'User');
        expect(user, name).toMatch(/^careers-(identity|candidate|portal|backup)$/);
        const part = user!.replace('careers-', '');
        users.set(name, user!);
        // Required (no leading '-'): a missing secrets file stops the unit instead of starting it without.
        expect(values(text, 'EnvironmentFile'), name).toEqual(['/etc/careers/careers.env', `/etc/careers/${part}.env`]);
        expect(values(text, 'MemoryMax'), name).toEqual([expect.stringMatching(/^\d+[MG]$/)]);
        expect(values(text, 'TasksMax'), name).toEqual([expect.stringMatching(/^\d+$/)]);
        expect(values(text, 'NoNewPrivileges'), name).toEqual(['true']);
        // Only the identity service's units can write (and so own) the folder with the signing keys.
        const writable = values(text, 'ReadWritePaths').join(' ');
        if (part !== 'identity') expect(writable, name).not.toContain('careers-identity');
        const dataDir = values(text, 'Environment').find((v) => v.startsWith('DATA_DIR='));
        if (dataDir) expect(dataDir, name).toBe(`DATA_DIR=/var/lib/careers-${part}`);
      }
    expect(users.get('careers-identity@.service')).toBe('careers-identity');
    expect(users.get('careers-candidate@.service')).toBe('careers-candidate');
    expect(users.get('careers-portal@.service')).toBe('careers-portal');
  });

  it('start compiled JavaScript under plain node, whose npm imports a production install has', () => {
    const production = productionPackages();
    for (const file of unitFiles)
      for (const [name, text] of instances(file)) {
        const [execStart = ''] = values(text, 'ExecStart');
        expect(execStart, name).not.toMatch(/tsx|\.ts\b/);
        const files = [...execStart.matchAll(/(?:^|[\s'"])((?:services|apps|dist)\/[\w./-]+\.js)/g)].map((m) => m[1]!);
        expect(files, name).toHaveLength(1);
        const compiled = path.join(repoRoot, files[0]!);
        // The compiled files exist once scripts/build-servers.mjs ran (the browser suite's setup runs it).
        expect(existsSync(compiled), `${name}: ${files[0]}`).toBe(true);
        const missing = staticImports(compiled).filter((pkg) => !production.has(pkg));
        expect(missing, `${name}: imports of development dependencies`).toEqual([]);
      }
  });
});
