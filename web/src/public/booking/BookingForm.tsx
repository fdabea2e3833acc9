import { Suspense, useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, chakra, Stack, Textarea } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { SERVICE_LABEL, type PublicPractitioner, type Side } from '@bb/contracts';
import { TILE } from '../components/Card';
import { getQueryFn } from '../../shared/api/request';
import { retryableLazy } from '../../shared/errors/retryable-lazy';
import type { FieldErrors } from '../../shared/forms/field-errors';
import { useFieldErrors } from '../../shared/forms/useFieldErrors';
import { manilaClock, manilaToday, to12Hour } from '../../shared/format';
import { toast } from '../../shared/ui/toaster';
import { isBookRequest } from '../domain/navigation';
import { FETCH_FAILED, useCatalog } from '../hooks/useCatalog';
import { BookingField } from './BookingField';
import { BookingSuccess } from './BookingSuccess';
import { DateTimeFields } from './DateTimeFields';
import { ANY_PRACTITIONER, choiceAfter, practitionerParam, practitionersUrl, showsChoice } from './domain/practitioner';
import { bookingPrefill } from './domain/prefill';
import { canWaitFor, dayView, longDate, scheduleProblem, type DayView, type ManilaNow } from './domain/schedule';
import {
  bookingProblems,
  EMPTY_BOOKING,
  problemsByField,
  toggled,
  withPrefill,
  withSelection,
  type BookingForm as Form,
  type BookingProblem,
} from './domain/validation';
import { isChosen, type FullSlot } from './domain/waitlist';
import { PersonalFields } from './PersonalFields';
import { PractitionerChoice } from './PractitionerChoice';
import { ServiceChoices, type Bookable } from './ServiceChoices';
import { daySlotsQuery } from './slots-query';
import { useAfterBooking } from './useAfterBooking';
import { useBookingSubmit } from './useBookingSubmit';
import { useSlotHold } from './useSlotHold';
import { WaitlistOffer } from './WaitlistOffer';

const ScheduleDialog = retryableLazy(() => import('./ScheduleDialog'));

/** What is booked on each side: the clinic's treatments, the studio's packages. */
const BOOKABLE = { clinic: 'treatments', studio: 'packages' } as const;

const NOT_ASKED: DayView = { kind: 'loading' };

const practitionersQueryFn = getQueryFn<PublicPractitioner[]>({ on401: 'throw' });

/** A form control brought to the visitor: in the middle of the screen, clear of a toast at either edge, then focused. */
function bringToView(control: HTMLElement | null | undefined) {
  control?.scrollIntoView({ block: 'center' });
  control?.focus({ preventScroll: true });
}

export default function BookingForm({ side }: { side: Side }) {
  const label = SERVICE_LABEL[side];
  const query = useCatalog<(typeof BOOKABLE)[Side]>(BOOKABLE[side], side);
  const items: readonly Bookable[] | undefined = query.data;
  const location = useLocation();
  const navigate = useNavigate();
  /** The form's controls by field, to put the focus where a problem is. */
  const controls = useRef<Partial<Record<keyof Form, HTMLElement | null>>>({});
  const bind = (field: keyof Form) => (element: HTMLElement | null) => {
    controls.current[field] = element;
  };

  const [form, setForm] = useState<Form>(EMPTY_BOOKING);
  const formNow = useRef(form);
  formNow.current = form;
  /** Problems found by the last submit, each cleared as soon as its field is valid. */
  const fieldErrors = useFieldErrors(form, (f: Form) => problemsByField(bookingProblems(f, side)));
  const { errors, reset: resetErrors } = fieldErrors;
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const scheduleButton = useRef<HTMLButtonElement>(null);
  const services = useRef<HTMLDivElement>(null);
  /** The slot a booking was refused for as full (409): the waitlist is offered for it. */
  const [refusedFull, setRefusedFull] = useState<FullSlot | null>(null);
  // The spec's reset once the success state is over: fields, chosen items, date and time.
  const resetForm = useCallback(() => {
    setForm(EMPTY_BOOKING);
    resetErrors();
    setRefusedFull(null);
  }, [resetErrors]);
  const { after, booked, dismiss } = useAfterBooking(resetForm);
  const hold = useSlotHold(side, form);
  const { send, submitting } = useBookingSubmit(
    side,
    () => new Map((items ?? []).map((item) => [item.id, item.name])),
    (summary) => {
      hold.booked();
      // A booking that waits for its deposit is paid next; without its link (a repeated request's answer) the summary says what is due.
      if (summary.deposit && summary.links) navigate(summary.links.pay);
      else booked(summary);
    },
  );

  // A detail page's "Book This Treatment" arrives with ?item=…, a package card's "Book This
  // Package" sets it on this page, the waitlist mail's link brings items, date and time: filled
  // in once the list is here. Each address is applied once (a refetched list or an in-page
  // jump does not tick again what the visitor unticked), unless a book button asks again.
  const applied = useRef<{ search: string; key: string } | null>(null);
  useEffect(() => {
    if (!items) return;
    const last = applied.current;
    if (last && last.search === location.search && !(isBookRequest(location.state) && last.key !== location.key)) return;
    applied.current = { search: location.search, key: location.key };
    const prefill = bookingPrefill(
      new URLSearchParams(location.search),
      items.map((item) => item.id),
    );
    if (!prefill) return;
    const next = withPrefill(formNow.current, prefill);
    setForm(next.form);
    if (next.cleared) toast.info('Time selection cleared', `Your ${label} selection changed, so please choose your date and time again.`);
  }, [location.search, location.key, location.state, items, label]);

  // Who may be chosen for the items: asked again whenever they change, the last list shown meanwhile.
  const practitionersQuery = useQuery({
    queryKey: [practitionersUrl(side, form.treatments)],
    queryFn: practitionersQueryFn,
    enabled: form.treatments.length > 0,
    placeholderData: keepPreviousData,
  });
  // A list that could not be read offers nobody: the booking goes to any available, as without the field.
  const offered = form.treatments.length === 0 ? undefined : practitionersQuery.isError ? [] : (practitionersQuery.data ?? undefined);
  const offeredNow = practitionersQuery.isPlaceholderData ? undefined : offered;
  // A person who does not perform the new items (or stopped taking bookings) is no longer the choice.
  useEffect(() => {
    const current = formNow.current.practitionerId;
    if (choiceAfter(current, offeredNow) === current) return;
    setForm((f) => ({ ...f, practitionerId: ANY_PRACTITIONER }));
    toast.info('Practitioner changed', `The practitioner you chose does not take this ${label} selection, so any available practitioner is chosen now.`);
  }, [offeredNow, label]);
  const practitionerId = practitionerParam(form.practitionerId);

  const now: ManilaNow = { today: manilaToday(), time: manilaClock() };
  const dayAsked = form.treatments.length > 0 && /^\d{4}-\d{2}-\d{2}$/.test(form.preferredDate);
  const dayQuery = useQuery({ ...daySlotsQuery(side, form.preferredDate, form.treatments, hold.holdId, practitionerId), enabled: dayAsked });
  const day = dayAsked ? dayView(dayQuery) : NOT_ASKED;
  // Checked as it is typed, so a time that is not free is known before the server says so.
  const timing = scheduleProblem(form.preferredDate, form.preferredTime, day, now);
  const shownErrors: FieldErrors<keyof Form> = timing ? { ...errors, [timing.field]: timing.description } : errors;
  const chosenSlot = day.kind === 'slots' ? day.slots.find((s) => s.time === form.preferredTime) : undefined;
  const waitFor: FullSlot | null =
    (chosenSlot && canWaitFor(chosenSlot, form.preferredDate, now)) || isChosen(refusedFull, form)
      ? { date: form.preferredDate, time: form.preferredTime }
      : null;

  const set = <K extends keyof Form>(field: K, value: Form[K]) => setForm((f) => ({ ...f, [field]: value }));

  function toggleService(id: string) {
    const next = withSelection(form, toggled(form.treatments, id));
    setForm(next.form);
    if (next.cleared) toast.info('Time selection cleared', `Your ${label} selection changed, so please choose your date and time again.`);
  }

  function chooseSlot(date: string, time: string) {
    hold.pick(date, time);
    setForm((f) => ({ ...f, preferredDate: date, preferredTime: time }));
    setScheduleOpen(false);
    toast.success('Time Selected', `${longDate(date)} at ${to12Hour(time)}`);
  }

  /** One of the chosen day's free times, under the date field: held like a time picked in the schedule. */
  function chooseFreeTime(time: string) {
    hold.pick(form.preferredDate, time);
    set('preferredTime', time);
  }

  function chooseFullSlot(date: string, time: string) {
    setForm((f) => ({ ...f, preferredDate: date, preferredTime: time }));
    setScheduleOpen(false);
    toast.info('Fully booked', `${longDate(date)} at ${to12Hour(time)} is taken. Fill in your details and we can e-mail you if it frees up.`);
  }

  function focusOn(field: keyof Form) {
    // The treatments' checkboxes are hidden inputs: their box is what is brought to view.
    if (field === 'treatments') {
      const input = services.current?.querySelector('input');
      input?.closest('label')?.scrollIntoView({ block: 'center' });
      input?.focus({ preventScroll: true });
    } else bringToView(controls.current[field]);
  }

  /** Problems found before sending: beside their fields, the first as a toast and focused. */
  function report(problems: BookingProblem[]) {
    fieldErrors.show(problemsByField(problems), form);
    toast.error(problems[0].title, problems[0].description);
    focusOn(problems[0].field);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = bookingProblems(form, side);
    const first = problems[0] ?? timing;
    if (first) {
      fieldErrors.show(problemsByField(problems), form);
      toast.error(first.title, first.description);
      focusOn(first.field);
      return;
    }
    const result = await send(form, await hold.forBooking(form));
    setRefusedFull(result === 'full' ? { date: form.preferredDate, time: form.preferredTime } : null);
  }

  // The summary closed: the keyboard continues at the top of the fresh form.
  const dismissSummary = () => {
    dismiss();
    requestAnimationFrame(() => services.current?.querySelector('input')?.focus());
  };

  const bookingForm = (
    <chakra.form onSubmit={submit} noValidate aria-label={`Book a ${label}`} {...TILE} p={{ base: '5', md: '8' }}>
      <Stack gap="8">
        <ServiceChoices
          label={label}
          items={items}
          isPending={query.isPending}
          failedText={query.isError ? FETCH_FAILED[BOOKABLE[side]] : null}
          selected={form.treatments}
          error={shownErrors.treatments}
          onToggle={toggleService}
          gridRef={services}
        />

        {showsChoice(offered) && <PractitionerChoice practitioners={offered ?? []} value={form.practitionerId} onChange={(id) => set('practitionerId', id)} />}

        <PersonalFields form={form} errors={shownErrors} onChange={set} bind={bind} />

        <DateTimeFields
          label={label}
          date={form.preferredDate}
          time={form.preferredTime}
          day={day}
          dayAsked={dayAsked}
          now={now}
          errors={shownErrors}
          canOpenSchedule={form.treatments.length > 0}
          onDate={(date) => set('preferredDate', date)}
          onTime={(time) => set('preferredTime', time)}
          onPickTime={chooseFreeTime}
          onOpenSchedule={() => setScheduleOpen(true)}
          bind={bind}
          scheduleButton={scheduleButton}
        />

        {waitFor && <WaitlistOffer key={`${waitFor.date} ${waitFor.time}`} side={side} form={form} slot={waitFor} onProblems={report} />}

        <BookingField label="Notes">
          {(link) => (
            <Textarea
              ref={bind('notes')}
              rows={3}
              value={form.notes}
              onChange={(e) => set('notes', e.target.value)}
              placeholder="Anything we should know before your visit?"
              {...link}
            />
          )}
        </BookingField>

        <Button type="submit" size="lg" rounded="full" loading={submitting} loadingText="Booking...">
          Book Appointment
        </Button>
      </Stack>

      {scheduleOpen && (
        <Suspense fallback={null}>
          <ScheduleDialog
            side={side}
            source={{ kind: 'offering', side, treatmentIds: form.treatments, holdId: hold.holdId, practitionerId }}
            initialDate={form.preferredDate || now.today}
            onSelect={chooseSlot}
            onWaitFor={chooseFullSlot}
            onClose={() => setScheduleOpen(false)}
            finalFocus={scheduleButton}
          />
        </Suspense>
      )}
    </chakra.form>
  );

  // One tree in both phases, so the summary stays where it is (and keeps the focus) when the form comes back.
  return (
    <Stack gap="6">
      {after && <BookingSuccess summary={after.summary} phase={after.phase} onDismiss={dismissSummary} />}
      {after?.phase !== 'success' && bookingForm}
    </Stack>
  );
}
