import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../src/env';
import { startService } from '../src/lifecycle';

class Exited extends Error {
  constructor(readonly code: number | undefined) {
    super(`process.exit(${code})`);
  }
}

/** Runs startService with process.exit and console.error caught: what it printed and the exit code. */
async function start(parts: Partial<Parameters<typeof startService>[0]>) {
  const printed: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
  vi.spyOn(process, 'exit').mockImplementation((code?: string | number | null) => {
    throw new Exited(code === null || code === undefined ? undefined : Number(code));
  });
  const config = { logLevel: 'silent', host: '127.0.0.1', port: 0 };
  const outcome = await startService({
    name: 'test',
    loadConfig: () => config,
    openDependencies: async () => ({}),
    buildApp: async () => {
      throw new Error('not reached');
    },
    ...parts,
  }).catch((err: unknown) => err);
  return { outcome, printed };
}

afterEach(() => vi.restoreAllMocks());

describe('startService refuses a bad configuration', () => {
  it('prints every bad setting and exits with code 2 before opening anything', async () => {
    const openDependencies = vi.fn(async () => ({}));
    const { outcome, printed } = await start({
      loadConfig: () => {
        throw new ConfigError('test service: invalid configuration\n  TEST_PORT: not a port\n  PORTAL_URL: not a URL');
      },
      openDependencies,
    });
    expect(outcome).toEqual(new Exited(2));
    expect(printed.join('\n')).toContain('TEST_PORT: not a port');
    expect(printed.join('\n')).toContain('PORTAL_URL: not a URL');
    expect(openDependencies).not.toHaveBeenCalled();
  });

  it('does the same for a setting found wrong only with the others (secrets shared by instances)', async () => {
    const { outcome, printed } = await start({
      openDependencies: async () => {
        throw new ConfigError('test service: invalid configuration\n  SECRET: must be set');
      },
    });
    expect(outcome).toEqual(new Exited(2));
    expect(printed.join('\n')).toContain('SECRET: must be set');
  });

  it('lets any other failure through as it is (a crash, not a configuration)', async () => {
    const failure = new Error('database unreachable');
    const { outcome } = await start({
      openDependencies: async () => {
        throw failure;
      },
    });
    expect(outcome).toBe(failure);
  });
});
