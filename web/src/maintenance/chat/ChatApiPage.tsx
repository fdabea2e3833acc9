import { useEffect, useState, type FormEvent } from 'react';
import { Badge, Box, Button, Card, Field, Flex, HStack, IconButton, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookRoutes, type WebhookConfig, type WebhookDelivery } from '@bb/contracts';
import { serverMessage } from '../../shared/api/request';
import { callRoute, routeUrl, useRoute } from '../../shared/api/routes';
import { useFieldErrors } from '../../shared/forms/useFieldErrors';
import { toast } from '../../shared/ui/toaster';
import { invalidatePaths, useSessionExpiry } from '../api';
import { formatInstant } from '../domain/dates';
import { LineIcon } from '../ui/icons';
import { PageHeader } from '../ui/PageHeader';
import { ErrorState, LoadingState } from '../ui/states';
import { CopyField } from '../ui/CopyField';
import { IntegrationGuide } from './IntegrationGuide';
import { TableHead } from '../ui/TableHead';

const CONFIG_URL = routeUrl(webhookRoutes.read);
const DELIVERIES_URL = routeUrl(webhookRoutes.deliveries);

const TEST_BADGE: Record<WebhookConfig['testStatus'], { label: string; palette: string }> = {
  success: { label: 'Success', palette: 'green' },
  failed: { label: 'Failed', palette: 'red' },
  pending: { label: 'Pending', palette: 'gray' },
};
const URL_REQUIRED = 'Please enter a webhook URL.';
const webhookProblems = ({ url }: { url: string }) => (url.trim() ? {} : { url: URL_REQUIRED });

const OUTCOME_PALETTE: Record<WebhookDelivery['outcome'], string> = { success: 'green', retrying: 'yellow', failed: 'red' };

/** Connects a chat bot: where customer messages go, the two secrets, a test, and the delivery log. */
export function ChatApiPage() {
  const client = useQueryClient();
  const expired = useSessionExpiry();
  const config = useRoute(webhookRoutes.read);
  const deliveries = useRoute(webhookRoutes.deliveries);
  const [url, setUrl] = useState('');
  const savedUrl = config.data?.webhookUrl ?? '';
  useEffect(() => setUrl(savedUrl), [savedUrl]);
  const { errors, validate } = useFieldErrors({ url }, webhookProblems);

  const save = useMutation({
    mutationFn: (webhookUrl: string) => callRoute(webhookRoutes.save, { body: { webhookUrl } }),
    onSuccess: (saved) => {
      client.setQueryData([CONFIG_URL], saved);
      toast.success('Configuration Saved');
    },
    onError: (error) => {
      if (!expired(error)) toast.error('Failed to save webhook configuration.', serverMessage(error));
    },
  });

  const test = useMutation({
    mutationFn: () => callRoute(webhookRoutes.test),
    onSuccess: (result) => {
      if (result.success) toast.success('Webhook Test Successful', result.message);
      else toast.error('Webhook Test Failed', result.message);
    },
    onError: (error) => {
      if (!expired(error)) toast.error('Failed to test webhook endpoint.', serverMessage(error));
    },
    // The server records the outcome and time of the test; show them.
    onSettled: () => invalidatePaths(client, [CONFIG_URL, DELIVERIES_URL]),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!validate()) {
      toast.error('Validation Error', URL_REQUIRED);
      return;
    }
    save.mutate(url.trim());
  };

  const runTest = () => {
    // The test goes to the saved URL; an edited but unsaved one would test the wrong address.
    if (!savedUrl || url.trim() !== savedUrl) {
      toast.error('Validation Error', 'Please save your configuration before testing.');
      return;
    }
    test.mutate();
  };

  if (config.isLoading) return <LoadingState text="Loading configuration..." />;
  if (!config.data) return <ErrorState text="The webhook configuration could not be loaded." error={config.error} />;
  const badge = TEST_BADGE[config.data.testStatus];

  return (
    <>
      <PageHeader title="Chat API" description="Send customer messages to a chat bot and let it reply." />
      <Stack gap="6">
        <Card.Root>
          <Card.Header>
            <Card.Title as="h2">Webhook Configuration</Card.Title>
            <Card.Description>Customer messages are POSTed to this URL.</Card.Description>
          </Card.Header>
          <Card.Body gap="4">
            <form onSubmit={submit} noValidate>
              <Field.Root invalid={Boolean(errors.url)}>
                <Field.Label>Webhook URL</Field.Label>
                <HStack w="full" align="flex-start">
                  <Input type="url" placeholder="https://bot.example.com/webhook" value={url} onChange={(e) => setUrl(e.target.value)} />
                  <Button type="submit" loading={save.isPending} flexShrink={0}>
                    Save
                  </Button>
                </HStack>
                {errors.url && <Field.ErrorText color="red.700">{errors.url}</Field.ErrorText>}
              </Field.Root>
            </form>
            <Flex gap="4" align="center" wrap="wrap">
              <HStack>
                <Text fontSize="sm" fontWeight="medium">
                  Test status:
                </Text>
                <Badge colorPalette={badge.palette} variant="subtle" data-testid="webhook-test-status">
                  {badge.label}
                </Badge>
              </HStack>
              <Text fontSize="sm" color="fg.muted">
                {config.data.lastTestAt ? `Last tested: ${formatInstant(config.data.lastTestAt)}` : 'Never tested'}
              </Text>
              <Button variant="outline" ml={{ md: 'auto' }} onClick={runTest} loading={test.isPending} loadingText="Testing...">
                Test Webhook
              </Button>
            </Flex>
          </Card.Body>
        </Card.Root>

        <Card.Root>
          <Card.Header>
            <Card.Title as="h2">Secrets</Card.Title>
            <Card.Description>Generated by the server; keep them private.</Card.Description>
          </Card.Header>
          <Card.Body gap="4">
            <CopyField
              label="Outgoing secret"
              value={config.data.webhookSecret}
              helper="Sent with every delivery so your bot can check the call comes from us."
            />
            <CopyField
              label="Incoming reply secret"
              value={config.data.replySecret}
              helper="Your bot sends this in the X-Webhook-Secret header when it replies."
            />
          </Card.Body>
        </Card.Root>

        <Card.Root>
          <Card.Header>
            <Card.Title as="h2">Integration Guide</Card.Title>
          </Card.Header>
          <Card.Body>
            <IntegrationGuide origin={window.location.origin} />
          </Card.Body>
        </Card.Root>

        <Card.Root>
          <Card.Header>
            <Flex justify="space-between" align="center">
              <Card.Title as="h2">Delivery Log</Card.Title>
              <IconButton size="sm" variant="ghost" aria-label="Refresh delivery log" onClick={() => void deliveries.refetch()} loading={deliveries.isFetching}>
                <LineIcon name="refresh" />
              </IconButton>
            </Flex>
          </Card.Header>
          <Card.Body>
            {deliveries.isLoading ? (
              <LoadingState text="Loading deliveries..." />
            ) : (deliveries.data ?? []).length === 0 ? (
              <Text color="fg.muted" fontSize="sm">
                No deliveries yet.
              </Text>
            ) : (
              <Box>
                <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="24rem" tabIndex={0} role="region" aria-label="Delivery attempts">
                  <Table.Root size="sm" stickyHeader>
                    <TableHead columns={['Time', 'Outcome', 'Attempt', 'HTTP', 'Duration', 'Details']} />
                    <Table.Body>
                      {deliveries.data?.map((d) => (
                        <Table.Row key={d.id}>
                          <Table.Cell whiteSpace="nowrap">{formatInstant(d.createdAt)}</Table.Cell>
                          <Table.Cell>
                            <Badge colorPalette={OUTCOME_PALETTE[d.outcome]} variant="subtle">
                              {d.outcome}
                            </Badge>
                          </Table.Cell>
                          <Table.Cell>{d.attempt}</Table.Cell>
                          <Table.Cell>{d.httpStatus ?? '—'}</Table.Cell>
                          <Table.Cell>{d.durationMs} ms</Table.Cell>
                          <Table.Cell maxW="20rem" truncate title={d.error ?? d.url}>
                            {d.error ?? d.url}
                          </Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </Table.ScrollArea>
              </Box>
            )}
          </Card.Body>
        </Card.Root>
      </Stack>
    </>
  );
}
