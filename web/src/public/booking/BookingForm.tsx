import { Suspense, useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, chakra, Stack, Textarea } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { SERVICE_LABEL, type Side } from '@bb/contracts';
import { retryableLazy } from '../../shared/errors/retryable-lazy';
import { manilaClock, manilaToday, to12Hour } from '../../shared/format';
import { toast } from '../../shared/ui/toaster';
import { FETCH_FAILED, useCatalog } from '../hooks/useCatalog';
import { BookingField } from './BookingField';
import { BookingSuccess } from './BookingSuccess';
import { DateTimeFields } from './DateTimeFields';
import { bookingPrefill } from './domain/prefill';
import { canWaitFor, dayView, longDate, scheduleProblem, type DayView, type ManilaNow } from './domain/schedule';
import { bookingProblems, EMPTY_BOOKING, problemsByField, toggled, withSelection, type BookingForm as Form, type BookingProblem } from './domain/validation';
import { isChosen, type FullSlot } from './domain/waitlist';
import { PersonalFields } from './PersonalFields';
import { ServiceChoices, type Bookable } from './ServiceChoices';
import { daySlotsQuery } from './slots-query';
import { useAfterBooking } from './useAfterBooking';
import { useBookingSubmit } from './useBookingSubmit';
import { WaitlistOffer } from './WaitlistOffer';

const ScheduleDialog = retryableLazy(() => import('./ScheduleDialog'));

/** What is booked on each side: the clinic's treatments, the studio's packages. */
const BOOKABLE = { clinic: 'treatments', studio: 'packages' } as const;

const NOT_ASKED: DayView = { kind: 'loading' };

type FieldErrors = Partial<Record<keyof Form, string>>;

export default function BookingForm({ side }: { side: Side }) {
  const label = SERVICE_LABEL[side];
  const query = useCatalog<(typeof BOOKABLE)[Side]>(BOOKABLE[side], side);
  const items: readonly Bookable[] | undefined = query.data;
  const [params] = useSearchParams();
  /** The form's controls by field, to put the focus where a problem is. */
  const controls = useRef<Partial<Record<keyof Form, HTMLElement | null>>>({});
  const bind = (field: keyof Form) => (element: HTMLElement | null) => {
    controls.current[field] = element;
  };

  const [form, setForm] = useState<Form>(EMPTY_BOOKING);
  /** Problems found by the last submit, each cleared as its field is changed. */
  const [errors, setErrors] = useState<FieldErrors>({});
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const scheduleButton = useRef<HTMLButtonElement>(null);
  const services = useRef<HTMLDivElement>(null);
  /** The slot a booking was refused for as full (409): the waitlist is offered for it. */
  const [refusedFull, setRefusedFull] = useState<FullSlot | null>(null);
  // The spec's reset once the success state is over: fields, chosen items, date and time.
  const resetForm = useCallback(() => {
    setForm(EMPTY_BOOKING);
    setErrors({});
    setRefusedFull(null);
  }, []);
  const { after, booked, dismiss } = useAfterBooking(resetForm);
  const { send, submitting } = useBookingSubmit(side, () => new Map((items ?? []).map((item) => [item.id, item.name])), booked);

  // A detail page's "Book This Treatment" arrives with ?item=…, the waitlist mail's link with
  // items, date and time: filled in once the list is here, unless the visitor has begun.
  const link = params.toString();
  useEffect(() => {
    const prefill = items ? bookingPrefill(new URLSearchParams(link), items.map((item) => item.id)) : null;
    if (prefill) setForm((f) => (f.treatments.length === 0 ? { ...f, ...prefill } : f));
  }, [link, items]);

  const now: ManilaNow = { today: manilaToday(), time: manilaClock() };
  const dayAsked = form.treatments.length > 0 && /^\d{4}-\d{2}-\d{2}$/.test(form.preferredDate);
  const dayQuery = useQuery({ ...daySlotsQuery(side, form.preferredDate, form.treatments), enabled: dayAsked });
  const day = dayAsked ? dayView(dayQuery) : NOT_ASKED;
  // Checked as it is typed, so a time that is not free is known before the server says so.
  const timing = scheduleProblem(form.preferredDate, form.preferredTime, day, now);
  const shownErrors: FieldErrors = timing ? { ...errors, [timing.field]: timing.description } : errors;
  const chosenSlot = day.kind === 'slots' ? day.slots.find((s) => s.time === form.preferredTime) : undefined;
  const waitFor: FullSlot | null =
    (chosenSlot && canWaitFor(chosenSlot, form.preferredDate, now)) || isChosen(refusedFull, form) ? { date: form.preferredDate, time: form.preferredTime } : null;

  const clearErrors = (...fields: (keyof Form)[]) =>
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field as keyof Form))));

  const set = <K extends keyof Form>(field: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    clearErrors(field);
  };

  function toggleService(id: string) {
    const next = withSelection(form, toggled(form.treatments, id));
    setForm(next.form);
    clearErrors('treatments');
    if (next.cleared) toast.info('Time selection cleared', `Your ${label} selection changed, so please choose your date and time again.`);
  }

  function chooseSlot(date: string, time: string) {
    setForm((f) => ({ ...f, preferredDate: date, preferredTime: time }));
    clearErrors('preferredDate', 'preferredTime');
    setScheduleOpen(false);
    toast.success('Time Selected', `${longDate(date)} at ${to12Hour(time)}`);
  }

  function chooseFullSlot(date: string, time: string) {
    setForm((f) => ({ ...f, preferredDate: date, preferredTime: time }));
    clearErrors('preferredDate', 'preferredTime');
    setScheduleOpen(false);
    toast.info('Fully booked', `${longDate(date)} at ${to12Hour(time)} is taken. Fill in your details and we can e-mail you if it frees up.`);
  }

  function focusOn(field: keyof Form) {
    const target = field === 'treatments' ? services.current?.querySelector('input') : controls.current[field];
    target?.focus();
  }

  /** Problems found before sending: beside their fields, the first as a toast and focused. */
  function report(problems: BookingProblem[]) {
    setErrors(problemsByField(problems));
    toast.error(problems[0].title, problems[0].description);
    focusOn(problems[0].field);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = bookingProblems(form, side);
    const first = problems[0] ?? timing;
    if (first) {
      setErrors(problems.length > 0 ? problemsByField(problems) : {});
      toast.error(first.title, first.description);
      focusOn(first.field);
      return;
    }
    const result = await send(form);
    setRefusedFull(result === 'full' ? { date: form.preferredDate, time: form.preferredTime } : null);
  }

  // The summary closed: the keyboard continues at the top of the fresh form.
  const dismissSummary = () => {
    dismiss();
    requestAnimationFrame(() => services.current?.querySelector('input')?.focus());
  };

  const bookingForm = (
    <chakra.form onSubmit={submit} noValidate aria-label={`Book a ${label}`} bg="white" rounded="2xl" borderWidth="1px" borderColor="gray.100" boxShadow="sm" p={{ base: '5', md: '8' }}>
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
          onOpenSchedule={() => setScheduleOpen(true)}
          bind={bind}
          scheduleButton={scheduleButton}
        />

        {waitFor && <WaitlistOffer key={`${waitFor.date} ${waitFor.time}`} side={side} form={form} slot={waitFor} onProblems={report} />}

        <BookingField label="Notes">
          {(link) => <Textarea ref={bind('notes')} rows={3} value={form.notes} onChange={(e) => set('notes', e.target.value)} placeholder="Anything we should know before your visit?" {...link} />}
        </BookingField>

        <Button type="submit" size="lg" rounded="full" loading={submitting} loadingText="Booking...">
          Book Appointment
        </Button>
      </Stack>

      {scheduleOpen && (
        <Suspense fallback={null}>
          <ScheduleDialog
            side={side}
            treatmentIds={form.treatments}
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
