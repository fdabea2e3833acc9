import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessage, Conversation, ConversationCreate, MessageCreate, Side } from '@bb/contracts';
import { apiJson, errorStatus } from '../../shared/api/request';
import { allChatCookieNames, identityAssignments, readIdentity, readSeenCount, seenCountAssignment, type ChatIdentity } from './domain/cookies';
import { countUnread, mergeMessages, messagesUrl, POST_MESSAGE, START_CONVERSATION } from './domain/messages';
import { IDLE_CHECK_MS, pollDelay, pollingMode, type PollingMode } from './domain/polling';

const secureCookies = () => window.location.protocol === 'https:';

export interface ChatState {
  identity: ChatIdentity | null;
  messages: ChatMessage[];
  unread: number;
  open: boolean;
  setOpen: (open: boolean) => void;
  start: (name: string, email: string) => Promise<void>;
  send: (content: string) => Promise<void>;
}

/**
 * The visitor's conversation on one side: resumed from cookies, polled with the server's
 * `after` cursor (fast while lively, slow once idle), and counted for the unread badge.
 */
export function useChat(side: Side): ChatState {
  const [identity, setIdentity] = useState<ChatIdentity | null>(() => readIdentity(document.cookie, side));
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [open, setOpenState] = useState(false);
  /**
   * How many messages the visitor had in front of them when the chat was last open, kept in a
   * cookie so that replies written while they were away are unread when they come back.
   */
  const [seenCount, setSeenCount] = useState(() => (identity ? readSeenCount(document.cookie, side, identity.conversationId) : 0));
  const [mode, setMode] = useState<PollingMode>('active');
  const lastActivity = useRef(Date.now());
  /** Only polled answers move the cursor: a sent message must not skip a reply written before it. */
  const cursor = useRef<string | undefined>(undefined);
  const messagesRef = useRef(messages);
  messagesRef.current = messages;

  const markActive = useCallback(() => {
    lastActivity.current = Date.now();
    setMode('active');
  }, []);

  useEffect(() => {
    if (!identity) return;
    const timer = setInterval(() => setMode(pollingMode(lastActivity.current, Date.now())), IDLE_CHECK_MS);
    return () => clearInterval(timer);
  }, [identity]);

  // One request at a time; a change of mode restarts the loop so a sent message is followed
  // by the fast rhythm at once rather than after the idle delay.
  useEffect(() => {
    if (!identity) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const resumed = cursor.current === undefined;
        const fresh = await apiJson<ChatMessage[]>('GET', messagesUrl(identity.conversationId, cursor.current));
        if (stopped) return;
        if (fresh.length > 0) {
          cursor.current = fresh[fresh.length - 1].id;
          setMessages((current) => mergeMessages(current, fresh));
          // Loading the history of a resumed conversation is not activity; a new message is.
          if (!resumed) markActive();
        }
      } catch (error) {
        if (stopped) return;
        if (errorStatus(error) === 404) {
          forget(side);
          setIdentity(null);
          return;
        }
      }
      if (!stopped) timer = setTimeout(poll, pollDelay(mode));
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [identity, mode, side, markActive]);

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    if (!next) setSeenCount(messagesRef.current.length);
  }, []);

  // While the chat is open every message is in front of the visitor.
  useEffect(() => {
    if (open) setSeenCount(messages.length);
  }, [open, messages.length]);

  useEffect(() => {
    if (identity) document.cookie = seenCountAssignment(side, identity.conversationId, seenCount, secureCookies());
  }, [identity, side, seenCount]);

  const start = useCallback(
    async (name: string, email: string) => {
      const body: ConversationCreate = { customerName: name.trim(), customerEmail: email.trim(), offeringType: side };
      const conversation = await apiJson<Conversation>('POST', START_CONVERSATION, body);
      const next = { conversationId: conversation.id, name: body.customerName, email: body.customerEmail };
      for (const assignment of identityAssignments(next, side, secureCookies())) document.cookie = assignment;
      cursor.current = undefined;
      setMessages([]);
      setSeenCount(0);
      markActive();
      setIdentity(next);
    },
    [side, markActive],
  );

  const send = useCallback(
    async (content: string) => {
      if (!identity) return;
      const body: MessageCreate = {
        conversationId: identity.conversationId,
        senderType: 'customer',
        senderName: identity.name,
        content: content.trim(),
        offeringType: side,
      };
      const message = await apiJson<ChatMessage>('POST', POST_MESSAGE, body);
      setMessages((current) => mergeMessages(current, [message]));
      markActive();
    },
    [identity, side, markActive],
  );

  return { identity, messages, unread: open ? 0 : countUnread(messages, seenCount), open, setOpen, start, send };
}

/** A conversation the server no longer knows: drop its cookies so the visitor can start anew. */
function forget(side: Side) {
  for (const name of allChatCookieNames(side)) document.cookie = `${name}=; Max-Age=0; Path=/`;
}
