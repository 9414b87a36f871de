import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * A secret from configuration, else one generated on first start and kept under DATA_DIR (mode 0600)
 * so that it survives restarts; ephemeral (tests) keeps it in memory only.
 */
export async function loadOrCreateSecret(
  name: string,
  configured: string | undefined,
  dir: string,
  ephemeral: boolean,
): Promise<string> {
  if (configured) return configured;
  const generated = randomBytes(32).toString('base64url');
  if (ephemeral) return generated;
  const file = path.join(dir, `${name}.secret`);
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  try {
    // 'wx' fails if another process wrote it first; then that one wins and we read it.
    await fs.writeFile(file, generated, { mode: 0o600, flag: 'wx' });
    return generated;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return (await fs.readFile(file, 'utf8')).trim();
  }
}
