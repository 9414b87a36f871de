import { inject } from 'vitest';
import type { SinkMessage } from './mail-sink';
import { WAIT_MS } from './waits';

export type { SinkMessage };

export interface WaitForMailOptions {
  /** Only messages that arrived after this one (an id from an earlier message, or from mailboxMark()). */
  since?: number;
  /** Extra condition, e.g. (m) => m.code !== null. */
  match?: (message: SinkMessage) => boolean;
  timeoutMs?: number;
}

/** Test-side client of the SMTP sink that the global setup runs (see mail-sink.ts). */
export async function mailFor(address: string, since = 0): Promise<SinkMessage[]> {
  const url = new URL('/messages', inject('stack').mailboxUrl);
  url.searchParams.set('to', address);
  url.searchParams.set('since', String(since));
  const res = await fetch(url);
  if (!res.ok) throw new Error(`mailbox answered ${res.status}`);
  return (await res.json()) as SinkMessage[];
}

/** The id of the newest message so far: pass it as `since` to wait only for what comes next. */
export async function mailboxMark(): Promise<number> {
  const res = await fetch(new URL('/messages', inject('stack').mailboxUrl));
  const all = (await res.json()) as SinkMessage[];
  return all.at(-1)?.id ?? 0;
}

/** Waits for the newest message to `address` that matches; fails with what did arrive. */
export async function waitForMail(address: string, options: WaitForMailOptions = {}): Promise<SinkMessage> {
  const deadline = Date.now() + (options.timeoutMs ?? WAIT_MS);
  let seen: SinkMessage[] = [];
  while (Date.now() < deadline) {
    seen = await mailFor(address, options.since ?? 0);
    const found = seen.filter((m) => !options.match || options.match(m)).at(-1);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const got = seen.map((m) => `#${m.id} "${m.subject}"`).join(', ') || 'nothing';
  throw new Error(`No matching e-mail to ${address} within ${options.timeoutMs ?? WAIT_MS} ms (got ${got})`);
}

/** The 6-digit code of the newest e-mail to `address` that has one. */
export async function latestCode(address: string, options: Omit<WaitForMailOptions, 'match'> = {}): Promise<string> {
  const message = await waitForMail(address, { ...options, match: (m) => m.code !== null });
  return message.code as string;
}

/** The first link of the newest e-mail to `address` whose link contains `contains`. */
export async function latestLink(
  address: string,
  contains: string,
  options: Omit<WaitForMailOptions, 'match'> = {},
): Promise<string> {
  const message = await waitForMail(address, { ...options, match: (m) => m.links.some((l) => l.includes(contains)) });
  return message.links.find((l) => l.includes(contains)) as string;
}
