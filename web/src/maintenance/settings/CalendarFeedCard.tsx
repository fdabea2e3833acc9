import { useState } from 'react';
import { Button, Card, Heading, HStack, Link, Separator, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { calendarFeedRoutes, practitionerRoutes, type Practitioner, type Side } from '@bb/contracts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { callRoute, routeUrl, useRoute } from '../../shared/api/routes';
import { useFetchErrorToast, useWrite } from '../api';
import { CopyField } from '../ui/CopyField';
import { belongsTo } from '../domain/appointments';
import { feedUrl, webcalUrl } from '../domain/calendar-feed';
import { LoadingState } from '../ui/states';

interface FeedAddressProps {
  /** The address's field label. */
  label: string;
  /** Whose feed, in the rotate button's accessible name and the question ("the calendar address", "Ana's calendar address"). */
  whose: string;
  path: string | undefined;
  loading: boolean;
  /** Makes the new address and puts it in the cache under `cacheKey`, which is read again after. */
  rotate: () => Promise<unknown>;
  cacheKey: string;
}

/** A secret feed address to copy or open, and a way to replace it (after a confirmation). */
function FeedAddress({ label, whose, path, loading, rotate, cacheKey }: FeedAddressProps) {
  const [confirming, setConfirming] = useState(false);
  const write = useWrite({
    run: rotate,
    refresh: [cacheKey],
    success: 'New calendar address made',
    failure: 'Failed to make a new calendar address',
    onSuccess: () => setConfirming(false),
  });
  const origin = window.location.origin;
  if (!path) return loading ? <LoadingState text="Loading calendar address..." /> : <Text color="red.700">{`The ${whose} could not be loaded.`}</Text>;
  return (
    <Stack gap="3">
      <CopyField label={label} value={feedUrl(origin, path)} helper="Anyone with this address can read the appointments: share it only with staff." />
      <HStack gap="4" wrap="wrap">
        <Link href={webcalUrl(origin, path)} color="blue.700" textDecoration="underline">
          Open in your calendar app
        </Link>
        <Button size="sm" variant="outline" colorPalette="red" ml={{ md: 'auto' }} aria-label={`Rotate ${whose}`} onClick={() => setConfirming(true)}>
          Rotate address
        </Button>
      </HStack>
      <ConfirmDialog
        open={confirming}
        title={`Make a new ${whose}?`}
        message="The current address stops working at once: every calendar subscribed to it stops updating until it is subscribed to the new one."
        confirmLabel="Rotate address"
        busy={write.isPending}
        onConfirm={() => write.mutate(undefined)}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

/** One practitioner's own address: only the appointments they take. */
export function PractitionerFeed({ practitioner }: { practitioner: Pick<Practitioner, 'id' | 'name'> }) {
  const client = useQueryClient();
  const params = { id: practitioner.id };
  const key = routeUrl(calendarFeedRoutes.practitionerShow, params);
  const feed = useRoute(calendarFeedRoutes.practitionerShow, { params });
  return (
    <FeedAddress
      label={practitioner.name}
      whose={`calendar address for ${practitioner.name}`}
      path={feed.data?.path}
      loading={feed.isLoading}
      rotate={async () => client.setQueryData([key], await callRoute(calendarFeedRoutes.practitionerRotate, { params }))}
      cacheKey={key}
    />
  );
}

/** The offering's secret calendar address for Google or Apple Calendar, each of its practitioners' own, and a way to replace each. */
export function CalendarFeedCard({ side }: { side: Side }) {
  const client = useQueryClient();
  const key = routeUrl(calendarFeedRoutes.show, { offering: side });
  const feed = useRoute(calendarFeedRoutes.show, { params: { offering: side } });
  useFetchErrorToast(feed.error, 'Failed to fetch the calendar address');
  const practitioners = useRoute(practitionerRoutes.list);
  useFetchErrorToast(practitioners.error, 'Failed to fetch the practitioners');
  const ours = (practitioners.data ?? []).filter((p) => belongsTo(p.offeringType, side));

  return (
    <Card.Root data-testid="calendar-feed-card">
      <Card.Header>
        <Card.Title as="h2">Calendar Feed</Card.Title>
        <Card.Description>
          Subscribe to this address in Google Calendar, Apple Calendar or Outlook to see the appointments there. It updates by itself; cancelled appointments
          drop out.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        <Stack gap="6">
          <FeedAddress
            label="Subscription address"
            whose="calendar address"
            path={feed.data?.path}
            loading={feed.isLoading}
            rotate={async () => client.setQueryData([key], await callRoute(calendarFeedRoutes.rotate, { params: { offering: side } }))}
            cacheKey={key}
          />
          {ours.length > 0 && (
            <Stack gap="4">
              <Separator />
              <Stack gap="1">
                <Heading as="h3" size="sm">
                  Practitioners
                </Heading>
                <Text fontSize="sm" color="fg.muted">
                  Each practitioner&apos;s own address lists only the appointments they take.
                </Text>
              </Stack>
              {ours.map((p) => (
                <PractitionerFeed key={p.id} practitioner={p} />
              ))}
            </Stack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
