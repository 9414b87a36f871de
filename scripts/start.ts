/**
 * `npm start`: builds the portal, then runs the portal, the identity service and the candidate service
 * as three processes with the embedded defaults (or whatever the environment sets), waits until they
 * are ready, and prints where everything is.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { supervise } from '@careers/server-kit/supervisor';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env };
const portal = env.PORTAL_URL ?? `http://localhost:${env.WEB_PORT ?? 3000}`;
const identity = env.IDENTITY_URL ?? `http://localhost:${env.IDENTITY_PORT ?? 3001}`;
const candidate = env.CANDIDATE_URL ?? `http://localhost:${env.CANDIDATE_PORT ?? 3002}`;
// The three parts must agree on each other's addresses; derive them once here.
Object.assign(env, { PORTAL_URL: portal, IDENTITY_URL: identity, CANDIDATE_URL: candidate });
// A person at a terminal reads the banner below, then what goes wrong: readable lines, warnings and
// errors only. Production runs the parts directly and keeps JSON at info (docs/decisions/0096).
env.LOG_LEVEL ||= 'warn';
env.LOG_FORMAT ||= 'text';
// The embedded default keeps every e-mail of both services in the one dev outbox; contact messages go to a
// made-up provider inbox there too, so that a newcomer sees them arrive (docs/decisions/0282).
const embeddedMail = !env.SMTP_URL && !env.IDENTITY_DATABASE_URL && !env.CANDIDATE_DATABASE_URL;
if (embeddedMail) env.CONTACT_EMAIL ||= 'contact@careers.localhost';

if (env.SKIP_WEB_BUILD !== 'true') {
  const started = Date.now();
  process.stdout.write('Building the portal… ');
  // Vite's table of every chunk is for whoever works on the bundle (`npm run build` shows it); here it
  // would push the banner off the screen. Shown only when the build fails.
  const build = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web', '--silent'], {
    cwd: root,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (build.status !== 0) {
    console.log('failed:');
    process.stdout.write(build.stdout ?? '');
    process.stderr.write(build.stderr ?? '');
    process.exit(build.status ?? 1);
  }
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
console.log('Starting the identity service, the candidate service and the portal…');

// The parts run as production runs them: compiled JavaScript under plain node, built with this script
// itself by `npm start` (scripts/build-servers.mjs).
const parts = [
  { name: 'identity', entry: 'services/identity/dist/server.js', url: identity, ready: '/readyz' },
  { name: 'candidate', entry: 'services/candidate/dist/server.js', url: candidate, ready: '/readyz' },
  { name: 'portal', entry: 'apps/web/server-dist/server.js', url: portal, ready: '/healthz' },
];

// A part that exits on its own is restarted with back-off while the others keep serving; one that
// refuses its configuration (exit code 2) stops everything, since a restart cannot cure it.
const supervisor = supervise(
  parts.map((part) => ({
    name: part.name,
    start: () => spawn(process.execPath, ['--enable-source-maps', part.entry], { cwd: root, env, stdio: 'inherit' }),
  })),
  { onFatal: () => process.exit(1) },
);
let stopping = false;
function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  void supervisor.stop().then(() => process.exit(code));
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

async function waitReady(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not become ready`);
}

try {
  const deadline = Date.now() + 60_000;
  await Promise.all(parts.map((p) => waitReady(p.url + p.ready, deadline)));
} catch (err) {
  console.error(String(err));
  stopAll(1);
}

let demoLinks: string[] = [];
let demoLogins: string[] = [];
if (!env.CANDIDATE_DATABASE_URL && env.SEED_DEMO !== 'false') {
  // The embedded default comes with demo employers and jobs so the apply page can be tried at once.
  const { seedDemo, DEMO_BUSINESSES, DEMO_PASSWORD } = await import('./seed-demo');
  demoLogins = DEMO_BUSINESSES.map((demo) => `${demo.email}  (${demo.name})`);
  demoLogins.push(`password for each: ${DEMO_PASSWORD}`);
  demoLinks = await seedDemo({
    identityUrl: identity,
    candidateUrl: candidate,
    portalUrl: portal,
    onlyIfEmpty: true,
  }).catch((err: unknown) => {
    console.error('Could not create the demo data:', err);
    demoLogins = [];
    return [];
  });
}

console.log(banner());

/** What a newcomer needs in the first minute: where things are, how to sign in, what surprises. */
function banner(): string {
  const devOutbox = !env.SMTP_URL && !env.IDENTITY_DATABASE_URL;
  const mail = env.SMTP_URL
    ? `sent through ${env.SMTP_URL.replace(/\/\/[^@/]*@/, '//***@')}`
    : devOutbox
      ? `kept in the dev outbox: ${identity}/dev/outbox (from this machine only)`
      : 'not sent: set SMTP_URL (a PostgreSQL setup has no dev outbox)';
  const codes = devOutbox
    ? `ask for one on the portal, then open the dev outbox: the newest e-mail's subject ends with the 6 digits`
    : 'in the e-mail sent to the address';
  const interval = env.SEND_INTERVAL_SECONDS || '60';
  const perHour = env.SENDS_PER_HOUR || '10';
  return [
    '',
    `  Candidate portal   ${portal}`,
    `  Employer console   ${portal}/employer   (employers sign up and sign in there)`,
    `  Identity service   ${identity}   (API docs ${identity}/docs)`,
    `  Candidate service  ${candidate}   (API docs ${candidate}/docs)`,
    `  E-mails            ${mail}`,
    `  Sign-in codes      ${codes}`,
    ...(demoLinks.length ? ['', '  Apply to a demo job:', ...demoLinks.map((l) => `    ${l}`)] : []),
    ...(demoLogins.length
      ? ['', `  Demo employers (sign in at ${portal}/employer/login):`, ...demoLogins.map((l) => `    ${l}`)]
      : []),
    '',
    '  Good to know:',
    `    A new code e-mail to one address waits ${interval} s after the last (SEND_INTERVAL_SECONDS), at most ${perHour} an hour (SENDS_PER_HOUR).`,
    env.CONTACT_EMAIL
      ? `    Contact messages are forwarded to ${env.CONTACT_EMAIL} (CONTACT_EMAIL)${embeddedMail ? ', in the dev outbox as well' : ''}.`
      : '    Contact messages are stored but forwarded nowhere until CONTACT_EMAIL is set.',
    `    The portal shows the environment label "${env.APP_ENVIRONMENT || 'Production'}" while it loads (APP_ENVIRONMENT).`,
    `    Data lives in ${path.resolve(root, env.DATA_DIR || 'data')} (DATA_DIR); delete it to start afresh.`,
    `    Logs below: ${env.LOG_LEVEL} and above as ${env.LOG_FORMAT === 'text' ? 'readable lines' : 'JSON'} (LOG_LEVEL, LOG_FORMAT; LOG_LEVEL=info LOG_FORMAT=json logs every request as production does).`,
    '',
    '  Stop with Ctrl+C.',
    '',
  ].join('\n');
}
