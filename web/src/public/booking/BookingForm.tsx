import { Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, chakra, Fieldset, Grid, Input, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { idempotencyKeyHeader, SERVICE_LABEL, type Appointment, type Side } from '@bb/contracts';
import { apiJson, serverMessage } from '../../shared/api/request';
import { retryableLazy } from '../../shared/errors/retryable-lazy';
import { manilaClock, manilaToday, to12Hour } from '../../shared/format';
import { toast } from '../../shared/ui/toaster';
import { BOOK_ITEM_PARAM } from '../domain/navigation';
import { FETCH_FAILED, useCatalog } from '../hooks/useCatalog';
import { BookingField } from './BookingField';
import { BookingSuccess } from './BookingSuccess';
import { DateTimeFields } from './DateTimeFields';
import { attemptFor, type Attempt } from './domain/idempotency';
import { dayView, isSlotsKey, longDate, scheduleProblem, type DayView, type ManilaNow } from './domain/schedule';
import { bookedSummary, type BookedSummary } from './domain/summary';
import { bookingProblems, EMPTY_BOOKING, problemsByField, toAppointmentRequest, toggled, withSelection, type BookingForm as Form, type Gender } from './domain/validation';
import { ServiceChoices, type Bookable } from './ServiceChoices';
import { daySlotsQuery } from './slots-query';

const ScheduleDialog = retryableLazy(() => import('./ScheduleDialog'));

const GENDER_OPTIONS: { value: Gender; label: string }[] = [
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
  { value: 'other', label: 'Other' },
  { value: 'prefer-not-to-say', label: 'Prefer not to say' },
];

/** What is booked on each side: the clinic's treatments, the studio's packages. */
const BOOKABLE = { clinic: 'treatments', studio: 'packages' } as const;

const NOT_ASKED: DayView = { kind: 'loading' };

type FieldErrors = Partial<Record<keyof Form, string>>;

export default function BookingForm({ side }: { side: Side }) {
  const label = SERVICE_LABEL[side];
  const query = useCatalog<(typeof BOOKABLE)[Side]>(BOOKABLE[side], side);
  const items: readonly Bookable[] | undefined = query.data;
  const client = useQueryClient();
  const [params] = useSearchParams();
  const wanted = params.get(BOOK_ITEM_PARAM);
  /** The form's controls by field, to put the focus where a problem is. */
  const controls = useRef<Partial<Record<keyof Form, HTMLElement | null>>>({});
  const bind = (field: keyof Form) => (element: HTMLElement | null) => {
    controls.current[field] = element;
  };

  const [form, setForm] = useState<Form>(EMPTY_BOOKING);
  /** Problems found by the last submit, each cleared as its field is changed. */
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [booked, setBooked] = useState<BookedSummary | null>(null);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const lastAttempt = useRef<Attempt | null>(null);
  const scheduleButton = useRef<HTMLButtonElement>(null);
  const services = useRef<HTMLDivElement>(null);

  // A detail page's "Book This Treatment" arrives with ?item=…: tick it once the list is here.
  useEffect(() => {
    if (!wanted || !items?.some((item) => item.id === wanted)) return;
    setForm((f) => (f.treatments.length === 0 ? { ...f, treatments: [wanted] } : f));
  }, [wanted, items]);

  const now: ManilaNow = { today: manilaToday(), time: manilaClock() };
  const dayAsked = form.treatments.length > 0 && /^\d{4}-\d{2}-\d{2}$/.test(form.preferredDate);
  const dayQuery = useQuery({ ...daySlotsQuery(side, form.preferredDate, form.treatments), enabled: dayAsked });
  const day = dayAsked ? dayView(dayQuery) : NOT_ASKED;
  // Checked as it is typed, so a time that is not free is known before the server says so.
  const timing = scheduleProblem(form.preferredDate, form.preferredTime, day, now);
  const shownErrors: FieldErrors = timing ? { ...errors, [timing.field]: timing.description } : errors;

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

  function focusOn(field: keyof Form) {
    const target = field === 'treatments' ? services.current?.querySelector('input') : controls.current[field];
    target?.focus();
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
    const request = toAppointmentRequest(form, side);
    const attempt = attemptFor(JSON.stringify(request), lastAttempt.current);
    lastAttempt.current = attempt;
    setSubmitting(true);
    try {
      await apiJson<Appointment>('POST', '/api/appointments', request, { [idempotencyKeyHeader]: attempt.key });
      lastAttempt.current = null;
      // The booked slot is taken now: cached days and the console's list are read again.
      void client.invalidateQueries({ queryKey: ['/api/appointments'] });
      void client.invalidateQueries({ predicate: (q) => isSlotsKey(q.queryKey) });
      toast.success('Appointment Booked!', "We'll contact you shortly to confirm your appointment.");
      setBooked(bookedSummary(request, new Map((items ?? []).map((item) => [item.id, item.name]))));
      setForm(EMPTY_BOOKING);
      setErrors({});
    } catch (error) {
      toast.error('Booking Failed', serverMessage(error) ?? 'Please check your information and try again.');
    } finally {
      setSubmitting(false);
    }
  }

  // Back from the success panel: the keyboard continues at the top of the fresh form.
  const dismissSuccess = () => {
    setBooked(null);
    requestAnimationFrame(() => services.current?.querySelector('input')?.focus());
  };

  if (booked) return <BookingSuccess summary={booked} onDismiss={dismissSuccess} />;

  return (
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

        <Fieldset.Root>
          <Fieldset.Legend fontSize="lg" fontWeight="semibold" color="gray.900">
            Your details
          </Fieldset.Legend>
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4" mt="3">
            <BookingField label="First name" required error={shownErrors.firstName}>
              {(link) => <Input ref={bind('firstName')} autoComplete="given-name" value={form.firstName} onChange={(e) => set('firstName', e.target.value)} {...link} />}
            </BookingField>
            <BookingField label="Last name" required error={shownErrors.lastName}>
              {(link) => <Input ref={bind('lastName')} autoComplete="family-name" value={form.lastName} onChange={(e) => set('lastName', e.target.value)} {...link} />}
            </BookingField>
            <BookingField label="Gender">
              {(link) => (
                <NativeSelect.Root>
                  <NativeSelect.Field ref={bind('gender')} value={form.gender} onChange={(e) => set('gender', e.target.value as Gender | '')} {...link}>
                    <option value="">Select…</option>
                    {GENDER_OPTIONS.map((g) => (
                      <option key={g.value} value={g.value}>
                        {g.label}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              )}
            </BookingField>
            <BookingField label="Age" error={shownErrors.age}>
              {(link) => <Input ref={bind('age')} inputMode="numeric" value={form.age} onChange={(e) => set('age', e.target.value)} {...link} />}
            </BookingField>
            <BookingField label="Email" required error={shownErrors.email}>
              {(link) => <Input ref={bind('email')} type="email" autoComplete="email" value={form.email} onChange={(e) => set('email', e.target.value)} {...link} />}
            </BookingField>
            <BookingField label="Contact number" required error={shownErrors.contact}>
              {(link) => <Input ref={bind('contact')} type="tel" autoComplete="tel" value={form.contact} onChange={(e) => set('contact', e.target.value)} {...link} />}
            </BookingField>
          </Grid>
        </Fieldset.Root>

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
            onClose={() => setScheduleOpen(false)}
            finalFocus={scheduleButton}
          />
        </Suspense>
      )}
    </chakra.form>
  );
}
