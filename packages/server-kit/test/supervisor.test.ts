import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { supervise, type Supervisor } from '../src/supervisor';

const node = (script: string) => () => spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
// Stays up until SIGTERM, like a service.
const service = node("setInterval(() => {}, 1000); process.on('SIGTERM', () => process.exit(0));");
const until = async (check: () => boolean, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

let supervisor: Supervisor | undefined;
afterEach(async () => {
  await supervisor?.stop();
  supervisor = undefined;
});

describe('supervise', () => {
  it('restarts a part that crashes, with a growing delay, and leaves the others running', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'supervise-'));
    const counter = path.join(dir, 'starts');
    await fs.writeFile(counter, '0');
    // Crashes on its first two starts, then stays up.
    const flaky = node(
      `const fs = require('fs'); const n = Number(fs.readFileSync(${JSON.stringify(counter)}, 'utf8')) + 1;` +
        `fs.writeFileSync(${JSON.stringify(counter)}, String(n)); if (n < 3) process.exit(1);` +
        "setInterval(() => {}, 1000); process.on('SIGTERM', () => process.exit(0));",
    );
    const lines: string[] = [];
    supervisor = supervise(
      [
        { name: 'steady', start: service },
        { name: 'flaky', start: flaky },
      ],
      { log: (line) => lines.push(line), initialDelayMs: 50 },
    );
    const steady = supervisor.current('steady');
    await until(() => Number(readFileSync(counter, 'utf8')) === 3);
    expect(lines).toEqual([
      'flaky stopped unexpectedly (exit code 1); restarting in 50 ms (restart 1).',
      'flaky stopped unexpectedly (exit code 1); restarting in 100 ms (restart 2).',
    ]);
    expect(supervisor.current('steady')).toBe(steady);
    expect(steady?.exitCode).toBeNull();

    const flakyNow = supervisor.current('flaky')!;
    await supervisor.stop();
    expect(steady?.signalCode ?? steady?.exitCode).not.toBeNull();
    expect(flakyNow.exitCode ?? flakyNow.signalCode).not.toBeNull();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('stops everything, without a restart loop, when a part refuses its configuration', async () => {
    const lines: string[] = [];
    let fatal: [string, number] | undefined;
    supervisor = supervise(
      [
        { name: 'steady', start: service },
        { name: 'misconfigured', start: node('process.exit(2)') },
      ],
      { log: (line) => lines.push(line), initialDelayMs: 10, onFatal: (name, code) => (fatal = [name, code]) },
    );
    const steady = supervisor.current('steady')!;
    await until(() => fatal !== undefined);
    expect(fatal).toEqual(['misconfigured', 2]);
    expect(steady.exitCode ?? steady.signalCode).not.toBeNull();
    expect(lines).toEqual(['misconfigured cannot start (exit code 2); stopping the others.']);
  });
});
