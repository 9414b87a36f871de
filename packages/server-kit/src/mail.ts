import fs from 'node:fs';
import path from 'node:path';
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
  /** Files sent with the message (an interview's calendar invitation, docs/decisions/0434). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  /** With its parameters: "text/calendar; charset=utf-8; method=REQUEST". */
  contentType: string;
  /** The file's text. */
  content: string;
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
  /**
   * The dev outbox's folder, shared by both services of the embedded default so that every e-mail lands in
   * the one outbox the identity service shows (docs/decisions/0282); without it the dev outbox is this
   * process's memory (tests).
   */
  outboxDir?: string | undefined;
}

/** Where the dev outbox keeps its messages: this process's memory, or a folder both services write to. */
interface OutboxStore {
  add(message: SentMail): void;
  all(): SentMail[];
  remove(ids: string[]): void;
}

function memoryStore(): OutboxStore {
  let messages: SentMail[] = [];
  return {
    add: (message) => void messages.unshift(message),
    all: () => [...messages],
    remove: (ids) => {
      const gone = new Set(ids);
      messages = messages.filter((m) => !gone.has(m.id));
    },
  };
}

const MESSAGE_FILE = /^[0-9a-z-]{1,80}\.json$/;

/**
 * One JSON file per message, readable by its owner only (they hold live codes and links). A message is
 * written under a temporary name and renamed, so a reader never sees half of one.
 */
function folderStore(dir: string): OutboxStore {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = (id: string) => path.join(dir, `${id}.json`);
  return {
    add(message) {
      const temp = path.join(dir, `.${message.id}.tmp`);
      fs.writeFileSync(temp, JSON.stringify(message), { mode: 0o600 });
      fs.renameSync(temp, file(message.id));
    },
    all() {
      const messages: SentMail[] = [];
      for (const name of fs.readdirSync(dir)) {
        if (!MESSAGE_FILE.test(name)) continue;
        try {
          messages.push(JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as SentMail);
        } catch {
          // Removed by the other service between the listing and the read: nothing to show.
        }
      }
      return messages.sort((a, b) => b.sentAt.localeCompare(a.sentAt) || b.id.localeCompare(a.id));
    },
    remove(ids) {
      for (const id of ids) fs.rmSync(file(id), { force: true });
    },
  };
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
          ...(message.attachments ? { attachments: message.attachments } : {}),
        });
      },
      async close() {
        transporter.close();
      },
    };
  }
  const store = options.outboxDir ? folderStore(options.outboxDir) : memoryStore();
  const limit = options.outboxLimit ?? 500;
  const now = options.now ?? Date.now;
  let counter = 0;
  // A kept message is a live code or link: it stays only until that expires. The oldest beyond the
  // limit go too.
  const current = () => {
    const t = now();
    const all = store.all();
    const kept = all.filter((m) => m.expiresAt === undefined || m.expiresAt > t).slice(0, limit);
    if (kept.length < all.length) {
      const keep = new Set(kept.map((m) => m.id));
      store.remove(all.filter((m) => !keep.has(m.id)).map((m) => m.id));
    }
    return kept;
  };
  return {
    kind: 'outbox',
    async send(message) {
      const sentAt = new Date();
      const sent: SentMail = {
        ...message,
        // Unique across the processes that share a folder, and in the order sent.
        id: options.outboxDir
          ? `${sentAt.getTime().toString(36)}-${process.pid.toString(36)}-${(++counter).toString(36)}`
          : String(++counter),
        from: options.from,
        sentAt: sentAt.toISOString(),
      };
      store.add(sent);
      current();
      // Subject and body carry codes and link tokens, which never go to a log: the developer reads
      // them at /dev/outbox (docs/decisions/0071-dev-outbox-and-secret-free-logs.md).
      options.logger.info({ mail: { id: sent.id, to: sent.to, kind: sent.kind } }, 'dev outbox: e-mail kept');
    },
    list: current,
    async close() {},
  };
}
