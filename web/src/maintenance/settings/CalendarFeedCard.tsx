import { useState } from 'react';
import { Button, Card, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { calendarFeedRoutes, type Side } from '@bb/contracts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { callRoute, routeUrl, useRoute } from '../../shared/api/routes';
import { useFetchErrorToast, useWrite } from '../api';
import { CopyField } from '../chat/CopyField';
import { feedUrl, webcalUrl } from '../domain/calendar-feed';
import { LoadingState } from '../ui/states';

/** The offering's secret calendar address for Google or Apple Calendar, and a way to replace it. */
export function CalendarFeedCard({ side }: { side: Side }) {
  const client = useQueryClient();
  const key = routeUrl(calendarFeedRoutes.show, { offering: side });
  const feed = useRoute(calendarFeedRoutes.show, { params: { offering: side } });
  useFetchErrorToast(feed.error, 'Failed to fetch the calendar address');
  const [confirming, setConfirming] = useState(false);
  const rotate = useWrite({
    run: async () => client.setQueryData([key], await callRoute(calendarFeedRoutes.rotate, { params: { offering: side } })),
    refresh: [key],
    success: 'New calendar address made',
    failure: 'Failed to make a new calendar address',
    onSuccess: () => setConfirming(false),
  });
  const origin = window.location.origin;

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">Calendar Feed</Card.Title>
        <Card.Description>
          Subscribe to this address in Google Calendar, Apple Calendar or Outlook to see the appointments there. It updates by itself; cancelled appointments
          drop out.
        </Card.Description>
      </Card.Header>
      <Card.Body>
        {feed.isLoading || !feed.data ? (
          feed.isError ? (
            <Text color="red.700">The calendar address could not be loaded.</Text>
          ) : (
            <LoadingState text="Loading calendar address..." />
          )
        ) : (
          <Stack gap="4">
            <CopyField
              label="Subscription address"
              value={feedUrl(origin, feed.data.path)}
              helper="Anyone with this address can read the appointments: share it only with staff."
            />
            <HStack gap="4" wrap="wrap">
              <Link href={webcalUrl(origin, feed.data.path)} color="blue.700" textDecoration="underline">
                Open in your calendar app
              </Link>
              <Button size="sm" variant="outline" colorPalette="red" ml={{ md: 'auto' }} onClick={() => setConfirming(true)}>
                Rotate address
              </Button>
            </HStack>
          </Stack>
        )}
      </Card.Body>
      <ConfirmDialog
        open={confirming}
        title="Make a new calendar address?"
        message="The current address stops working at once: every calendar subscribed to it stops updating until it is subscribed to the new one."
        confirmLabel="Rotate address"
        busy={rotate.isPending}
        onConfirm={() => rotate.mutate(undefined)}
        onClose={() => setConfirming(false)}
      />
    </Card.Root>
  );
}
