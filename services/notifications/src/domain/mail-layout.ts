import mjml2html from 'mjml';
import type { Side } from '@bb/contracts';

/**
 * What one mail says, as plain strings: the layout escapes every one of them, so a customer's
 * name or a treatment title can never become markup, whatever it contains.
 */
export interface MailBody {
  /** Picks the brand colours: deep rose for the clinic, plum for the studio (web/src/shared/brand-theme.ts). */
  side: Side;
  businessName: string;
  subject: string;
  /** The line a mail client shows beside the subject. */
  preheader: string;
  heading: string;
  paragraphs: string[];
  details: { label: string; value: string | string[] }[];
  /** The one button of the mail; its URL is absolute. */
  action?: { label: string; url: string };
  closing: string[];
  footer: string;
}

/** The brand's 700 (solid, white text keeps AA contrast), 50 (page) and 100 (panel) steps, and warm neutrals. */
const PALETTE: Record<Side, { solid: string; page: string; panel: string }> = {
  clinic: { solid: '#9d174d', page: '#fdf2f6', panel: '#fce7ef' },
  studio: { solid: '#6d3165', page: '#fbf5fa', panel: '#f5e7f2' },
};
const TEXT = '#292524';
const MUTED = '#57534e';
const HEADING_FONT = "Georgia, 'Times New Roman', serif";
const BODY_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML text or an attribute value. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c]);

/** A paragraph of text as HTML: escaped, its line breaks kept. */
const paragraph = (text: string): string => escapeHtml(text).replace(/\n/g, '<br />');

const lines = (value: string | string[]) => (Array.isArray(value) ? value : [value]);

function mjml(body: MailBody): string {
  const c = PALETTE[body.side];
  const e = escapeHtml;
  const text = (content: string, attrs = '') => `<mj-text${attrs}>${content}</mj-text>`;
  const rows = body.details
    .map(
      (d) =>
        `<tr><td style="padding:6px 12px 6px 0;color:${MUTED};vertical-align:top;white-space:nowrap">${e(d.label)}</td>` +
        `<td style="padding:6px 0;color:${TEXT};vertical-align:top">${lines(d.value).map(e).join('<br />')}</td></tr>`,
    )
    .join('');
  return `<mjml lang="en">
  <mj-head>
    <mj-title>${e(body.subject)}</mj-title>
    <mj-preview>${e(body.preheader)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="${BODY_FONT}" />
      <mj-text font-size="16px" line-height="24px" color="${TEXT}" padding="8px 0" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="${c.page}" width="600px">
    <mj-section background-color="${c.solid}" padding="20px 24px">
      <mj-column>${text(e(body.businessName), ` font-family="${HEADING_FONT}" font-size="22px" color="#ffffff"`)}</mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="24px">
      <mj-column>
        ${text(`<h1 style="margin:0;font:inherit;color:inherit">${e(body.heading)}</h1>`, ` font-family="${HEADING_FONT}" font-size="26px" line-height="32px" color="${c.solid}" padding="0 0 12px"`)}
        ${body.paragraphs.map((p) => text(paragraph(p))).join('\n        ')}
        ${rows ? `<mj-table container-background-color="${c.panel}" padding="12px 16px" font-size="15px" line-height="22px">${rows}</mj-table>` : ''}
        ${body.action ? `<mj-button href="${e(body.action.url)}" background-color="${c.solid}" color="#ffffff" font-size="16px" font-weight="bold" border-radius="6px" inner-padding="12px 24px" padding="20px 0">${e(body.action.label)}</mj-button>` : ''}
        ${body.closing.map((p) => text(paragraph(p))).join('\n        ')}
      </mj-column>
    </mj-section>
    <mj-section padding="16px 24px">
      <mj-column>${text(paragraph(body.footer), ` font-size="12px" line-height="18px" color="${MUTED}"`)}</mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

/** The HTML of a mail: MJML compiled to tables and inline styles that mail clients render alike. */
export async function renderHtml(body: MailBody): Promise<string> {
  // Strict: a template mistake fails the tests instead of sending a broken mail. No web fonts:
  // the brand's fonts are system ones, and a mail should not call out to a font server.
  const result = await mjml2html(mjml(body), { validationLevel: 'strict', keepComments: false, fonts: {} });
  return result.html;
}

/** The plain-text part of a mail: the same content, links written out. */
export function renderText(body: MailBody): string {
  const blocks = [
    body.heading,
    ...body.paragraphs,
    body.details.map((d) => `${d.label}: ${lines(d.value).join(', ')}`).join('\n'),
    body.action ? `${body.action.label}: ${body.action.url}` : '',
    ...body.closing,
    `-- \n${body.businessName}\n${body.footer}`,
  ];
  return `${blocks.filter((b) => b !== '').join('\n\n')}\n`;
}
