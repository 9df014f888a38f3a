/**
 * What a mail of the outbox is, and how a link that grants something stays out of the database
 * (docs/decisions/026). Pure: no I/O.
 *
 * - `submission`: the staff's mail about a visitor's form submission;
 * - `newsletter`: the confirmation mailed to a subscriber, with its unsubscribe link;
 * - `account`: an invitation or a password reset to a staff member, with its set-password link;
 * - `alert`: a server error mailed to the on-call address.
 * - `review`: the four-eyes workflow to staff (a digest of changes awaiting approval, an author's
 *   change approved or rejected, docs/approval.md). Staff mail, never a visitor's data.
 * - `fund-alerts`: a visitor's fund alerts (issue 34): the confirmation of a subscription and the
 *   daily digest, each with its manage and one-click unsubscribe link.
 *
 * Visitors' data (a GDPR export or erasure) is `submission`, `newsletter` and `fund-alerts` mails.
 */
export const MAIL_KINDS = ['submission', 'newsletter', 'account', 'alert', 'review', 'fund-alerts'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const isMailKind = (value: unknown): value is MailKind => typeof value === 'string' && (MAIL_KINDS as readonly string[]).includes(value);

/** The mails about a visitor, which their right of access returns and their erasure removes. */
export const VISITOR_MAIL_KINDS = ['submission', 'newsletter', 'fund-alerts'] as const satisfies readonly MailKind[];

/**
 * Where the link goes in a stored mail's text. The text is written with this marker in place of
 * the link; the link itself is kept apart, encrypted, and put in at send time only. The marker is
 * also what a reader of the stored text (an export) sees.
 */
export const LINK_MARKER = '[link sent by e-mail only, not kept]';

/** The text as sent: the marker replaced by the link (exactly once: our templates hold one link). */
export function withLink(text: string, url: string): string {
  const at = text.indexOf(LINK_MARKER);
  if (at < 0 || text.indexOf(LINK_MARKER, at + 1) >= 0) throw new Error('a mail with a link must hold the link marker exactly once');
  return `${text.slice(0, at)}${url}${text.slice(at + LINK_MARKER.length)}`;
}

/**
 * Links that carry a token (`…?token=…` or `…&token=…`), as mails written before the link was kept
 * apart hold them: replaced by the marker. Matches up to the next white space (the migration
 * 0012_mail_kind_and_sealed_link and markMailSent use the same expression in SQL).
 */
export const TOKEN_LINK_PATTERN = '(https?://|/)\\S*[?&]token=\\S*';
const TOKEN_LINK = new RegExp(TOKEN_LINK_PATTERN, 'gi');

export function withoutTokenLinks(text: string): string {
  return text.replace(TOKEN_LINK, LINK_MARKER);
}
