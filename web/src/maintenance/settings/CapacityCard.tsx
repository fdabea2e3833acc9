import { useState } from 'react';
import { HStack, IconButton, Text } from '@chakra-ui/react';
import { scheduleRoutes, type Side } from '@bb/contracts';
import { callRoute, routeUrl, useRoute } from '../../shared/api/routes';
import { useWrite } from '../api';
import { LineIcon } from '../ui/icons';
import { SettingsCard } from './SettingsCard';
import { useAutoSave } from './useAutoSave';

const MIN_SESSIONS = 1;

/** How many bookings may share one 30-minute slot (at least 1); each change is saved by itself. */
export function CapacityCard({ side }: { side: Side }) {
  const url = routeUrl(scheduleRoutes.settings, { offering: side });
  const settings = useRoute(scheduleRoutes.settings, { params: { offering: side } });
  /** The admin's choice, null until they change the stored value. */
  const [chosen, setChosen] = useState<number | null>(null);
  const sessions = chosen ?? settings.data?.maxSessionsPerSlot ?? MIN_SESSIONS;
  const save = useWrite({
    run: (maxSessionsPerSlot: number) => callRoute(scheduleRoutes.saveSettings, { params: { offering: side }, body: { maxSessionsPerSlot } }),
    // Capacity decides which public slots are free.
    refresh: [url, routeUrl(scheduleRoutes.availableSlots)],
    success: 'Settings saved successfully',
    failure: 'Failed to save settings',
  });
  useAutoSave(chosen, (n) => n !== settings.data?.maxSessionsPerSlot && save.mutate(n));
  const change = (delta: number) => setChosen(Math.max(MIN_SESSIONS, sessions + delta));

  return (
    <SettingsCard
      title="Concurrent Sessions"
      description="How many appointments can be booked in the same time slot. Treatments and packages that need a practitioner or a room (Resources) are limited by those instead. Changes are saved as you make them."
      loading={settings.isLoading}
    >
      <HStack gap="4" wrap="wrap">
        <HStack gap="2" role="group" aria-label="Sessions per slot">
          <IconButton variant="outline" aria-label="Decrease sessions per slot" disabled={sessions <= MIN_SESSIONS} onClick={() => change(-1)}>
            <Text as="span" aria-hidden="true" fontSize="lg">
              −
            </Text>
          </IconButton>
          <Text minW="3ch" textAlign="center" fontSize="2xl" fontWeight="bold" aria-live="polite" data-testid="sessions-per-slot">
            {sessions}
          </Text>
          <IconButton variant="outline" aria-label="Increase sessions per slot" onClick={() => change(1)}>
            <LineIcon name="plus" />
          </IconButton>
        </HStack>
        <Text color="fg.muted">{sessions === 1 ? 'session per slot' : 'sessions per slot'}</Text>
        {save.isPending && (
          <Text fontSize="sm" color="fg.muted" ml={{ md: 'auto' }}>
            Saving...
          </Text>
        )}
      </HStack>
    </SettingsCard>
  );
}
