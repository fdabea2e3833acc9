import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Box, Button, Flex, Heading, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatRoutes, SUPPORT_SENDER_NAME, type ConversationSummary } from '@bb/contracts';
import { serverMessage } from '../../shared/api/request';
import { callRoute, routeUrl, useRoute } from '../../shared/api/routes';
import { toast } from '../../shared/ui/toaster';
import { invalidatePaths, useSessionExpiry } from '../api';
import { OfferingBadge } from '../appointments/OfferingBadge';
import { formatInstant } from '../domain/dates';

interface ChatThreadProps {
  conversation: ConversationSummary;
  pollInterval: number;
  /** Whether a person opened this conversation (the first one is selected by itself). */
  seenByPerson: boolean;
  /** Working in the thread (a click, the reply box) opens it. */
  onOpen: () => void;
  onSeen: (id: string, count: number) => void;
}

/** One conversation, polled while open, with the support reply box. */
export function ChatThread({ conversation, pollInterval, seenByPerson, onOpen, onSeen }: ChatThreadProps) {
  const client = useQueryClient();
  const expired = useSessionExpiry();
  const messagesUrl = routeUrl(chatRoutes.messages, { id: conversation.id });
  const messages = useRoute(chatRoutes.messages, { params: { id: conversation.id }, refetchInterval: pollInterval });
  const [reply, setReply] = useState('');
  const scroller = useRef<HTMLDivElement>(null);
  const count = messages.data?.length ?? 0;

  // Once a person has it open, whatever is on screen has been seen; the list's count may be a poll ahead or behind.
  useEffect(() => {
    if (seenByPerson && messages.data) onSeen(conversation.id, Math.max(count, conversation.messageCount));
  }, [seenByPerson, messages.data, count, conversation.id, conversation.messageCount, onSeen]);

  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = scroller.current.scrollHeight;
  }, [count, conversation.id]);

  const send = useMutation({
    mutationFn: (content: string) =>
      callRoute(chatRoutes.post, {
        body: { conversationId: conversation.id, senderType: 'csr', senderName: SUPPORT_SENDER_NAME, content, offeringType: conversation.offeringType },
      }),
    onSuccess: () => setReply(''),
    onError: (error) => {
      if (!expired(error)) toast.error('Failed to send message', serverMessage(error));
    },
    onSettled: () => invalidatePaths(client, [messagesUrl, routeUrl(chatRoutes.list)]),
  });

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const content = reply.trim();
    if (content && !send.isPending) send.mutate(content);
  };

  return (
    <Flex direction="column" h="full" minH="0" onPointerDown={seenByPerson ? undefined : onOpen} onFocus={seenByPerson ? undefined : onOpen}>
      <Flex px="4" py="3" borderBottomWidth="1px" align="center" gap="3" wrap="wrap">
        <Box flex="1" minW="0">
          <Heading as="h2" size="md" truncate>
            {conversation.customerName}
          </Heading>
          <Text fontSize="sm" color="fg.muted" truncate>
            {conversation.customerEmail}
          </Text>
        </Box>
        <OfferingBadge offering={conversation.offeringType} />
      </Flex>
      <Box ref={scroller} flex="1" overflowY="auto" p="4" bg="bg.subtle" tabIndex={0} aria-label={`Messages with ${conversation.customerName}`} role="log">
        {messages.isLoading ? (
          <Text color="fg.muted">Loading messages...</Text>
        ) : count === 0 ? (
          <Text color="fg.muted">No messages yet.</Text>
        ) : (
          <Stack gap="3">
            {messages.data?.map((m) => {
              const mine = m.senderType === 'csr';
              return (
                <Flex key={m.id} justify={mine ? 'flex-end' : 'flex-start'}>
                  <Box maxW="75%" bg={mine ? 'gray.800' : 'bg'} color={mine ? 'white' : 'fg'} borderWidth={mine ? '0' : '1px'} borderRadius="lg" px="3" py="2">
                    <Text fontSize="xs" fontWeight="semibold" opacity={0.85}>
                      {m.senderName || (mine ? SUPPORT_SENDER_NAME : conversation.customerName)}
                    </Text>
                    <Text whiteSpace="pre-wrap" wordBreak="break-word">
                      {m.content}
                    </Text>
                    <Text fontSize="xs" opacity={0.75} mt="1">
                      {formatInstant(m.createdAt)}
                    </Text>
                  </Box>
                </Flex>
              );
            })}
          </Stack>
        )}
      </Box>
      <Box as="form" onSubmit={submit} p="3" borderTopWidth="1px" display="flex" gap="2" alignItems="flex-end">
        <Textarea
          aria-label="Reply"
          placeholder="Type your reply..."
          rows={2}
          resize="none"
          value={reply}
          onChange={(e) => setReply(e.target.value)}
          onKeyDown={(e) => {
            // Enter sends, Shift+Enter starts a new line.
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              submit();
            }
          }}
        />
        <Button type="submit" disabled={!reply.trim()} loading={send.isPending}>
          Send
        </Button>
      </Box>
    </Flex>
  );
}
