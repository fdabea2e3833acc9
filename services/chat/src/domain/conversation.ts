import { SUPPORT_SENDER_NAME, type SenderType } from '@bb/contracts';

export const PREVIEW_LENGTH = 120;

/** One line of the thread for the console's list: whitespace folded, cut with an ellipsis. */
export function previewOf(content: string, length = PREVIEW_LENGTH): string {
  const line = content.replace(/\s+/g, ' ').trim();
  return line.length <= length ? line : `${line.slice(0, length - 1).trimEnd()}…`;
}

/** A blank name falls back to the customer's own (customer) or the team's (csr). */
export function senderNameFor(senderType: SenderType, given: string | undefined, customerName: string): string {
  if (given) return given;
  return senderType === 'csr' ? SUPPORT_SENDER_NAME : customerName;
}

/**
 * The messages after the one with id `after`, in thread order; all of them without `after`.
 * Null when `after` is not a message of this thread, which only a broken client sends.
 */
export function messagesAfter<M extends { id: string }>(messages: readonly M[], after: string | undefined): M[] | null {
  if (after === undefined) return [...messages];
  const index = messages.findIndex((m) => m.id === after);
  return index === -1 ? null : messages.slice(index + 1);
}
