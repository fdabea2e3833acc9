import { useEffect, useState } from 'react';
import { Button, Card, HStack, IconButton, Text } from '@chakra-ui/react';
import type { Settings, Side } from '@bb/contracts';
import { apiJson } from '../../shared/api/request';
import { useApi, useWrite } from '../api';
import { LineIcon } from '../ui/icons';
import { LoadingState } from '../ui/states';

const MIN_SESSIONS = 1;

/** How many bookings may share one 30-minute slot (at least 1). */
export function CapacityCard({ side }: { side: Side }) {
  const url = `/api/settings/${side}`;
  const settings = useApi<Settings>(url);
  const [sessions, setSessions] = useState(MIN_SESSIONS);
  useEffect(() => {
    if (settings.data) setSessions(settings.data.maxSessionsPerSlot);
  }, [settings.data]);
  const save = useWrite({
    run: (maxSessionsPerSlot: number) => apiJson('PUT', url, { maxSessionsPerSlot }),
    // Capacity decides which public slots are free.
    refresh: [url, '/api/available-slots'],
    success: 'Settings saved successfully',
    failure: 'Failed to save settings',
  });

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">Concurrent Sessions</Card.Title>
        <Card.Description>How many appointments can be booked in the same time slot.</Card.Description>
      </Card.Header>
      <Card.Body>
        {settings.isLoading ? (
          <LoadingState text="Loading settings..." />
        ) : (
          <HStack gap="4" wrap="wrap">
            <HStack gap="2" role="group" aria-label="Sessions per slot">
              <IconButton variant="outline" aria-label="Decrease sessions per slot" disabled={sessions <= MIN_SESSIONS} onClick={() => setSessions((n) => Math.max(MIN_SESSIONS, n - 1))}>
                <Text as="span" aria-hidden="true" fontSize="lg">
                  −
                </Text>
              </IconButton>
              <Text minW="3ch" textAlign="center" fontSize="2xl" fontWeight="bold" aria-live="polite" data-testid="sessions-per-slot">
                {sessions}
              </Text>
              <IconButton variant="outline" aria-label="Increase sessions per slot" onClick={() => setSessions((n) => n + 1)}>
                <LineIcon name="plus" />
              </IconButton>
            </HStack>
            <Text color="fg.muted">{sessions === 1 ? 'session per slot' : 'sessions per slot'}</Text>
            <Button ml={{ md: 'auto' }} onClick={() => save.mutate(sessions)} loading={save.isPending} disabled={sessions === settings.data?.maxSessionsPerSlot}>
              Save Sessions
            </Button>
          </HStack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
