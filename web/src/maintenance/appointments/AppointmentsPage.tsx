import { useMemo, useState } from 'react';
import { Box, Button, Card, Group, Text } from '@chakra-ui/react';
import { appointmentRoutes, calendarFeedRoutes, practitionerRoutes, type Appointment } from '@bb/contracts';
import { useMayCall } from '../auth/access';
import { sortNewestFirst } from '../domain/appointments';
import { PAYMENT_FILTER_OPTIONS, type PaymentFilter } from '../domain/deposits';
import { SelectField } from '../ui/fields';
import { PageHeader } from '../ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../ui/states';
import { serverMessage } from '../../shared/api/request';
import { useMinWidth } from '../../shared/ui/useMinWidth';
import { useNow } from '../../shared/ui/useNow';
import { useSession } from '../../shared/session/SessionContext';
import { PractitionerFeed } from '../settings/CalendarFeedCard';
import { AppointmentCalendar } from './AppointmentCalendar';
import { AppointmentCards } from './AppointmentCards';
import { AppointmentDialog } from './AppointmentDialog';
import { AppointmentTable } from './AppointmentTable';
import { ResourceCalendar } from './ResourceCalendar';
import { useAppointmentData } from './useAppointmentData';
import { useAppointmentWrites, type AppointmentDeleteRoute } from './useAppointmentWrites';

type View = 'list' | 'calendar' | 'resources';

const VIEW_LABELS: Record<View, string> = { list: 'List', calendar: 'Calendar', resources: 'Resources' };

/** Below this width (a phone, a tablet, a narrow window beside the sidebar) six columns do not fit: cards instead. */
const TABLE_MIN_WIDTH = 1024;

/** How often payment badges are read again: an awaited deposit turns expired on screen when its hold runs out. */
const PAYMENT_CLOCK_MS = 30_000;

/**
 * All bookings of both sides, as a list or a week, or the offering's by practitioner, all of
 * them or those whose deposit is in one state; the older console deletes through its own route.
 */
export function AppointmentsPage({ deleteRoute }: { deleteRoute: AppointmentDeleteRoute }) {
  const [payment, setPayment] = useState<PaymentFilter>('');
  const { appointments, index, isLoading, error } = useAppointmentData(payment);
  const { update, remove, reassign, attendance } = useAppointmentWrites(deleteRoute);
  const now = useNow(PAYMENT_CLOCK_MS);
  const may = useMayCall();
  const { user } = useSession();
  // The practitioners' view reads booking's practitioners: only for roles that may.
  const views = (['list', 'calendar', 'resources'] as const).filter((v) => v !== 'resources' || may(practitionerRoutes.list));
  const wide = useMinWidth(TABLE_MIN_WIDTH);
  const [view, setView] = useState<View>('list');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const sorted = useMemo(() => sortNewestFirst(appointments ?? []), [appointments]);
  const selected = sorted.find((a) => a.id === selectedId) ?? null;
  const select = (a: Appointment) => {
    reassign.reset();
    setSelectedId(a.id);
  };
  const giveTo = (id: string, practitionerId: string, name: string) => reassign.mutate({ id, practitionerId, name });
  const reassignError = reassign.variables?.id === selectedId ? serverMessage(reassign.error) : undefined;

  const body = () => {
    if (isLoading) return <LoadingState text="Loading appointments..." />;
    if (error) return <ErrorState text="Appointments could not be loaded." error={error} />;
    if (view === 'calendar') return <AppointmentCalendar appointments={sorted} index={index} onSelect={select} now={now} />;
    if (view === 'resources')
      return <ResourceCalendar appointments={sorted} index={index} onSelect={select} now={now} onReassign={(a, to, name) => giveTo(a.id, to, name)} />;
    if (sorted.length === 0)
      return payment ? (
        <EmptyState title="No Matching Appointments" text="No appointment's payment is in this state. Choose All payments to see every booking." />
      ) : (
        <EmptyState title="No Appointments Yet" text="Bookings made on the website appear here." />
      );
    return (
      <>
        {wide ? (
          <AppointmentTable appointments={sorted} index={index} onSelect={select} now={now} />
        ) : (
          <AppointmentCards appointments={sorted} index={index} onSelect={select} now={now} />
        )}
        <Text mt="3" fontSize="sm" color="fg.muted">
          Total appointments: {sorted.length}
        </Text>
      </>
    );
  };

  return (
    <>
      <PageHeader
        title="Appointments"
        description="Bookings from the clinic and the studio."
        actions={
          <Group attached role="group" aria-label="View">
            {views.map((v) => (
              <Button key={v} size="sm" variant={view === v ? 'solid' : 'outline'} aria-pressed={view === v} onClick={() => setView(v)}>
                {VIEW_LABELS[v]}
              </Button>
            ))}
          </Group>
        }
      />
      {user?.staffId && may(calendarFeedRoutes.practitionerShow) && (
        <Card.Root mb="6" size="sm">
          <Card.Body>
            <Card.Title as="h2" fontSize="md" mb="3">
              Your calendar feed
            </Card.Title>
            <PractitionerFeed practitioner={{ id: user.staffId, name: user.username }} />
          </Card.Body>
        </Card.Root>
      )}
      <Box w={{ base: 'full', sm: '14rem' }} mb="4">
        <SelectField label="Payment" size="sm" value={payment} onChange={setPayment} options={PAYMENT_FILTER_OPTIONS} />
      </Box>
      {body()}
      <AppointmentDialog
        appointment={selected}
        index={index}
        onClose={() => setSelectedId(null)}
        onSave={(id, change) => {
          setSelectedId(null);
          update.mutate({ id, change });
        }}
        onReassign={giveTo}
        reassigning={reassign.isPending}
        reassignError={reassignError}
        onAttendance={(id, value) => attendance.mutate({ id, value })}
        attendanceSaving={attendance.isPending}
        now={now}
        canEdit={may(appointmentRoutes.update)}
        canDelete={may(deleteRoute)}
        onDelete={(id) => {
          setSelectedId(null);
          remove.mutate(id);
        }}
      />
    </>
  );
}
