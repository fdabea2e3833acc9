import type { RenderedMail } from './appointment-mails';

/**
 * Stands for the manage link's token in a stored mail: the record keeps what the mail says
 * (for retries and Resend) but never the token, which is derived from the appointment id when
 * the mail is sent. As long as a token (32 characters) and single-byte, so a calendar file's
 * lines fold at the same places with either; its dots make it no token and no legacy match.
 */
export const MANAGE_TOKEN_PLACEHOLDER = 'manage.link.token.put.in.at.send';

/** A manage link's token as mails stored before the placeholder hold it, in a link's path. */
const STORED_TOKEN = /\/manage\/[A-Za-z0-9_-]{32}(?![A-Za-z0-9_-])/g;
/** The same for a database query (no look-ahead there): finds the mails that still hold one. */
export const STORED_TOKEN_QUERY = '/manage/[A-Za-z0-9_-]{32}';
const PLACEHOLDER = new RegExp(MANAGE_TOKEN_PLACEHOLDER.replace(/\./g, '\\.'), 'g');

/**
 * Replaces every match of `pattern` (global) by a text of the same length, matching through
 * the line folds of a calendar file (CRLF and a space or tab), which stay where they are.
 */
function replaceThroughFolds(text: string, pattern: RegExp, by: (match: string) => string): string {
  // Where each character of the unfolded text sits in the folded one.
  const at: number[] = [];
  let unfolded = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\r' && text[i + 1] === '\n' && (text[i + 2] === ' ' || text[i + 2] === '\t')) {
      i += 2;
      continue;
    }
    at.push(i);
    unfolded += text[i];
  }
  const out = text.split('');
  for (const match of unfolded.matchAll(pattern)) {
    const replacement = by(match[0]);
    if (replacement.length !== match[0].length) throw new Error('a replacement through folds must keep the length');
    for (let k = 0; k < replacement.length; k++) out[at[match.index + k]] = replacement[k];
  }
  return out.join('');
}

function mapContent(content: RenderedMail, edit: (text: string) => string): RenderedMail {
  return {
    subject: content.subject,
    html: edit(content.html),
    text: edit(content.text),
    attachments: content.attachments.map((a) => ({ ...a, content: edit(a.content) })),
  };
}

/** The mail as it goes out: the placeholder replaced by the appointment's token. */
export function withManageToken(content: RenderedMail, token: string): RenderedMail {
  if (token.length !== MANAGE_TOKEN_PLACEHOLDER.length) throw new Error('a manage token has 32 characters');
  return mapContent(content, (text) => replaceThroughFolds(text, PLACEHOLDER, () => token));
}

/** A mail stored with the token in its links, as it should be kept: the placeholder in their place. */
export const withoutManageTokens = (content: RenderedMail): RenderedMail =>
  mapContent(content, (text) => replaceThroughFolds(text, STORED_TOKEN, () => `/manage/${MANAGE_TOKEN_PLACEHOLDER}`));
