import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Why the message was sent (sign-in code, reset link…): for logs and the dev outbox. */
  kind: string;
  /** When the code or link it carries stops working (ms since the epoch): the dev outbox drops it then. */
  expiresAt?: number;
  /** Extra header fields (List-Unsubscribe, List-Unsubscribe-Post): single-line values only. */
  headers?: Record<string, string>;
}

export interface SentMail extends MailMessage {
  id: string;
  from: string;
  sentAt: string;
}

export interface MailTransport {
  /** 'smtp' sends for real; 'outbox' keeps messages for local development. */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /** Only the dev outbox: what was sent, newest first. */
  list?(): SentMail[];
  close(): Promise<void>;
}

export interface MailTransportOptions {
  smtpUrl?: string | undefined;
  from: string;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** The dev outbox keeps at most this many messages. */
  outboxLimit?: number;
  /** The clock the dev outbox compares expiresAt with (tests move it). */
  now?: () => number;
}

export function createMailTransport(options: MailTransportOptions): MailTransport {
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        await transporter.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...(message.headers ? { headers: message.headers } : {}),
        });
      },
      async close() {
        transporter.close();
      },
    };
  }
  let kept: SentMail[] = [];
  const limit = options.outboxLimit ?? 500;
  const now = options.now ?? Date.now;
  let counter = 0;
  // A kept message is a live code or link: it stays only until that expires.
  const dropExpired = () => {
    const t = now();
    kept = kept.filter((m) => m.expiresAt === undefined || m.expiresAt > t);
  };
  return {
    kind: 'outbox',
    async send(message) {
      const sent: SentMail = {
        ...message,
        id: String(++counter),
        from: options.from,
        sentAt: new Date().toISOString(),
      };
      dropExpired();
      kept.unshift(sent);
      if (kept.length > limit) kept.length = limit;
      // Subject and body carry codes and link tokens, which never go to a log: the developer reads
      // them at /dev/outbox (docs/decisions/0071-dev-outbox-and-secret-free-logs.md).
      options.logger.info({ mail: { id: sent.id, to: sent.to, kind: sent.kind } }, 'dev outbox: e-mail kept');
    },
    list: () => {
      dropExpired();
      return [...kept];
    },
    async close() {},
  };
}
