import { useState, type FormEvent } from 'react';
import { Button, Fieldset, Flex, Grid, Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { APPOINTMENT_MAIL_KINDS, notificationRoutes, scheduleRoutes, subscriberRoutes, type Side } from '@bb/contracts';
import { serverMessage } from '../../shared/api/request';
import { callRoute, routeUrl, useRoute } from '../../shared/api/routes';
import { errorsNow, type GivenErrors } from '../../shared/forms/field-errors';
import { useOffering } from '../../shared/offering/OfferingContext';
import { toast } from '../../shared/ui/toaster';
import { useSessionExpiry, useWrite } from '../api';
import { OFFERING_LABELS } from '../domain/appointments';
import {
  MAIL_KIND_HELP,
  MAIL_KIND_LABELS,
  notificationForm,
  notificationProblems,
  notificationRequests,
  serverFieldErrors,
  type NotificationErrors,
  type NotificationField,
  type NotificationForm,
} from '../domain/notifications';
import { SwitchField, TextField } from '../ui/fields';
import { PageHeader } from '../ui/PageHeader';
import { ErrorState, LoadingState } from '../ui/states';
import { SectionCard } from '../ui/SectionCard';

/** The settings that are a count of hours or times, none below 0. */
const NUMBER_FIELDS: { field: NotificationField; label: string; step: number | 'any'; helper: string }[] = [
  {
    field: 'reminderLeadHours',
    label: 'Reminder lead time (hours)',
    step: 'any',
    helper: 'How long before the appointment the reminder goes out, e.g. 24 or 1.5.',
  },
  {
    field: 'changeCutoffHours',
    label: 'Change cut-off (hours)',
    step: 1,
    helper: 'Customers can reschedule or cancel through their link until this many hours before the appointment.',
  },
  {
    field: 'maxReschedulesPerBooking',
    label: 'Online reschedules per appointment',
    step: 1,
    helper: 'How many times a customer may move one appointment through their link; 0 lets them only cancel online.',
  },
];

/** Sender, staff alerts, reminder lead time, the manage link's cut-off and move limit, and each kind of mail, for one side. */
function AppointmentMailsCard({ side }: { side: Side }) {
  const client = useQueryClient();
  const expired = useSessionExpiry();
  const params = { offering: side };
  const mailUrl = routeUrl(notificationRoutes.settings, params);
  const bookingUrl = routeUrl(scheduleRoutes.settings, params);
  const mail = useRoute(notificationRoutes.settings, { params });
  const booking = useRoute(scheduleRoutes.settings, { params });
  /** The admin's edits; null shows what is stored. */
  const [edited, setEdited] = useState<NotificationForm | null>(null);
  /** Errors of the last save (the form's own check, or the server's words), each gone once its field is valid. */
  const [given, setGiven] = useState<GivenErrors<NotificationForm> | null>(null);

  const save = useMutation({
    // Both writes go out together and never reject: each part that was saved is shown as saved,
    // and the refusals come back as the result, so one refused part does not hide the other's answer.
    mutationFn: async (form: NotificationForm) => {
      const { notifications, booking: manageLink } = notificationRequests(form);
      const [mailSaved, bookingSaved] = await Promise.allSettled([
        callRoute(notificationRoutes.saveSettings, { params, body: notifications }),
        callRoute(scheduleRoutes.saveSettings, { params, body: manageLink }),
      ]);
      if (mailSaved.status === 'fulfilled') client.setQueryData([mailUrl], mailSaved.value);
      if (bookingSaved.status === 'fulfilled') client.setQueryData([bookingUrl], bookingSaved.value);
      return [mailSaved, bookingSaved].flatMap((outcome): unknown[] => (outcome.status === 'rejected' ? [outcome.reason] : []));
    },
    onSuccess: (failures, sent) => {
      if (failures.length === 0) {
        setEdited(null);
        toast.success('Notification settings saved');
        return;
      }
      if (failures.some(expired)) return;
      // The admin's edits stay on screen to be corrected, with the server's words under each field.
      setGiven({ errors: serverFieldErrors(failures), values: sent });
      toast.error('Failed to save notification settings', serverMessage(failures[0]));
    },
  });

  if (mail.isLoading || booking.isLoading) return <LoadingState text="Loading notification settings..." />;
  if (!mail.data || !booking.data) {
    const retry = () => void Promise.all([mail.refetch(), booking.refetch()]);
    return <ErrorState text="The notification settings could not be loaded." error={mail.error ?? booking.error} onRetry={retry} />;
  }

  const form = edited ?? notificationForm(mail.data, booking.data);
  const errors: NotificationErrors = errorsNow(given, form, notificationProblems);
  const change = (patch: Partial<NotificationForm>) => setEdited({ ...form, ...patch });
  const text = (field: NotificationField) => ({
    value: form[field],
    error: errors[field],
    onChange: (value: string) => change({ [field]: value }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = notificationProblems(form);
    setGiven({ errors: problems, values: form });
    const first = Object.values(problems)[0];
    if (first) {
      toast.error('Failed to save notification settings', first);
      return;
    }
    save.mutate(form);
  };

  return (
    <SectionCard
      title="Appointment Mails"
      description={`What customers and staff of the ${OFFERING_LABELS[side].toLowerCase()} are mailed about their appointments, and from whom.`}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="6">
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
            <TextField label="Sender name" required autoComplete="off" helper="The name customers see as the sender." {...text('senderName')} />
            <TextField label="Sender address" type="email" required autoComplete="off" helper="The address the mails come from." {...text('senderEmail')} />
            <TextField
              label="Staff alert address"
              type="email"
              autoComplete="off"
              helper="New bookings are announced here. Leave blank to send no alerts."
              {...text('staffAlertEmail')}
            />
            {NUMBER_FIELDS.map((f) => (
              <TextField key={f.field} label={f.label} type="number" min={0} step={f.step} helper={f.helper} {...text(f.field)} />
            ))}
          </Grid>
          <Fieldset.Root>
            <Fieldset.Legend fontWeight="semibold">Mails sent</Fieldset.Legend>
            <Stack gap="4" mt="3">
              {APPOINTMENT_MAIL_KINDS.map((kind) => (
                <SwitchField
                  key={kind}
                  label={MAIL_KIND_LABELS[kind]}
                  helper={MAIL_KIND_HELP[kind]}
                  checked={form.enabled[kind]}
                  onChange={(on) => change({ enabled: { ...form.enabled, [kind]: on } })}
                />
              ))}
            </Stack>
          </Fieldset.Root>
          <Flex justify="flex-end">
            <Button type="submit" loading={save.isPending} loadingText="Saving...">
              Save
            </Button>
          </Flex>
        </Stack>
      </form>
    </SectionCard>
  );
}

/** Newsletter double opt-in: one setting for the whole business, saved as it is switched. */
function NewsletterCard() {
  const url = routeUrl(subscriberRoutes.settings);
  const settings = useRoute(subscriberRoutes.settings);
  const save = useWrite({
    run: (doubleOptIn: boolean) => callRoute(subscriberRoutes.saveSettings, { body: { doubleOptIn } }),
    refresh: [url],
    success: 'Newsletter setting saved',
    failure: 'Failed to save newsletter setting',
  });
  // While the write is on its way the switch shows where it is going, not where it was.
  const checked = save.isPending ? Boolean(save.variables) : (settings.data?.doubleOptIn ?? false);

  return (
    <SectionCard title="Newsletter" description="Sign-ups from the newsletter form of every page.">
      {settings.isLoading ? (
        <LoadingState text="Loading newsletter settings..." />
      ) : settings.data ? (
        <SwitchField
          label="Newsletter double opt-in"
          helper="New subscribers must confirm through a link we mail them before they receive the newsletter. This applies to the clinic and the studio alike."
          checked={checked}
          disabled={save.isPending}
          onChange={(on) => save.mutate(on)}
        />
      ) : (
        <ErrorState text="The newsletter settings could not be loaded." error={settings.error} onRetry={() => void settings.refetch()} />
      )}
    </SectionCard>
  );
}

/** Mails of the chosen side, and the newsletter's one global setting. */
export function NotificationsPage() {
  const { offering } = useOffering();
  return (
    <>
      <PageHeader title="Notifications" description={`Appointment mails of the ${OFFERING_LABELS[offering].toLowerCase()}, and the newsletter sign-up.`} />
      <Stack gap="6">
        {/* A new side starts from its own stored settings, not the other side's edits. */}
        <AppointmentMailsCard key={offering} side={offering} />
        <NewsletterCard />
      </Stack>
    </>
  );
}
