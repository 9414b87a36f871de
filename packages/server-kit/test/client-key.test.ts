import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, parseEnv } from '../src/env';
import { clientKey } from '../src/rate-limit';
import { sharedConfig, sharedEnvShape } from '../src/service-config';

describe('the key a per-client limit counts under (clientKey)', () => {
  it('counts the 100 addresses of one IPv6 /64 as one client, and another /64 apart', () => {
    const keys = new Set(
      Array.from({ length: 100 }, (_, i) => clientKey(`2001:db8:a:b:${i.toString(16)}:${(i * 7).toString(16)}::1`)),
    );
    expect([...keys]).toEqual(['2001:db8:a:b:0:0:0:0/64']);
    expect(clientKey('2001:db8:a:c::1')).not.toBe(clientKey('2001:db8:a:b::1'));
  });

  it('writes one /64 the same way however the address is written', () => {
    const key = clientKey('2001:db8:0:1::5');
    expect(clientKey('2001:0DB8:0000:0001:ffff:ffff:ffff:ffff')).toBe(key);
    expect(clientKey('2001:db8:0:1:0:0:1.2.3.4')).toBe(key);
    expect(clientKey('2001:db8:0:1::1%eth0')).toBe(key);
  });

  it('takes another prefix length when asked', () => {
    expect(clientKey('2001:db8:a:b::1', 48)).toBe(clientKey('2001:db8:a:ffff::1', 48));
    expect(clientKey('2001:db8:a:b::1', 56)).not.toBe(clientKey('2001:db8:a:ff00::1', 56));
    expect(clientKey('2001:db8:a:b::1', 128)).not.toBe(clientKey('2001:db8:a:b::2', 128));
    expect(clientKey('2001:db8:a:b:8000::', 65)).not.toBe(clientKey('2001:db8:a:b::', 65));
  });

  it('keeps an IPv4 client whole, also when written IPv4-mapped', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('203.0.113.8')).not.toBe(clientKey('203.0.113.7'));
  });
});

describe('IPV6_CLIENT_PREFIX', () => {
  const schema = z.object(sharedEnvShape);
  const parse = (env: Record<string, string>) => sharedConfig(parseEnv(schema, env, 'test service'));

  it('is 64 by default and takes 16 to 128', () => {
    expect(parse({}).ipv6ClientPrefix).toBe(64);
    expect(parse({ IPV6_CLIENT_PREFIX: '56' }).ipv6ClientPrefix).toBe(56);
    expect(() => parse({ IPV6_CLIENT_PREFIX: '8' })).toThrow(ConfigError);
    expect(() => parse({ IPV6_CLIENT_PREFIX: '129' })).toThrow(ConfigError);
  });
});
