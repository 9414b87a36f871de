import { describe, expect, it } from 'vitest';
import { isDependencyUnavailable, withTimeout } from '../src/faults';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDependencyUnavailable', () => {
  it('recognises a dependency that cannot be reached or answered too late', () => {
    const unavailable: unknown[] = [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('sorry, too many clients already', '53300'),
      withCode('canceling statement due to statement timeout', '57014'),
      withCode('connection failure', '08006'),
      // ioredis
      new Error('Connection is closed.'),
      Object.assign(new Error('Reached the max retries per request limit (which is 1).'), {
        name: 'MaxRetriesPerRequestError',
      }),
      new Error('Command timed out'),
      // AWS SDK
      Object.assign(new Error('socket timed out'), { name: 'TimeoutError', $metadata: {} }),
      Object.assign(new Error('Service Unavailable'), {
        name: 'ServiceUnavailable',
        $metadata: { httpStatusCode: 503 },
      }),
      // Node's happy-eyeballs connect and wrapped errors
      new AggregateError([withCode('connect ECONNREFUSED ::1:6379', 'ECONNREFUSED')], 'connect failed'),
      new Error('query failed', { cause: withCode('read ECONNRESET', 'ECONNRESET') }),
    ];
    for (const err of unavailable) expect(isDependencyUnavailable(err), String(err)).toBe(true);
  });

  it('leaves bugs and refused statements as they are', () => {
    const bugs: unknown[] = [
      new Error('Cannot read properties of undefined'),
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('syntax error at or near "selec"', '42601'),
      withCode('no such file', 'ENOENT'),
      Object.assign(new Error('Access Denied'), { name: 'AccessDenied', $metadata: { httpStatusCode: 403 } }),
      'a string',
      null,
    ];
    for (const err of bugs) expect(isDependencyUnavailable(err), String(err)).toBe(false);
  });
});

describe('withTimeout', () => {
  it('rejects a silent peer as unavailable, and passes a prompt answer through', async () => {
    const silent = new Promise<never>(() => undefined);
    const err = await withTimeout('ping', 20, silent).catch((e: unknown) => e);
    expect(isDependencyUnavailable(err)).toBe(true);
    await expect(withTimeout('ping', 1000, Promise.resolve('pong'))).resolves.toBe('pong');
  });
});
