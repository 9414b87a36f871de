import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp, type App } from '@careers/server-kit/http';
import { createLogger } from '@careers/server-kit/logger';
import {
  attackOperation,
  bodyArbitrary,
  fillPath,
  fromJsonSchema,
  fuzzOperation,
  jsonSchemaOf,
  ODD_STRINGS,
  operationsOf,
  ruleBroken,
  type Caller,
} from '../src/hostile-input';
import { hostileInputSuite, rssGrowth } from '../src/hostile-suite';

const callers: Caller[] = [
  { name: 'no token', headers: {} },
  { name: 'someone', headers: { authorization: 'Bearer x' } },
];

const itemSchema = z.object({
  email: z.email(),
  kind: z.enum(['a', 'b']),
  count: z.number().int().min(1).max(9),
  note: z.string().max(20).optional(),
});

/** A small service: its own routes keep the rule; /flawed and /boom break it on purpose. */
async function smallApp(): Promise<App> {
  const app = await createHttpApp({
    name: 'hostile-test',
    logger: createLogger('hostile-test', 'silent'),
    corsOrigins: [],
    ready: async () => {},
  });
  app.post('/items', { schema: { body: itemSchema } }, async (request) => request.body);
  app.get('/items/:id', { schema: { params: z.object({ id: z.string().max(64) }) } }, async (request) => ({
    id: request.params.id,
  }));
  return app;
}

async function flawedApp(): Promise<App> {
  const app = await smallApp();
  app.post('/flawed', { schema: { body: z.object({ name: z.string() }) } }, async (_request, reply) =>
    reply.status(400).type('text/plain').send('no'),
  );
  app.get('/boom', async () => {
    throw new Error('always');
  });
  await app.ready();
  return app;
}

describe('the hostile values and requests', () => {
  it('has the strings that broke servers: NUL, lone surrogates, bidi overrides, traversal', () => {
    expect(ODD_STRINGS).toEqual(expect.arrayContaining(['\u0000', '\uD800', '\u202Eexe.pdf', '../../../etc/passwd']));
  });

  it("generates values of a route schema's shape, and hostile variants of them", () => {
    // fast-check's addresses are RFC 5322's, some of which zod refuses: the shape is checked without the format.
    const shape = itemSchema.extend({ email: z.string().includes('@') });
    for (const value of fc.sample(fromJsonSchema(jsonSchemaOf(itemSchema)!), { numRuns: 50, seed: 1 }))
      expect(shape.safeParse(value).success, JSON.stringify(value)).toBe(true);
    const bodies = fc.sample(bodyArbitrary(itemSchema), { numRuns: 200, seed: 2 });
    expect(bodies.some((b) => itemSchema.safeParse(b).success)).toBe(true);
    expect(bodies.some((b) => !itemSchema.safeParse(b).success)).toBe(true);
  });

  it('fills path parameters and wildcards', () => {
    let n = 0;
    expect(fillPath('/cvs/:cvId/preview', () => `id${n++}`)).toBe('/cvs/id0/preview');
    expect(fillPath('/blobs/*', () => 'x')).toBe('/blobs/x/x');
  });

  it('keeps the rule: below 500, refusals as problem details or the shape the route declares', () => {
    const problem = (status: number) =>
      JSON.stringify({ type: 'about:blank', title: 'Bad Request', status, detail: 'no' });
    const asProblem = { 'content-type': 'application/problem+json; charset=utf-8' };
    expect(ruleBroken(undefined, { statusCode: 200, headers: {}, body: 'anything' })).toBeNull();
    expect(ruleBroken(undefined, { statusCode: 400, headers: asProblem, body: problem(400) })).toBeNull();
    expect(ruleBroken(undefined, { statusCode: 500, headers: asProblem, body: problem(500) })).toMatch(/^answered 500/);
    expect(ruleBroken(undefined, { statusCode: 400, headers: asProblem, body: problem(404) })).toMatch(
      /without problem details/,
    );
    expect(
      ruleBroken(undefined, { statusCode: 400, headers: { 'content-type': 'application/json' }, body: problem(400) }),
    ).toMatch(/problem details as application\/json/);
    expect(ruleBroken(undefined, { statusCode: 400, headers: {}, body: 'no' })).toMatch(/not JSON/);
    const declared = {
      method: 'POST',
      url: '/x',
      schema: { response: { 400: z.object({ succeeded: z.literal(false) }) } },
    } as unknown as Parameters<typeof ruleBroken>[0];
    const json = { 'content-type': 'application/json; charset=utf-8' };
    expect(ruleBroken(declared, { statusCode: 400, headers: json, body: '{"succeeded":false}' })).toBeNull();
    expect(ruleBroken(declared, { statusCode: 400, headers: json, body: '{"succeeded":true}' })).toMatch(
      /without problem details/,
    );
  });
});

describe('the walk over every operation', () => {
  let app: App;
  beforeAll(async () => {
    app = await flawedApp();
  });
  afterAll(async () => app?.close());

  const route = (method: string, url: string) => {
    const found = operationsOf(app).find((r) => r.method === method && r.url === url);
    if (!found) throw new Error(`${method} ${url} is not in the route table`);
    return found;
  };

  it('takes the operations from the route table, without HEAD twins or the CORS catch-all', () => {
    const names = operationsOf(app).map((r) => `${r.method} ${r.url}`);
    expect(names).toEqual(expect.arrayContaining(['POST /items', 'GET /items/:id', 'POST /flawed', 'GET /readyz']));
    expect(names.some((n) => n.startsWith('HEAD ') || n === 'OPTIONS *')).toBe(false);
  });

  it('passes the routes that keep the rule', async () => {
    for (const [method, url] of [
      ['POST', '/items'],
      ['GET', '/items/:id'],
    ] as const) {
      expect(await fuzzOperation(app, route(method, url), { callers, numRuns: 12, seed: 3 })).toBeNull();
      expect(
        await attackOperation(app, route(method, url), { callers, knownIds: ['known'], bodyLimit: 1 << 20 }),
      ).toEqual([]);
    }
  });

  it('reports a route that breaks it, with the request, the answer and the seed to replay', async () => {
    const fuzzed = await fuzzOperation(app, route('GET', '/boom'), { callers, numRuns: 4, seed: 4 });
    expect(fuzzed).toMatch(/^GET \/boom: generated, .*: GET \/boom/);
    expect(fuzzed).toMatch(/answered 500/);
    expect(fuzzed).toMatch(/\(seed 4, path /);
    const attacked = await attackOperation(app, route('POST', '/flawed'), { callers, bodyLimit: 1 << 20 });
    expect(attacked.length).toBeGreaterThan(0);
    for (const report of attacked)
      expect(report).toMatch(/^.+: POST \/flawed.*\n {2}answered 400 with a body that is not JSON/);
  });
});

describe('the shared suite against a small service', () => {
  let casts = 0;
  let spoiled = false;
  hostileInputSuite(
    {
      start: async () => {
        const app = await smallApp();
        return { app, close: () => app.close() };
      },
      newCast: async () => ({ callers, knownIds: [`cast-${++casts}`] }),
      castStillUsable: async () => !spoiled,
      knownOperations: ['POST /items', 'GET /items/:id', 'GET /readyz'],
      minOperations: 3,
      numRuns: 4,
      seed: 5,
    },
    (suite) => {
      it('gives its own tests the running service and a cast, made again once spoiled', async () => {
        expect((await suite.service().app.inject({ url: '/items/x' })).json()).toEqual({ id: 'x' });
        const first = await suite.cast();
        expect(await suite.cast()).toBe(first);
        spoiled = true;
        const second = await suite.cast();
        spoiled = false;
        expect(second).not.toBe(first);
        expect(second.knownIds).toEqual([`cast-${casts}`]);
      });
    },
  );
});

describe('rssGrowth', () => {
  it('sees the memory a piece of work holds while it runs', async () => {
    const growth = await rssGrowth(async () => {
      const held = Buffer.alloc(64 * 1024 * 1024, 1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(held[held.length - 1]).toBe(1);
    });
    expect(growth).toBeGreaterThan(32 * 1024 * 1024);
  });
});
