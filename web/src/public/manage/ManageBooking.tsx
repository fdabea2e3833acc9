import { Suspense, useId, useRef, useState, type ReactNode } from 'react';
import { Badge, Box, Button, Fieldset, Flex, Grid, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { manageRoutes, paymentRoutes, type AppointmentStatus, type ManagedAppointment, type PractitionerChoice } from '@bb/contracts';
import { serverMessage } from '../../shared/api/request';
import { callRoute, routeUrl, useRoute } from '../../shared/api/routes';
import { retryableLazy } from '../../shared/errors/retryable-lazy';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { toast } from '../../shared/ui/toaster';
import { moveChoice } from '../booking/domain/practitioner';
import { isSlotsKey, type BookedSlot } from '../booking/domain/schedule';
import { bookedWhen } from '../booking/domain/summary';
import { TILE } from '../components/Card';
import { LinkLoading, LinkProblem } from '../components/LinkStates';
import { ChoiceCard } from '../booking/PractitionerChoice';
import { CalendarIcon } from '../components/icons';
import { useSetOffering } from '../hooks/usePageSetup';
import { paymentLine, statusAt, unconfirmedPayment } from '../pay/domain/pay';
import { SIDE_NAME } from '../site';
import { CUSTOMER_STATUS, itemsLabel, loadProblem, manageLinks, manageOptions, unpaidOptions } from './domain/manage';

const ScheduleDialog = retryableLazy(() => import('../booking/ScheduleDialog'));

/** A booking that stands keeps the side's colour; the others read as over. */
const STATUS_PALETTE: Record<AppointmentStatus, string | undefined> = { pending: undefined, done: 'gray', cancelled: 'red' };

function Detail({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <Box>
      <Text as="dt" fontSize="sm" color="gray.600">
        {label}
      </Text>
      <Box as="dd" color="gray.900" fontWeight="medium" data-testid={testId}>
        {children}
      </Box>
    </Box>
  );
}

/** What a move changes, old time to new (and with whom, for a booking with a practitioner), before the visitor confirms it. */
function MoveSummary({ from, to, withWhom }: { from: string; to: string; withWhom: string | null }) {
  return (
    <Stack gap="3">
      <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="3" rowGap="1">
        <Text as="dt" color="gray.600">
          From
        </Text>
        <Text as="dd" color="gray.600" textDecoration="line-through" data-testid="move-from">
          {from}
        </Text>
        <Text as="dt" color="gray.900" fontWeight="semibold">
          To
        </Text>
        <Text as="dd" color="gray.900" fontWeight="semibold" data-testid="move-to">
          {to}
        </Text>
        {withWhom && (
          <>
            <Text as="dt" color="gray.900" fontWeight="semibold">
              With
            </Text>
            <Text as="dd" color="gray.900" fontWeight="semibold" data-testid="move-with">
              {withWhom}
            </Text>
          </>
        )}
      </Box>
      <Text fontSize="sm" color="gray.700">
        Nothing changes until you confirm.
      </Text>
    </Stack>
  );
}

/** Whom a move is with, for a booking with a practitioner: them (the default) or whoever qualified is free at the new time. */
function MoveWith({ name, value, onChange }: { name: string; value: PractitionerChoice; onChange: (choice: PractitionerChoice) => void }) {
  const group = useId();
  return (
    <Fieldset.Root data-testid="move-practitioner">
      <Fieldset.Legend fontWeight="semibold" color="gray.900">
        Practitioner for a new time
      </Fieldset.Legend>
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3" mt="2">
        <ChoiceCard group={group} value="keep" checked={value === 'keep'} onChange={() => onChange('keep')}>
          <Text as="span" fontWeight="medium" color="gray.900" minW="0" overflowWrap="anywhere">
            Keep {name}
          </Text>
        </ChoiceCard>
        <ChoiceCard group={group} value="any" checked={value === 'any'} onChange={() => onChange('any')}>
          <Text as="span" fontWeight="medium" color="gray.900">
            Any available
          </Text>
        </ChoiceCard>
      </Grid>
    </Fieldset.Root>
  );
}

/** The booking of a manage link: what, when and where, and the ways to move, cancel or save it to a calendar. */
export default function ManageBooking({ token }: { token: string }) {
  const client = useQueryClient();
  const query = useRoute(manageRoutes.view, { params: { token } });
  // Its deposit, when it was booked with one: payments answers 404 for a booking that asks none.
  const payment = useQuery({
    queryKey: [routeUrl(paymentRoutes.byLink, { token })],
    queryFn: () => callRoute(paymentRoutes.byLink, { params: { token } }),
  });
  useSetOffering(query.data?.offeringType);
  const [scheduling, setScheduling] = useState(false);
  /** The time chosen in the schedule, waiting for the visitor to confirm the move: nothing is sent before. */
  const [move, setMove] = useState<BookedSlot | null>(null);
  /** "Choose Another Time" was pressed: the schedule opens again once the confirmation has closed. */
  const [backToSchedule, setBackToSchedule] = useState(false);
  const [confirming, setConfirming] = useState(false);
  /** For a booking with a practitioner: whether a move keeps them or takes anyone free. */
  const [moveWith, setMoveWith] = useState<PractitionerChoice>('keep');
  const rescheduleButton = useRef<HTMLButtonElement>(null);

  const key = [routeUrl(manageRoutes.view, { token })];
  // Each answer is the appointment as it now stands: the page shows it without asking again. A
  // read still on its way (the reread after a refusal) would land later with the old booking:
  // it is cancelled first.
  const show = async (fresh: ManagedAppointment) => {
    await client.cancelQueries({ queryKey: key });
    client.setQueryData(key, fresh);
  };
  // A refusal may mean the booking changed meanwhile (cut-off passed, cancelled by staff): read it again.
  const reread = () => void client.invalidateQueries({ queryKey: key });
  // Either way seats moved, so cached days of the schedule are stale.
  const staleSlots = () => void client.invalidateQueries({ predicate: (q) => isSlotsKey(q.queryKey) });

  const cancel = useMutation({
    mutationFn: () => callRoute(manageRoutes.cancel, { params: { token } }),
    onSuccess: async (fresh) => {
      await show(fresh);
      toast.success('Appointment Cancelled', 'Your appointment has been cancelled.');
    },
    onError: (error) => {
      toast.error('Cancellation Failed', serverMessage(error) ?? 'Please try again, or contact us to cancel.');
      reread();
    },
    onSettled: () => {
      setConfirming(false);
      staleSlots();
    },
  });

  const reschedule = useMutation({
    mutationFn: ({ slot, practitioner }: { slot: BookedSlot; practitioner?: PractitionerChoice }) =>
      callRoute(manageRoutes.reschedule, { params: { token }, body: { preferredDate: slot.date, preferredTime: slot.time, practitioner } }),
    onSuccess: async (fresh) => {
      await show(fresh);
      toast.success('Appointment Rescheduled', `Your appointment is now on ${bookedWhen(fresh.preferredDate, fresh.preferredTime)}.`);
    },
    onError: (error) => {
      toast.error('Reschedule Failed', serverMessage(error) ?? 'Please try again, or contact us to change your appointment.');
      reread();
    },
    onSettled: () => {
      setMove(null);
      staleSlots();
    },
  });

  if (query.isPending) return <LinkLoading text="Loading your booking..." />;
  if (query.isError) return <LinkProblem problem={loadProblem(query.error)} onRetry={() => void query.refetch()} testId="manage-problem" />;

  const appointment = query.data;
  const now = new Date();
  const paymentStatus = payment.data && statusAt(payment.data, now);
  // Not confirmed until paid (see unpaidOptions).
  const unpaid = paymentStatus !== undefined && unconfirmedPayment(paymentStatus) && appointment.status !== 'cancelled';
  const options = unpaid ? unpaidOptions(manageOptions(appointment)) : manageOptions(appointment);
  const links = manageLinks(token);
  const when = bookedWhen(appointment.preferredDate, appointment.preferredTime);
  const practitioner = moveChoice(appointment.practitioner !== undefined, moveWith);
  const movedWith = appointment.practitioner ? (moveWith === 'keep' ? appointment.practitioner.name : 'Any available practitioner') : null;
  const chooseSlot = (date: string, time: string) => {
    setScheduling(false);
    setMove({ date, time });
  };
  // "Choose Another Time" goes back to the schedule; the move is forgotten either way. The
  // schedule waits for the confirmation to close: opened at once, the focus the confirmation
  // gives back to the page would land outside it, which closes a dialog.
  const chooseAgain = () => {
    setMove(null);
    setBackToSchedule(true);
  };
  const confirmationClosed = () => {
    if (!backToSchedule) return;
    setBackToSchedule(false);
    setScheduling(true);
  };

  return (
    <Stack gap="6" maxW="3xl" mx="auto" data-testid="managed-booking">
      <Box {...TILE} p={{ base: '5', md: '8' }}>
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Box>
            <Text fontSize="sm" color="gray.600">
              Reference
            </Text>
            <Heading as="h2" fontFamily="heading" fontWeight="normal" fontSize="2xl" color="gray.900" data-testid="manage-reference">
              {appointment.reference}
            </Heading>
          </Box>
          <Badge size="lg" variant="subtle" colorPalette={unpaid ? 'orange' : STATUS_PALETTE[appointment.status]} data-testid="manage-status">
            {unpaid ? 'Not confirmed' : CUSTOMER_STATUS[appointment.status]}
          </Badge>
        </Flex>
        <Box as="dl" mt="6" display="grid" gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
          <Detail label="Date and time" testId="manage-when">
            {when}
          </Detail>
          <Detail label="Where" testId="manage-offering">
            {SIDE_NAME[appointment.offeringType]}
          </Detail>
          <Detail label={itemsLabel(appointment.offeringType, appointment.items.length)} testId="manage-items">
            <List.Root ps="5">
              {appointment.items.map((item) => (
                <List.Item key={item.id}>{item.name}</List.Item>
              ))}
            </List.Root>
          </Detail>
          {appointment.practitioner ? (
            <Detail label="With" testId="manage-practitioner">
              {appointment.practitioner.name}
            </Detail>
          ) : null}
          <Detail label="Name">{`${appointment.firstName} ${appointment.lastName}`}</Detail>
          {payment.data && (
            <Detail label={payment.data.purpose === 'full' ? 'Payment' : 'Deposit'} testId="manage-payment">
              {paymentLine(payment.data, now)}
            </Detail>
          )}
        </Box>
        {paymentStatus === 'awaiting' && appointment.status !== 'cancelled' && (
          <Button asChild rounded="full" mt="6">
            <RouterLink to={links.pay}>Pay to confirm</RouterLink>
          </Button>
        )}
      </Box>

      {options.closedReason ? (
        <Text color="gray.700" data-testid="manage-closed-reason">
          {options.closedReason}
        </Text>
      ) : (
        <Text color="gray.700" data-testid="manage-open-text">
          {options.openText}
        </Text>
      )}

      {appointment.practitioner && options.canChange && options.offerReschedule && (
        <MoveWith name={appointment.practitioner.name} value={moveWith} onChange={setMoveWith} />
      )}

      {/* Changes closed (cancelled, taken place, inside the cut-off): no buttons that cannot be pressed, the reason above says why. */}
      {(options.canChange || options.showCalendar) && (
        <Flex gap="3" wrap="wrap">
          {options.canChange && options.offerReschedule && (
            <Button ref={rescheduleButton} rounded="full" loading={reschedule.isPending} loadingText="Rescheduling..." onClick={() => setScheduling(true)}>
              Reschedule
            </Button>
          )}
          {options.canChange && (
            <Button variant="outline" colorPalette="red" rounded="full" onClick={() => setConfirming(true)}>
              Cancel Appointment
            </Button>
          )}
          {options.showCalendar && (
            <Button asChild variant="ghost" rounded="full">
              <a href={links.calendar} download>
                <CalendarIcon /> Add to calendar
              </a>
            </Button>
          )}
        </Flex>
      )}

      <ConfirmDialog
        open={confirming}
        title="Cancel Appointment"
        message={`Are you sure you want to cancel your appointment on ${when}? The time will be offered to other clients.`}
        confirmLabel="Cancel Appointment"
        dismissLabel="Keep Appointment"
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onClose={() => setConfirming(false)}
      />

      <ConfirmDialog
        open={move !== null}
        title="Confirm New Time"
        message={move && <MoveSummary from={when} to={bookedWhen(move.date, move.time)} withWhom={movedWith} />}
        confirmLabel="Move Appointment"
        destructive={false}
        dismissLabel="Choose Another Time"
        busy={reschedule.isPending}
        onConfirm={() => move && reschedule.mutate({ slot: move, practitioner })}
        onClose={chooseAgain}
        onExitComplete={confirmationClosed}
      />

      {scheduling && (
        <Suspense fallback={null}>
          <ScheduleDialog
            side={appointment.offeringType}
            source={{ kind: 'manage', token, practitioner }}
            initialDate={appointment.preferredDate}
            current={{ date: appointment.preferredDate, time: appointment.preferredTime }}
            title="Choose a New Time"
            onSelect={chooseSlot}
            onClose={() => setScheduling(false)}
            finalFocus={rescheduleButton}
          />
        </Suspense>
      )}
    </Stack>
  );
}
