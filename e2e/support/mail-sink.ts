import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail, type ParsedMail } from './mime';

/** One message as the sink received it, with the little the tests need already parsed out. */
export interface SinkMessage extends ParsedMail {
  id: number;
  /** SMTP envelope recipients (lower-cased): who the message was really delivered to. */
  envelopeTo: string[];
  envelopeFrom: string;
  receivedAt: string;
  raw: string;
}

export interface MailSink {
  smtpUrl: string;
  /** Base address of the HTTP view (GET /messages?to=…), for test workers in other processes. */
  httpUrl: string;
  messages(): SinkMessage[];
  close(): Promise<void>;
}

/**
 * An in-process SMTP server on 127.0.0.1 that keeps every message, plus a tiny HTTP endpoint over it:
 * the services send real e-mail through SMTP_URL, and tests read the codes and links out of it the way
 * a candidate reads their inbox.
 *
 * HTTP API: GET /messages[?to=address][&since=id] → SinkMessage[] oldest first; DELETE /messages clears.
 */
export async function startMailSink(): Promise<MailSink> {
  const received: SinkMessage[] = [];
  let nextId = 1;

  const smtp = new SMTPServer({
    authOptional: true,
    // Not advertised, so nodemailer stays in plain text instead of trying TLS with a cert we don't have.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        received.push({
          id: nextId++,
          envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          envelopeFrom,
          receivedAt: new Date().toISOString(),
          raw,
          ...parseMail(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const api = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/messages') {
      res.writeHead(404).end();
      return;
    }
    if (req.method === 'DELETE') {
      received.length = 0;
      res.writeHead(204).end();
      return;
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    const since = Number(url.searchParams.get('since') ?? 0);
    const list = received.filter((m) => m.id > since && (!to || m.envelopeTo.includes(to)));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
  });
  await new Promise<void>((resolve, reject) => {
    api.once('error', reject);
    api.listen(0, '127.0.0.1', () => resolve());
  });
  const httpPort = (api.address() as AddressInfo).port;

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    messages: () => [...received],
    async close() {
      api.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => api.close(() => resolve())),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ]);
    },
  };
}
