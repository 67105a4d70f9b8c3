import type { AppContext } from '../context.ts';
import { escapeHtml, SANDBOX_BANNER } from './templates.ts';
import { mailboxRows, type OutboxRow } from './queries.ts';
import { SANDBOX_MAILBOX_HOURS } from './worker.ts';

/** One mail of the sandbox mailbox, as `/dev/mailbox.json` returns it. */
export interface MailboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  status: OutboxRow['status'];
  createdAt: string;
}

const LINK = /https?:\/\/[^\s<>"']+/g;

/** The http(s) links of a plain-text mail, in order, without trailing punctuation. */
export function extractLinks(text: string): string[] {
  const links = (text.match(LINK) ?? []).map((l) => l.replace(/[.,;:!?)\]»]+$/, ''));
  return [...new Set(links)];
}

const toEntry = (r: OutboxRow): MailboxEntry => ({
  id: String(r.id),
  to: r.to_address,
  subject: r.subject,
  text: r.text_body,
  html: r.html_body,
  links: extractLinks(r.text_body),
  status: r.status,
  createdAt: r.created_at.toISOString(),
});

/** Sandbox mailbox: every mail of the outbox (sent or pending), newest first. */
export async function listMailbox(ctx: AppContext, to: string | null, limit = 200): Promise<MailboxEntry[]> {
  const rows = await mailboxRows(ctx.db, to?.trim() || null, limit);
  return rows.map(toEntry);
}

const STATUS_FR: Record<OutboxRow['status'], string> = {
  sent: 'envoyé',
  pending: 'en attente',
  failed: 'échec',
};

const dateFr = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'full',
  timeStyle: 'medium',
  timeZone: 'Europe/Luxembourg',
});

/** Plain text with its links made clickable (everything else escaped). */
function linkify(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const url = match[0].replace(/[.,;:!?)\]»]+$/, '');
    const start = match.index;
    out += escapeHtml(text.slice(last, start));
    out += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  return out + escapeHtml(text.slice(last));
}

/** The server-rendered mailbox page (French, no script: the CSP allows none inline). */
export function renderMailboxPage(entries: readonly MailboxEntry[], filter: string | null): string {
  const items = entries.map(
    (
      e,
    ) => `<article style="background:#fff;border:1px solid #d6dae3;border-radius:8px;padding:16px;margin:0 0 16px 0">
<h2 style="margin:0 0 8px 0;font-size:17px">${escapeHtml(e.subject)}</h2>
<p style="margin:0 0 8px 0;font-size:14px;color:#3a4254">À : <a href="?to=${encodeURIComponent(e.to)}">${escapeHtml(e.to)}</a> · ${escapeHtml(dateFr.format(new Date(e.createdAt)))} · <span>${STATUS_FR[e.status]}</span></p>
${e.links.length ? `<p style="margin:0 0 8px 0">${e.links.map((l) => `<a href="${escapeHtml(l)}" style="display:inline-block;margin:0 8px 4px 0;padding:6px 10px;background:#1f4fd1;color:#fff;border-radius:4px;text-decoration:none">Ouvrir le lien</a>`).join('')}</p>` : ''}
${
  e.text
    ? `<details open><summary style="cursor:pointer">Texte du message</summary>
<pre style="white-space:pre-wrap;word-break:break-word;font-family:inherit;font-size:14px;background:#f7f8fa;padding:12px;border-radius:4px">${linkify(e.text)}</pre></details>`
    : `<p style="margin:0;font-size:14px;color:#3a4254">Contenu effacé : les messages envoyés ne sont conservés que ${SANDBOX_MAILBOX_HOURS} heures.</p>`
}
</article>`,
  );
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="10">
<title>Boîte mail de démonstration</title></head>
<body style="margin:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1d2433">
<p role="note" style="margin:0;padding:8px 16px;background:#fff4ce;border-bottom:1px solid #e0c36b">${escapeHtml(SANDBOX_BANNER)}</p>
<main style="max-width:820px;margin:0 auto;padding:16px">
<h1 style="font-size:22px">Boîte mail de démonstration</h1>
<p>Les e-mails envoyés par l’application en mode bac à sable arrivent ici, du plus récent au plus ancien. Aucun n’est réellement expédié. Leur contenu est effacé ${SANDBOX_MAILBOX_HOURS} heures après l’envoi.</p>
<form method="get" action="" style="margin:0 0 16px 0"><label>Destinataire : <input type="email" name="to" value="${escapeHtml(filter ?? '')}"></label> <button type="submit">Filtrer</button>${filter ? ' <a href="mailbox">Tout afficher</a>' : ''}</form>
${items.length ? items.join('\n') : '<p>Aucun e-mail pour le moment.</p>'}
</main></body></html>
`;
}
