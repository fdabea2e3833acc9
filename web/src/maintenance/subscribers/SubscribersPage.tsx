import { useState } from 'react';
import { Badge, Button, HStack, IconButton, Stack, Table, Text } from '@chakra-ui/react';
import { subscriberRoutes, type Subscriber } from '@bb/contracts';
import { callRoute, routeUrl, useRoute } from '../../shared/api/routes';
import { counted, manilaToday } from '../../shared/format';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { useFetchErrorToast, useWrite } from '../api';
import { OfferingBadge } from '../appointments/OfferingBadge';
import { formatInstantDate } from '../domain/dates';
import { subscriberCounts, subscribersCsv, subscribersFileName, subscriptionStatus } from '../domain/subscribers';
import { useMayCall } from '../auth/access';
import { useRecordedExport } from '../ui/useRecordedExport';
import { LineIcon } from '../ui/icons';
import { PageHeader } from '../ui/PageHeader';
import { ListStates } from '../ui/ListStates';
import { EmptyState } from '../ui/states';
import { TableHead } from '../ui/TableHead';

const SOURCE_LABELS: Record<Subscriber['source'], string> = { booking: 'Booking', chat: 'Chat', newsletter: 'Newsletter' };
const showDate = (iso: string) => (iso ? formatInstantDate(iso) : '—');

/** Everyone who left an e-mail address (booking, chat or newsletter), with CSV export. */
export function SubscribersPage() {
  const subscribers = useRoute(subscriberRoutes.list);
  useFetchErrorToast(subscribers.error, 'Failed to fetch email subscribers');
  const [deleting, setDeleting] = useState<Subscriber | null>(null);
  const remove = useWrite({
    run: (id: string) => callRoute(subscriberRoutes.remove, { params: { id } }),
    refresh: [routeUrl(subscriberRoutes.list)],
    success: 'Email subscriber deleted successfully',
    failure: 'Failed to delete email subscriber',
    onSuccess: () => setDeleting(null),
  });

  const list = subscribers.data ?? [];
  const counts = subscriberCounts(list);
  const exporter = useRecordedExport();
  const may = useMayCall();
  const exportCsv = () =>
    exporter.run({
      kind: 'subscribers-csv',
      rows: list.length,
      scope: 'every subscriber',
      fileName: subscribersFileName(manilaToday()),
      text: subscribersCsv(list),
      success: `Exported ${counted(list.length, 'subscriber')} to CSV`,
    });

  return (
    <>
      <PageHeader
        title="Email List"
        description="Addresses collected from bookings, chats and the newsletter form."
        actions={
          exporter.allowed && (
            <Button variant="outline" onClick={() => void exportCsv()} disabled={list.length === 0}>
              <LineIcon name="download" />
              Export to CSV
            </Button>
          )
        }
      />
      <ListStates
        query={subscribers}
        loadingText="Loading subscribers..."
        errorText="Subscribers could not be loaded."
        empty={<EmptyState title="No Subscribers Yet" text="Visitors who book, chat or subscribe appear here." />}
      >
        {(items) => (
          <>
            <Table.ScrollArea borderWidth="1px" borderRadius="md">
              <Table.Root size="sm">
                <TableHead columns={['Email', 'Name', 'Source', 'Offering', 'Status', 'Created', 'Last Interaction', <Text srOnly>Actions</Text>]} />
                <Table.Body>
                  {items.map((s) => (
                    <Table.Row key={s.id}>
                      <Table.Cell>
                        <Stack gap="0">
                          <Text>{s.email}</Text>
                          {s.phone && <Text color="fg.muted">{s.phone}</Text>}
                        </Stack>
                      </Table.Cell>
                      <Table.Cell>{s.fullName || '—'}</Table.Cell>
                      <Table.Cell>{SOURCE_LABELS[s.source]}</Table.Cell>
                      <Table.Cell>
                        <OfferingBadge offering={s.offeringType} />
                      </Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette={subscriptionStatus(s).palette} variant="subtle">
                          {subscriptionStatus(s).label}
                        </Badge>
                      </Table.Cell>
                      <Table.Cell whiteSpace="nowrap">{showDate(s.createdAt)}</Table.Cell>
                      <Table.Cell whiteSpace="nowrap">{showDate(s.lastInteraction)}</Table.Cell>
                      <Table.Cell textAlign="end">
                        {may(subscriberRoutes.remove) && (
                          <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={`Delete ${s.email}`} onClick={() => setDeleting(s)}>
                            <LineIcon name="trash" />
                          </IconButton>
                        )}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
            <HStack mt="3" gap="6" fontSize="sm" color="fg.muted" wrap="wrap">
              <Text>Total: {counts.total}</Text>
              <Text>Subscribed: {counts.subscribed}</Text>
              <Text>Unsubscribed: {counts.unsubscribed}</Text>
            </HStack>
          </>
        )}
      </ListStates>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Subscriber"
        message={`Remove ${deleting?.email ?? ''} from the email list? This action cannot be undone.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </>
  );
}
