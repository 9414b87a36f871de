import { z } from 'zod';
import type { App } from './http';
import { isLocalClient } from './metrics';
import type { TrustProxy } from './env';
import type { SentMail } from './mail';
import { escapeHtml } from './mail-layout';
import { HttpProblem } from './problem';

const sentMailSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  kind: z.string(),
  sentAt: z.string(),
});

/** The page and each e-mail are shown with their own styles and images, and can run nothing. */
const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src http: https: data:; frame-ancestors 'none'";
const MAIL_POLICY = `sandbox; ${PAGE_POLICY}`;

/** What a reader of the dev outbox looks for first: the code in the subject, or the e-mail's first link. */
function keyOf(mail: SentMail): { code: string } | { link: string } | null {
  const code = /(\d{6})$/.exec(mail.subject)?.[1];
  if (code) return { code };
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  return link ? { link } : null;
}

function pageHtml(mails: SentMail[], base: string): string {
  const rows = mails.map((mail) => {
    const key = keyOf(mail);
    const keyHtml = !key
      ? ''
      : 'code' in key
        ? `<p class="key">Code <output>${escapeHtml(key.code)}</output></p>`
        : `<p class="key"><a href="${escapeHtml(key.link)}">${escapeHtml(key.link)}</a></p>`;
    return `<li>
<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(mail.to)}</strong> · ${escapeHtml(mail.kind)} · <time datetime="${escapeHtml(mail.sentAt)}">${escapeHtml(mail.sentAt.replace('T', ' ').slice(0, 19))} UTC</time></p>
${keyHtml}
<p><a href="${base}/${encodeURIComponent(mail.id)}">See the e-mail as sent (HTML)</a></p>
<details><summary>Plain text</summary><pre>${escapeHtml(mail.text)}</pre></details>
</article>
</li>`;
  });
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev outbox (${mails.length})</title>
<style>
body{margin:0;font:16px/1.5 -apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#111827;background:#f3f4f6}
main{max-width:860px;margin:0 auto;padding:16px}
h1{font-size:24px;margin:8px 0}
ol{list-style:none;margin:0;padding:0}
article{background:#fff;border:1px solid #dde1e6;border-radius:8px;padding:12px 16px;margin:0 0 12px;overflow-wrap:anywhere}
h2{font-size:18px;margin:0 0 4px}
.meta{margin:0 0 8px;color:#4b5563;font-size:14px}
.key{margin:0 0 8px}
output{font:700 28px/1.2 'SFMono-Regular',Consolas,'Liberation Mono',monospace;letter-spacing:4px;user-select:all;-webkit-user-select:all}
pre{white-space:pre-wrap;font-size:14px;background:#f9fafb;padding:8px;border-radius:4px}
a{color:#1a4fa0}
</style></head>
<body><main>
<h1>Dev outbox</h1>
<p>Every e-mail both services sent, newest first (${mails.length}). Codes and links go once they expire. <a href="${base}">Refresh</a> · the same as JSON: <code>curl ${base}</code></p>
${mails.length ? `<ol>\n${rows.join('\n')}\n</ol>` : '<p>No e-mails yet. Ask for a sign-in code on the portal, then refresh.</p>'}
</main></body>
</html>`;
}

/** Whether the caller asked for a page (a browser) rather than data (a script, curl). */
const wantsHtml = (accept: string | undefined) => /\btext\/html\b/.test(accept ?? '');

/**
 * The dev outbox (docs/decisions/0071, 0282): GET /dev/outbox answers a browser a page of every kept e-mail,
 * newest first, with its code or first link on top, and anyone else JSON; GET /dev/outbox/{id} shows one
 * e-mail's HTML as a mail client would. Only for loopback clients, never behind a proxy: the e-mails hold
 * live codes and links. Registered only by the embedded default.
 */
export function devOutboxRoutes(
  app: App,
  options: { list: () => SentMail[]; trustProxy: TrustProxy | undefined },
): void {
  const guard = (request: { socket: { remoteAddress?: string | undefined }; url: string }) => {
    // The TCP peer, not X-Forwarded-For, so a forged header cannot open it; and behind a proxy
    // (TRUST_PROXY set) never, since a proxy on this host makes every stranger a loopback peer.
    if (!isLocalClient(request, options.trustProxy))
      throw new HttpProblem(404, `No route for GET ${request.url.split('?')[0]}`);
  };

  app.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary:
          'E-mails kept by the dev outbox, newest first (embedded default only, answers loopback clients only, never behind a proxy)',
        description: 'JSON; a browser (Accept: text/html) gets a readable page of the same e-mails.',
        response: { 200: z.array(sentMailSchema) },
      },
    },
    async (request, reply) => {
      guard(request);
      const mails = options.list();
      if (!wantsHtml(request.headers.accept)) return mails;
      return (
        reply
          .header('content-security-policy', PAGE_POLICY)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          // A text/html string is sent as it is; the schema describes the JSON answer.
          .send(pageHtml(mails, `${request.protocol}://${request.host}/dev/outbox`) as never)
      );
    },
  );

  app.get(
    '/dev/outbox/:id',
    {
      schema: {
        tags: ['development'],
        summary: "One kept e-mail's HTML, as a mail client shows it (embedded default only, loopback clients only)",
        params: z.object({ id: z.string().regex(/^[0-9a-z-]{1,80}$/) }),
        response: { 200: z.string().describe('text/html') },
      },
    },
    async (request, reply) => {
      guard(request);
      const mail = options.list().find((m) => m.id === request.params.id);
      if (!mail) throw new HttpProblem(404, 'No such e-mail in the dev outbox (it may have expired).');
      return reply
        .header('content-security-policy', MAIL_POLICY)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(mail.html);
    },
  );
}
