import { describe, expect, it, vi } from 'vitest';
import { config } from 'zod';
import { schemaLoader } from './schemas';

// docs/decisions/0220: every schema module loads after zod is configured for the portal's CSP.
describe('schemaLoader', () => {
  it('loads the module only once zod is set to jitless, and once', async () => {
    const load = vi.fn(async () => ({ jitless: config().jitless }));
    const loader = schemaLoader(load);
    expect(load).not.toHaveBeenCalled();
    await expect(loader()).resolves.toEqual({ jitless: true });
    await loader();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load, and a failure started early is not left unhandled', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('schemas');
    const loader = schemaLoader(load);
    const early = loader();
    await expect(early).rejects.toThrow('offline');
    await expect(loader()).resolves.toBe('schemas');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
