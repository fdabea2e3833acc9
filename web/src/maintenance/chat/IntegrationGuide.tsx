import { Code, Heading, List, Stack, Text } from '@chakra-ui/react';
import { WEBHOOK_ID_HEADER, WEBHOOK_SECRET_HEADER, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '@bb/contracts';

const Block = ({ children }: { children: string }) => (
  <Code as="pre" display="block" whiteSpace="pre" overflowX="auto" p="3" fontSize="xs" borderRadius="md" tabIndex={0}>
    {children}
  </Code>
);

const headerName = WEBHOOK_SECRET_HEADER.replace(/(^|-)(\w)/g, (_m, dash: string, c: string) => `${dash}${c.toUpperCase()}`);

/** What a bot developer needs: what we send, how to verify it, and how to answer. */
export function IntegrationGuide({ origin }: { origin: string }) {
  const payload = `{
  "type": "message",
  "conversationId": "c3b1…",
  "message": {
    "id": "m9a2…",
    "content": "Hi, do you have a slot on Saturday?",
    "senderType": "customer",
    "senderName": "Maria Santos",
    "timestamp": "2026-01-10T02:15:00.000Z"
  },
  "secret": "<outgoing secret>"
}`;
  const reply = `curl -X POST ${origin}/api/webhook/reply \\
  -H "Content-Type: application/json" \\
  -H "${headerName}: <incoming reply secret>" \\
  -d '{"conversationId": "c3b1…", "content": "Yes! We have 10:00 AM free.", "senderName": "Booking Bot"}'`;
  return (
    <Stack gap="4" fontSize="sm">
      <Stack gap="2">
        <Heading as="h3" size="sm">
          1. Receive customer messages
        </Heading>
        <Text>Every message a visitor sends is POSTed as JSON to your webhook URL:</Text>
        <Block>{payload}</Block>
        <List.Root ps="5" gap="1">
          <List.Item>
            The outgoing secret arrives in the <Code>{headerName}</Code> header and in the body; compare it before trusting the call.
          </List.Item>
          <List.Item>
            Requests are also signed the Standard Webhooks way (<Code>{WEBHOOK_ID_HEADER}</Code>, <Code>{WEBHOOK_TIMESTAMP_HEADER}</Code>,{' '}
            <Code>{WEBHOOK_SIGNATURE_HEADER}</Code>, HMAC-SHA256).
          </List.Item>
          <List.Item>Answer with any 2xx status quickly; failed deliveries are retried with backoff and listed in the delivery log below.</List.Item>
        </List.Root>
      </Stack>
      <Stack gap="2">
        <Heading as="h3" size="sm">
          2. Reply to the customer
        </Heading>
        <Text>
          POST to <Code>/api/webhook/reply</Code> with the incoming reply secret in the <Code>{headerName}</Code> header. <Code>senderName</Code> is optional.
        </Text>
        <Block>{reply}</Block>
        <Text>The reply appears in the visitor&apos;s chat window and in the Chat screen.</Text>
      </Stack>
    </Stack>
  );
}
