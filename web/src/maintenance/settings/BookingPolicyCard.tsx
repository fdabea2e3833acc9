import { Grid } from '@chakra-ui/react';
import { BUFFER_MINUTES, scheduleRoutes, type SettingsUpdate, type Side } from '@bb/contracts';
import { callRoute, routeUrl, useRoute } from '../../shared/api/routes';
import { useWrite } from '../api';
import { bufferLabel, noticeLabel, noticeOptions, policyChanges, policyDraft } from '../domain/booking-policy';
import { SelectField, TextField } from '../ui/fields';
import { SettingsCard } from './SettingsCard';
import { useAutoSavedDraft } from './useAutoSave';

const BUFFER_OPTIONS = BUFFER_MINUTES.map((m) => ({ value: String(m), label: bufferLabel(m) }));

/**
 * How far ahead and how soon visitors may book, the pause after each appointment and how many
 * upcoming bookings one contact may hold; each change is saved by itself, as capacity is.
 */
export function BookingPolicyCard({ side }: { side: Side }) {
  const url = routeUrl(scheduleRoutes.settings, { offering: side });
  const settings = useRoute(scheduleRoutes.settings, { params: { offering: side } });
  const save = useWrite({
    run: (body: SettingsUpdate) => callRoute(scheduleRoutes.saveSettings, { params: { offering: side }, body }),
    // The policy decides which public slots can be booked.
    refresh: [url, routeUrl(scheduleRoutes.availableSlots)],
    success: 'Booking policy saved',
    failure: 'Failed to save the booking policy',
  });
  const { shown, change } = useAutoSavedDraft(policyDraft(settings.data), (d) => {
    const changes = policyChanges(d, settings.data);
    if (changes) save.mutate(changes);
  });

  return (
    <SettingsCard
      title="Booking Policy"
      description="When visitors may book and how much room each appointment takes. Changes are saved as you make them."
      loading={settings.isLoading}
      saving={save.isPending}
    >
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="5">
        <SelectField
          label="Minimum notice"
          value={String(shown.minimumNoticeMinutes)}
          onChange={(v) => change({ minimumNoticeMinutes: Number(v) })}
          options={noticeOptions(shown.minimumNoticeMinutes).map((m) => ({ value: String(m), label: noticeLabel(m) }))}
          helper="How long before its start a time can still be booked online."
        />
        <TextField
          label="Booking horizon (days)"
          type="number"
          min={1}
          max={730}
          step={1}
          value={shown.horizonDays}
          onChange={(horizonDays) => change({ horizonDays })}
          helper="How many days ahead bookings open (1 to 730)."
        />
        <SelectField
          label="Buffer after each appointment"
          value={String(shown.bufferMinutes)}
          onChange={(v) => change({ bufferMinutes: Number(v) })}
          options={BUFFER_OPTIONS}
          helper="Time kept free after each appointment, for cleaning or setting up."
        />
        <TextField
          label="Upcoming appointments per contact"
          type="number"
          min={0}
          max={100}
          step={1}
          value={shown.maxUpcomingPerContact}
          onChange={(maxUpcomingPerContact) => change({ maxUpcomingPerContact })}
          helper="The most one mailbox or phone number may hold at once (ana+kids@… counts as ana@…, +63 917… as 0917…); 0 means no limit."
        />
      </Grid>
    </SettingsCard>
  );
}
