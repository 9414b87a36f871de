import fs from 'node:fs/promises';
import path from 'node:path';
import { createPublicKey } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, exportPKCS8, generateKeyPair, importPKCS8, type JWK } from 'jose';

export interface SigningKeys {
  /** The key new tokens are signed with. */
  current: { kid: string; privateKey: Awaited<ReturnType<typeof importPKCS8>> };
  /** Every public key a token may name by kid (the current one and older ones kept for rotation). */
  publicJwks: JWK[];
}

async function fromPem(pem: string) {
  const privateKey = await importPKCS8(pem, 'ES256', { extractable: true });
  const publicJwk = await exportJWK(createPublicKey(pem));
  const kid = await calculateJwkThumbprint(publicJwk);
  return { kid, privateKey, publicJwk: { ...publicJwk, kid, alg: 'ES256', use: 'sig' } as JWK };
}

/**
 * JWT_PRIVATE_KEY when set. Otherwise the keys kept under DATA_DIR/identity-keys/<kid>.pem, the newest
 * signing and all published (so that a new key can be dropped in without invalidating live tokens),
 * or a new key generated there on first start. Ephemeral (tests): a fresh key in memory.
 */
export async function loadSigningKeys(options: {
  configuredPem?: string | undefined;
  dir: string;
  ephemeral: boolean;
}): Promise<SigningKeys> {
  if (options.configuredPem) {
    const key = await fromPem(options.configuredPem.replace(/\\n/g, '\n'));
    return { current: { kid: key.kid, privateKey: key.privateKey }, publicJwks: [key.publicJwk] };
  }
  if (options.ephemeral) {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const key = await fromPem(await exportPKCS8(privateKey));
    return { current: { kid: key.kid, privateKey: key.privateKey }, publicJwks: [key.publicJwk] };
  }
  await fs.mkdir(options.dir, { recursive: true, mode: 0o700 });
  let files = await listPems(options.dir);
  if (files.length === 0) {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const pem = await exportPKCS8(privateKey);
    const { kid } = await fromPem(pem);
    await fs
      .writeFile(path.join(options.dir, `${kid}.pem`), pem, { mode: 0o600, flag: 'wx' })
      .catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'EEXIST') throw err;
      });
    files = await listPems(options.dir);
  }
  const keys = await Promise.all(files.map(async (f) => fromPem(await fs.readFile(f.file, 'utf8'))));
  const newest = keys[0]!;
  return { current: { kid: newest.kid, privateKey: newest.privateKey }, publicJwks: keys.map((k) => k.publicJwk) };
}

async function listPems(dir: string) {
  const names = (await fs.readdir(dir)).filter((n) => n.endsWith('.pem'));
  const stats = await Promise.all(
    names.map(async (n) => ({ file: path.join(dir, n), mtime: (await fs.stat(path.join(dir, n))).mtimeMs })),
  );
  return stats.sort((a, b) => b.mtime - a.mtime);
}
