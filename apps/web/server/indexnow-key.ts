import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';

export interface IndexNowKeyOptions {
  /** INDEXNOW_KEY, the same as the candidate service's. */
  key?: string | undefined;
  /** Without a key: the file the embedded default's candidate service generates it in. */
  keyFile?: string | undefined;
  now?: () => number;
}

/** A missing generated key is looked for again after this long, not on every request. */
const LOOK_AGAIN_MS = 60_000;
const KEY_FILE_PATH = /^\/([a-zA-Z0-9-]{8,128})\.txt$/;

/**
 * IndexNow's proof of ownership (docs/decisions/0561): the engines the candidate service tells of a job's change
 * fetch {portal}/{key}.txt and expect the key as its body. Answered before routing, so it shadows no static
 * file; any other .txt path goes on as before (a 404 in the end).
 */
export function serveIndexNowKey(app: FastifyInstance, options: IndexNowKeyOptions): void {
  const now = options.now ?? Date.now;
  let key = options.key;
  let lookAgainAt = 0;

  async function currentKey(): Promise<string | undefined> {
    if (key || !options.keyFile || now() < lookAgainAt) return key;
    lookAgainAt = now() + LOOK_AGAIN_MS;
    try {
      key = (await readFile(options.keyFile, 'utf8')).trim() || undefined;
    } catch {
      key = undefined;
    }
    return key;
  }

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const asked = KEY_FILE_PATH.exec(request.url.split('?')[0] ?? '')?.[1];
    if (!asked) return;
    const expected = await currentKey();
    if (!expected || asked !== expected) return;
    return reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(expected);
  });
}
