/**
 * deploy/ as an operator uses it: the environment template is accepted by every part once its
 * placeholders are filled, names every variable README documents, and the systemd units start the files
 * the build produces. (The nginx template is exercised by cluster.test.ts.)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig as loadCandidateConfig } from '../../services/candidate/src/config';
import { loadConfig as loadIdentityConfig } from '../../services/identity/src/config';
import { parsePortalEnv } from '../../apps/web/server/config';
import { parseEnvFile } from '../support/cluster';
import { repoRoot } from '../support/stack';

const template = readFileSync(path.join(repoRoot, 'deploy/careers.env.example'), 'utf8');

/** The template with what an operator must fill in filled in. */
function filledTemplate(): Record<string, string> {
  const env = parseEnvFile(template);
  for (const [key, value] of Object.entries(env)) env[key] = value.replaceAll('CHANGE', 'filled-in');
  return { ...env, BOT_CHECK_SECRET: 'b'.repeat(48), OTP_PEPPER: 'p'.repeat(48), UNSUBSCRIBE_SECRET: 'u'.repeat(48) };
}

describe('deploy/', () => {
  it('has an environment template that the identity, candidate and portal configurations accept once filled in', () => {
    const env = filledTemplate();
    const identity = loadIdentityConfig(env);
    expect(identity.secrets.botCheckSecret).toBe('b'.repeat(48));
    expect(identity.redisUrl).toBe(env.REDIS_URL);
    expect(identity.trustProxy).toBeTruthy();
    const candidate = loadCandidateConfig(env);
    expect(candidate.storage.kind).toBe('s3');
    expect(parsePortalEnv(env)).toMatchObject({ ok: true });
  });

  it('refuses the template as shipped: its placeholder secrets stop every identity instance', () => {
    expect(() => loadIdentityConfig(parseEnvFile(template))).toThrow(
      /BOT_CHECK_SECRET[\s\S]*OTP_PEPPER|OTP_PEPPER[\s\S]*BOT_CHECK_SECRET/,
    );
    expect(() => loadCandidateConfig(parseEnvFile(template))).toThrow(/UNSUBSCRIBE_SECRET/);
  });

  it('names every variable README documents (ports and DATA_DIR come from the units)', () => {
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const documented = new Set(
      [...readme.matchAll(/^\| ([A-Z][A-Z0-9_]+(?:, [A-Z][A-Z0-9_]+)*) \|/gm)].flatMap((m) => m[1]!.split(', ')),
    );
    expect(documented.size).toBeGreaterThan(30);
    const inTemplate = new Set([...template.matchAll(/^(?:# )?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!));
    const fromUnits = ['IDENTITY_PORT', 'CANDIDATE_PORT', 'WEB_PORT', 'DATA_DIR'];
    const missing = [...documented].filter(
      (name) => !inTemplate.has(name) && !fromUnits.includes(name) && !template.includes(name),
    );
    expect(missing).toEqual([]);
  });

  it('has systemd units that run the compiled servers and scripts with the shared environment file', () => {
    const dir = path.join(repoRoot, 'deploy/systemd');
    const units = readdirSync(dir).filter((f) => f.endsWith('.service'));
    expect(units.sort()).toEqual([
      'careers-backup.service',
      'careers-candidate@.service',
      'careers-identity@.service',
      'careers-migrate.service',
      'careers-portal@.service',
    ]);
    for (const unit of units) {
      const text = readFileSync(path.join(dir, unit), 'utf8');
      expect(text).toContain('EnvironmentFile=/etc/careers/careers.env');
      const execStart = /^ExecStart=(.*)$/m.exec(text)?.[1] ?? '';
      const files = [...execStart.matchAll(/(?:services|apps|scripts)\/[\w./-]+\.(?:js|ts)/g)].map((m) => m[0]);
      expect(files, unit).toHaveLength(1);
      // The compiled servers exist once scripts/build-servers.mjs ran (the browser suite's setup runs it).
      expect(existsSync(path.join(repoRoot, files[0]!)), `${unit}: ${files[0]}`).toBe(true);
    }
    expect(readFileSync(path.join(dir, 'careers-backup.timer'), 'utf8')).toMatch(/^OnCalendar=/m);
  });
});
