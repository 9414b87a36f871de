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
  /** Makes a new secret; 32 random bytes in base64url unless the secret's use wants another alphabet. */
  generate: () => string = () => randomBytes(32).toString('base64url'),
): Promise<string> {
  if (configured) return configured;
  const generated = generate();
  if (ephemeral) return generated;
  const file = path.join(dir, `${name}.secret`);
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  // Written whole under a name of its own, then linked into place: link fails if another process linked
  // first (that one wins and we read it), and a reader never sees the file half written (two services
  // share the internal-api secret of the embedded default and start at once).
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await fs.writeFile(draft, generated, { mode: 0o600 });
  try {
    await fs.link(draft, file);
    return generated;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return (await fs.readFile(file, 'utf8')).trim();
  } finally {
    await fs.rm(draft, { force: true });
  }
}
