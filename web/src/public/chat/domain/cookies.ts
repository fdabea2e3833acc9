import type { Side } from '@bb/contracts';

export const CHAT_COOKIE_DAYS = 365;

export interface ChatIdentity {
  conversationId: string;
  name: string;
  email: string;
}

/** Each side keeps its own conversation, and the name and e-mail given there. */
export const chatCookieNames = (side: Side): Record<keyof ChatIdentity, string> => ({
  conversationId: `chat_conversation_id_${side}`,
  name: `chat_customer_name_${side}`,
  email: `chat_customer_email_${side}`,
});

/** One cookie's value out of a `document.cookie` string, or null. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The assignment to `document.cookie` that keeps a value for `days` days on the whole site. */
export function cookieAssignment(name: string, value: string, days: number, secure: boolean): string {
  return `${name}=${encodeURIComponent(value)}; Max-Age=${days * 86_400}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The identity a returning visitor left on this side, when all three cookies are there. */
export function readIdentity(cookies: string, side: Side): ChatIdentity | null {
  const names = chatCookieNames(side);
  const conversationId = readCookie(cookies, names.conversationId);
  const name = readCookie(cookies, names.name);
  const email = readCookie(cookies, names.email);
  return conversationId && name && email ? { conversationId, name, email } : null;
}

export function identityAssignments(identity: ChatIdentity, side: Side, secure: boolean): string[] {
  const names = chatCookieNames(side);
  return (Object.keys(names) as (keyof ChatIdentity)[]).map((key) => cookieAssignment(names[key], identity[key], CHAT_COOKIE_DAYS, secure));
}

/** How many messages of the conversation the visitor has had in front of them (the unread badge counts the rest). */
const seenCookieName = (side: Side) => `chat_seen_${side}`;

/** Messages seen of this conversation; 0 when nothing is recorded or the record is of another conversation. */
export function readSeenCount(cookies: string, side: Side, conversationId: string): number {
  const value = readCookie(cookies, seenCookieName(side));
  const match = value ? /^(.+):(\d+)$/.exec(value) : null;
  return match && match[1] === conversationId ? Number(match[2]) : 0;
}

export const seenCountAssignment = (side: Side, conversationId: string, count: number, secure: boolean): string =>
  cookieAssignment(seenCookieName(side), `${conversationId}:${count}`, CHAT_COOKIE_DAYS, secure);

/** Every chat cookie of a side, to forget a conversation the server no longer knows. */
export const allChatCookieNames = (side: Side): string[] => [...Object.values(chatCookieNames(side)), seenCookieName(side)];
