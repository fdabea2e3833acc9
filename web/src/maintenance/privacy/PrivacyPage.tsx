import { useMayCall } from '../auth/access';
import { useEffect, useState } from 'react';
import { Badge, Button, Card, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { privacyRoutes, type PrivacyRequest } from '@bb/contracts';
import { apiRequest } from '../../shared/api/request';
import { callRoute, routeUrl, useRoute } from '../../shared/api/routes';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { toast } from '../../shared/ui/toaster';
import { useFetchErrorToast, useWrite } from '../api';
import { formatInstant } from '../domain/dates';
import { archiveReady, erasureConfirmed, monthsField, privacyArchiveFileName, requestProgress, retentionFromFields, subjectOf } from '../domain/privacy';
import { downloadBlob } from '../ui/download';
import { TextField } from '../ui/fields';
import { LineIcon } from '../ui/icons';
import { ListStates } from '../ui/ListStates';
import { PageHeader } from '../ui/PageHeader';
import { EmptyState } from '../ui/states';
import { TableHead } from '../ui/TableHead';

const REQUESTS = routeUrl(privacyRoutes.list);
const KIND_LABELS: Record<PrivacyRequest['kind'], string> = { access: 'Copy of data', erasure: 'Erasure' };
// While a request waits for the services, the list is read again this often.
const PENDING_POLL_MS = 3000;

async function downloadArchive(request: PrivacyRequest) {
  const res = await apiRequest('GET', routeUrl(privacyRoutes.archive, { id: request.id }));
  downloadBlob(privacyArchiveFileName(request.id), await res.blob());
}

/** Customers' rights under the Data Privacy Act: a copy of a person's data, their erasure, and how long data is kept. */
export function PrivacyPage() {
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const may = useMayCall();
  const [erasing, setErasing] = useState(false);
  const [typed, setTyped] = useState('');
  const subject = subjectOf(email, phone);
  const hasSubject = Object.keys(subject).length > 0;

  const requests = useRoute(privacyRoutes.list, {
    refetchInterval: (data) => (data?.requests.some((r) => r.status === 'pending') ? PENDING_POLL_MS : 0),
  });
  useFetchErrorToast(requests.error, 'Failed to fetch privacy requests');
  const access = useWrite({
    run: () => callRoute(privacyRoutes.requestAccess, { body: subject }),
    refresh: [REQUESTS],
    success: 'Data archive requested: it is ready when every service has answered',
    failure: 'Failed to request the data archive',
  });
  const erase = useWrite({
    run: () => callRoute(privacyRoutes.requestErasure, { body: { ...subject, confirm: true } }),
    refresh: [REQUESTS],
    success: 'Erasure requested: it is done when every service has confirmed',
    failure: 'Failed to request the erasure',
    onSuccess: () => {
      setErasing(false);
      setTyped('');
    },
  });
  const download = async (request: PrivacyRequest) => {
    try {
      await downloadArchive(request);
    } catch {
      toast.error('Failed to download the archive');
    }
  };

  return (
    <>
      <PageHeader title="Privacy" description="A person's right to a copy of their data and to its erasure (Data Privacy Act)." />
      <Stack gap="6">
        <Card.Root>
          <Card.Header>
            <Card.Title as="h2">Find a Person</Card.Title>
            <Card.Description>By the e-mail address or the phone number they gave (either or both).</Card.Description>
          </Card.Header>
          <Card.Body>
            <Stack gap="4" maxW="md">
              <TextField label="Email" type="email" value={email} onChange={setEmail} autoComplete="off" />
              <TextField label="Phone" type="tel" value={phone} onChange={setPhone} autoComplete="off" />
              <HStack gap="3" wrap="wrap">
                <Button onClick={() => access.mutate(undefined)} disabled={!hasSubject} loading={access.isPending}>
                  Request Copy of Data
                </Button>
                {may(privacyRoutes.requestErasure) && (
                  <Button colorPalette="red" variant="outline" onClick={() => setErasing(true)} disabled={!hasSubject}>
                    Erase…
                  </Button>
                )}
              </HStack>
            </Stack>
          </Card.Body>
        </Card.Root>

        <ListStates
          query={{ isLoading: requests.isLoading, error: requests.error, data: requests.data?.requests }}
          loadingText="Loading requests..."
          errorText="Requests could not be loaded."
          empty={<EmptyState title="No Requests Yet" text="Requests for a copy of someone's data or their erasure appear here." />}
        >
          {(items) => (
            <Table.ScrollArea borderWidth="1px" borderRadius="md">
              <Table.Root size="sm">
                <TableHead columns={['Request', 'Person', 'By', 'Asked', 'Status', <Text srOnly>Actions</Text>]} />
                <Table.Body>
                  {items.map((r) => (
                    <Table.Row key={r.id}>
                      <Table.Cell>{KIND_LABELS[r.kind]}</Table.Cell>
                      <Table.Cell>{r.subjectHint}</Table.Cell>
                      <Table.Cell>{r.requestedBy}</Table.Cell>
                      <Table.Cell whiteSpace="nowrap">{formatInstant(r.createdAt)}</Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette={r.status === 'done' ? 'green' : 'orange'} variant="subtle">
                          {requestProgress(r)}
                        </Badge>
                      </Table.Cell>
                      <Table.Cell textAlign="end">
                        {archiveReady(r, new Date()) && (
                          <Button size="sm" variant="outline" onClick={() => void download(r)}>
                            <LineIcon name="download" />
                            Download
                          </Button>
                        )}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
        </ListStates>

        <RetentionCard />
      </Stack>
      <ConfirmDialog
        open={erasing}
        title="Erase Person"
        message={
          <Stack gap="3">
            <Text>
              Their appointments stay for the books without their name, e-mail or phone; their waitlist places, newsletter entry, chat messages and mails are
              deleted. This cannot be undone.
            </Text>
            <TextField label="Type their e-mail or phone again to confirm" value={typed} onChange={setTyped} autoComplete="off" />
          </Stack>
        }
        confirmLabel="Erase"
        busy={erase.isPending}
        onClose={() => {
          setErasing(false);
          setTyped('');
        }}
        onConfirm={() => {
          if (erasureConfirmed(typed, subject)) erase.mutate(undefined);
          else toast.error('Type the e-mail address or phone number exactly as above');
        }}
      />
    </>
  );
}

/** How long customers' data is kept (blank: for good). */
function RetentionCard() {
  const may = useMayCall();
  const retention = useRoute(privacyRoutes.readRetention);
  const [chat, setChat] = useState('');
  const [customer, setCustomer] = useState('');
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (!retention.data) return;
    setChat(monthsField(retention.data.chatMonths));
    setCustomer(monthsField(retention.data.customerMonths));
  }, [retention.data]);
  const save = useWrite({
    run: (value: { chatMonths: number | null; customerMonths: number | null }) => callRoute(privacyRoutes.saveRetention, { body: value }),
    refresh: [routeUrl(privacyRoutes.readRetention)],
    success: 'Retention saved',
    failure: 'Failed to save retention',
  });
  const submit = () => {
    const parsed = retentionFromFields(chat, customer);
    if ('error' in parsed) return setError(parsed.error);
    setError(undefined);
    save.mutate(parsed.value);
  };
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">Retention</Card.Title>
        <Card.Description>Erase chat transcripts and past customers' details after this many months; blank keeps them.</Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="4" maxW="md">
          <TextField label="Chat transcripts (months)" type="number" min={1} value={chat} onChange={setChat} disabled={!may(privacyRoutes.saveRetention)} />
          <TextField
            label="Past customers' details (months)"
            type="number"
            min={1}
            value={customer}
            onChange={setCustomer}
            error={error}
            disabled={!may(privacyRoutes.saveRetention)}
          />
          {may(privacyRoutes.saveRetention) && (
            <HStack>
              <Button onClick={submit} loading={save.isPending} disabled={retention.isLoading}>
                Save Retention
              </Button>
            </HStack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
