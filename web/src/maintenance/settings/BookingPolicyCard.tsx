import { useState } from 'react';
import { Field, Grid, Input, NativeSelect, Text } from '@chakra-ui/react';
import { BUFFER_MINUTES, scheduleRoutes, type SettingsUpdate, type Side } from '@bb/contracts';
import { callRoute, routeUrl, useRoute } from '../../shared/api/routes';
import { useWrite } from '../api';
import { bufferLabel, noticeLabel, noticeOptions, policyChanges, policyDraft, type PolicyDraft } from '../domain/booking-policy';
import { SettingsCard } from './SettingsCard';
import { useAutoSave } from './useAutoSave';

/**
 * How far ahead and how soon visitors may book, the pause after each appointment and how many
 * upcoming bookings one contact may hold; each change is saved by itself, as capacity is.
 */
export function BookingPolicyCard({ side }: { side: Side }) {
  const url = routeUrl(scheduleRoutes.settings, { offering: side });
  const settings = useRoute(scheduleRoutes.settings, { params: { offering: side } });
  /** The admin's edits, null until they change anything. */
  const [draft, setDraft] = useState<PolicyDraft | null>(null);
  const shown = draft ?? policyDraft(settings.data);
  const save = useWrite({
    run: (body: SettingsUpdate) => callRoute(scheduleRoutes.saveSettings, { params: { offering: side }, body }),
    // The policy decides which public slots can be booked.
    refresh: [url, routeUrl(scheduleRoutes.availableSlots)],
    success: 'Booking policy saved',
    failure: 'Failed to save the booking policy',
  });
  useAutoSave(draft, (d) => {
    const changes = policyChanges(d, settings.data);
    if (changes) save.mutate(changes);
  });
  const change = (patch: Partial<PolicyDraft>) => setDraft({ ...shown, ...patch });

  return (
    <SettingsCard
      title="Booking Policy"
      description="When visitors may book and how much room each appointment takes. Changes are saved as you make them."
      loading={settings.isLoading}
      after={
        save.isPending && (
          <Text fontSize="sm" color="fg.muted" mt="3">
            Saving...
          </Text>
        )
      }
    >
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="5">
        <Field.Root>
          <Field.Label>Minimum notice</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={shown.minimumNoticeMinutes} onChange={(e) => change({ minimumNoticeMinutes: Number(e.target.value) })}>
              {noticeOptions(shown.minimumNoticeMinutes).map((m) => (
                <option key={m} value={m}>
                  {noticeLabel(m)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.HelperText>How long before its start a time can still be booked online.</Field.HelperText>
        </Field.Root>
        <Field.Root>
          <Field.Label>Booking horizon (days)</Field.Label>
          <Input type="number" min={1} max={730} step={1} value={shown.horizonDays} onChange={(e) => change({ horizonDays: e.target.value })} />
          <Field.HelperText>How many days ahead bookings open (1 to 730).</Field.HelperText>
        </Field.Root>
        <Field.Root>
          <Field.Label>Buffer after each appointment</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={shown.bufferMinutes} onChange={(e) => change({ bufferMinutes: Number(e.target.value) })}>
              {BUFFER_MINUTES.map((m) => (
                <option key={m} value={m}>
                  {bufferLabel(m)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.HelperText>Time kept free after each appointment, for cleaning or setting up.</Field.HelperText>
        </Field.Root>
        <Field.Root>
          <Field.Label>Upcoming appointments per contact</Field.Label>
          <Input
            type="number"
            min={0}
            max={100}
            step={1}
            value={shown.maxUpcomingPerContact}
            onChange={(e) => change({ maxUpcomingPerContact: e.target.value })}
          />
          <Field.HelperText>
            The most one mailbox or phone number may hold at once (ana+kids@… counts as ana@…, +63 917… as 0917…); 0 means no limit.
          </Field.HelperText>
        </Field.Root>
      </Grid>
    </SettingsCard>
  );
}
