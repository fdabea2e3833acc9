import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Box, Button, chakra, Field, Flex, Input, Stack, Text } from '@chakra-ui/react';
import type { Side } from '@bb/contracts';
import { serverMessage } from '../../shared/api/request';
import { useFieldErrors } from '../../shared/forms/useFieldErrors';
import { toast } from '../../shared/ui/toaster';
import { BUSINESS } from '../site';
import { startProblems } from './domain/start';
import { messageTime } from './domain/time';
import type { ChatState } from './useChat';

function StartForm({ chat }: { chat: ChatState }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const { errors, validate } = useFieldErrors({ name, email }, startProblems);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!validate()) {
      toast.error('Name and email required', 'Please enter your name and email to start chatting.');
      return;
    }
    setBusy(true);
    try {
      await chat.start(name, email);
    } catch (error) {
      toast.error('Could not start the chat', serverMessage(error) ?? 'Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <chakra.form onSubmit={submit} noValidate display="flex" flexDirection="column" gap="4" p="5" flex="1" justifyContent="center">
      <Text color="gray.700">Tell us who you are and we will reply right here.</Text>
      <Field.Root invalid={Boolean(errors.name)}>
        <Field.Label>Name</Field.Label>
        <Input autoFocus autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
        {errors.name && <Field.ErrorText color="red.700">{errors.name}</Field.ErrorText>}
      </Field.Root>
      <Field.Root invalid={Boolean(errors.email)}>
        <Field.Label>Email</Field.Label>
        <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        {errors.email && <Field.ErrorText color="red.700">{errors.email}</Field.ErrorText>}
      </Field.Root>
      <Button type="submit" loading={busy} rounded="full">
        Start Chat
      </Button>
    </chakra.form>
  );
}

function Conversation({ chat }: { chat: ChatState }) {
  const now = new Date();
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const logRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    logRef.current?.scrollTo({ top: logRef.current.scrollHeight });
  }, [chat.messages.length]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (draft.trim() === '') return;
    setBusy(true);
    try {
      await chat.send(draft);
      setDraft('');
    } catch (error) {
      toast.error('Message not sent', serverMessage(error) ?? 'Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Box ref={logRef} role="log" aria-label="Messages" aria-live="polite" flex="1" overflowY="auto" px="4" py="3" bg="gray.50">
        {chat.messages.length === 0 ? (
          <Text color="gray.600" textAlign="center" mt="8">
            Hi {chat.identity?.name}! Send us a message and our team will reply here.
          </Text>
        ) : (
          <Stack gap="3">
            {chat.messages.map((m) => {
              const mine = m.senderType === 'customer';
              return (
                <Box key={m.id} alignSelf={mine ? 'flex-end' : 'flex-start'} maxW="85%">
                  <Text fontSize="xs" color="gray.600" mb="0.5" textAlign={mine ? 'end' : 'start'}>
                    {mine ? 'You' : m.senderName || 'Support'} · <time dateTime={m.createdAt}>{messageTime(m.createdAt, now)}</time>
                  </Text>
                  <Text
                    px="3"
                    py="2"
                    rounded="xl"
                    bg={mine ? 'colorPalette.solid' : 'white'}
                    color={mine ? 'white' : 'gray.900'}
                    borderWidth={mine ? '0' : '1px'}
                    borderColor="gray.200"
                    whiteSpace="pre-wrap"
                    wordBreak="break-word"
                  >
                    {m.content}
                  </Text>
                </Box>
              );
            })}
          </Stack>
        )}
      </Box>
      <chakra.form onSubmit={submit} display="flex" gap="2" p="3" borderTopWidth="1px" borderColor="gray.100">
        <Input aria-label="Message" placeholder="Type a message…" value={draft} onChange={(e) => setDraft(e.target.value)} autoFocus autoComplete="off" />
        <Button type="submit" loading={busy} disabled={draft.trim() === ''} rounded="full" flexShrink={0}>
          Send
        </Button>
      </chakra.form>
    </>
  );
}

/** The open chat: 24rem by 500px (spec §9), shrunk to fit a phone. */
export default function ChatPanel({ chat, side, onClose }: { chat: ChatState; side: Side; onClose: () => void }) {
  const close = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
  };
  return (
    <Flex
      id="chat-panel"
      role="dialog"
      aria-label="Chat"
      onKeyDown={close}
      direction="column"
      w="96"
      maxW="calc(100vw - 2rem)"
      h="500px"
      maxH="calc(100dvh - 6rem)"
      bg="white"
      rounded="2xl"
      boxShadow="2xl"
      borderWidth="1px"
      borderColor="gray.100"
      overflow="hidden"
    >
      <Box bg="colorPalette.solid" color="white" px="5" py="4">
        <Text fontWeight="semibold">{side === 'clinic' ? BUSINESS.clinicName : BUSINESS.studioName}</Text>
        <Text fontSize="sm" color="white/85">
          We usually reply within a few minutes.
        </Text>
      </Box>
      {chat.identity ? <Conversation chat={chat} /> : <StartForm chat={chat} />}
    </Flex>
  );
}
