import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Box, Button, chakra, Checkbox, Field, Fieldset, Grid, Heading, HStack, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { idempotencyKeyHeader, SERVICE_LABEL, type Appointment, type Side } from '@bb/contracts';
import { apiJson, serverMessage } from '../../shared/api/request';
import { formatDuration, formatPeso, manilaToday, to12Hour } from '../../shared/format';
import { toast } from '../../shared/ui/toaster';
import { CalendarIcon, CheckIcon } from '../components/icons';
import { BOOK_ITEM_PARAM } from '../domain/navigation';
import { StatusText } from '../components/StatusText';
import { FETCH_FAILED, useCatalog } from '../hooks/useCatalog';
import { attemptFor, type Attempt } from './domain/idempotency';
import { isSlotsKey, longDate } from './domain/schedule';
import { EMPTY_BOOKING, toAppointmentRequest, toggled, validateBooking, withSelection, type BookingForm as Form, type Gender } from './domain/validation';

const ScheduleDialog = lazy(() => import('./ScheduleDialog'));

/** Spec §9: the success state shows for 5 seconds, then the form is fresh again. */
const SUCCESS_MS = 5000;

const GENDER_OPTIONS: { value: Gender; label: string }[] = [
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
  { value: 'other', label: 'Other' },
  { value: 'prefer-not-to-say', label: 'Prefer not to say' },
];

interface Bookable {
  id: string;
  name: string;
  price: string | number;
  defaultDuration: number | null;
}

/** What is booked on each side: the clinic's treatments, the studio's packages. */
const BOOKABLE = { clinic: 'treatments', studio: 'packages' } as const;

export default function BookingForm({ side }: { side: Side }) {
  const label = SERVICE_LABEL[side];
  const query = useCatalog<(typeof BOOKABLE)[Side]>(BOOKABLE[side], side);
  const failed = FETCH_FAILED[BOOKABLE[side]];
  const client = useQueryClient();
  const [params] = useSearchParams();
  const wanted = params.get(BOOK_ITEM_PARAM);
  /** The form's controls by field, to put the focus where a problem is. */
  const controls = useRef<Partial<Record<keyof Form, HTMLElement | null>>>({});
  const bind = (field: keyof Form) => (element: HTMLElement | null) => {
    controls.current[field] = element;
  };

  const [form, setForm] = useState<Form>(EMPTY_BOOKING);
  const [submitting, setSubmitting] = useState(false);
  const [booked, setBooked] = useState(false);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const lastAttempt = useRef<Attempt | null>(null);
  const scheduleButton = useRef<HTMLButtonElement>(null);
  const services = useRef<HTMLDivElement>(null);

  // A detail page's "Book This Treatment" arrives with ?item=…: tick it once the list is here.
  useEffect(() => {
    if (!wanted || !query.data?.some((item) => item.id === wanted)) return;
    setForm((f) => (f.treatments.length === 0 ? { ...f, treatments: [wanted] } : f));
  }, [wanted, query.data]);

  useEffect(() => {
    if (!booked) return;
    const timer = setTimeout(() => {
      setBooked(false);
      setForm(EMPTY_BOOKING);
    }, SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [booked]);

  const set = <K extends keyof Form>(field: K, value: Form[K]) => setForm((f) => ({ ...f, [field]: value }));

  function toggleService(id: string) {
    const next = withSelection(form, toggled(form.treatments, id));
    setForm(next.form);
    if (next.cleared) toast.info('Time selection cleared', `Your ${label} selection changed, so please choose your date and time again.`);
  }

  function chooseSlot(date: string, time: string) {
    setForm((f) => ({ ...f, preferredDate: date, preferredTime: time }));
    setScheduleOpen(false);
    toast.success('Time Selected', `${longDate(date)} at ${to12Hour(time)}`);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateBooking(form, side);
    if (problem) {
      toast.error(problem.title, problem.description);
      const target = problem.field === 'treatments' ? services.current?.querySelector('input') : controls.current[problem.field];
      target?.focus();
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
      setBooked(true);
    } catch (error) {
      toast.error('Booking Failed', serverMessage(error) ?? 'Please check your information and try again.');
    } finally {
      setSubmitting(false);
    }
  }

  if (booked) {
    return (
      <Stack role="status" align="center" textAlign="center" gap="3" py="16" px="6" bg="colorPalette.subtle" rounded="2xl">
        <Box fontSize="4xl" color="colorPalette.fg">
          <CheckIcon />
        </Box>
        <Heading as="h3" fontFamily="heading" fontWeight="normal" fontSize="2xl">
          Appointment Booked!
        </Heading>
        <Text color="gray.700">We&apos;ll contact you shortly to confirm your appointment.</Text>
      </Stack>
    );
  }

  const today = manilaToday();

  return (
    <chakra.form onSubmit={submit} noValidate aria-label={`Book a ${label}`} bg="white" rounded="2xl" borderWidth="1px" borderColor="gray.100" boxShadow="sm" p={{ base: '5', md: '8' }}>
      <Stack gap="8">
        <Fieldset.Root>
          <Fieldset.Legend fontSize="lg" fontWeight="semibold" color="gray.900">
            Choose your {label}s
          </Fieldset.Legend>
          {query.isPending && <StatusText>Loading...</StatusText>}
          {query.isError && <StatusText tone="error">{failed}</StatusText>}
          {query.data && query.data.length === 0 && <StatusText>No {label}s available yet</StatusText>}
          {query.data && query.data.length > 0 && (
            <Grid ref={services} templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3" mt="3">
              {query.data.map((item: Bookable) => (
                <Checkbox.Root
                  key={item.id}
                  checked={form.treatments.includes(item.id)}
                  onCheckedChange={() => toggleService(item.id)}
                  alignItems="flex-start"
                  p="3"
                  rounded="lg"
                  borderWidth="1px"
                  borderColor={form.treatments.includes(item.id) ? 'colorPalette.solid' : 'gray.200'}
                  bg={form.treatments.includes(item.id) ? 'colorPalette.subtle' : 'white'}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control mt="0.5" />
                  <Checkbox.Label flex="1">
                    <Text as="span" display="block" fontWeight="medium" color="gray.900">
                      {item.name}
                    </Text>
                    <Text as="span" display="block" fontSize="sm" color="gray.600">
                      {formatPeso(item.price)}
                      {item.defaultDuration ? ` · ${formatDuration(item.defaultDuration)}` : ''}
                    </Text>
                  </Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Grid>
          )}
        </Fieldset.Root>

        <Fieldset.Root>
          <Fieldset.Legend fontSize="lg" fontWeight="semibold" color="gray.900">
            Your details
          </Fieldset.Legend>
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4" mt="3">
            <Field.Root required>
              <Field.Label>
                First name <Field.RequiredIndicator />
              </Field.Label>
              <Input ref={bind('firstName')} autoComplete="given-name" value={form.firstName} onChange={(e) => set('firstName', e.target.value)} />
            </Field.Root>
            <Field.Root required>
              <Field.Label>
                Last name <Field.RequiredIndicator />
              </Field.Label>
              <Input ref={bind('lastName')} autoComplete="family-name" value={form.lastName} onChange={(e) => set('lastName', e.target.value)} />
            </Field.Root>
            <Field.Root>
              <Field.Label>Gender</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field ref={bind('gender')} value={form.gender} onChange={(e) => set('gender', e.target.value as Gender | '')}>
                  <option value="">Select…</option>
                  {GENDER_OPTIONS.map((g) => (
                    <option key={g.value} value={g.value}>
                      {g.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root>
              <Field.Label>Age</Field.Label>
              <Input ref={bind('age')} inputMode="numeric" value={form.age} onChange={(e) => set('age', e.target.value)} />
            </Field.Root>
            <Field.Root required>
              <Field.Label>
                Email <Field.RequiredIndicator />
              </Field.Label>
              <Input ref={bind('email')} type="email" autoComplete="email" value={form.email} onChange={(e) => set('email', e.target.value)} />
            </Field.Root>
            <Field.Root required>
              <Field.Label>
                Contact number <Field.RequiredIndicator />
              </Field.Label>
              <Input ref={bind('contact')} type="tel" autoComplete="tel" value={form.contact} onChange={(e) => set('contact', e.target.value)} />
            </Field.Root>
          </Grid>
        </Fieldset.Root>

        <Fieldset.Root>
          <Fieldset.Legend fontSize="lg" fontWeight="semibold" color="gray.900">
            Date and time
          </Fieldset.Legend>
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4" mt="3">
            <Field.Root required>
              <Field.Label>
                Preferred date <Field.RequiredIndicator />
              </Field.Label>
              <Input ref={bind('preferredDate')} type="date" min={today} value={form.preferredDate} onChange={(e) => set('preferredDate', e.target.value)} />
            </Field.Root>
            <Field.Root required>
              <Field.Label>
                Preferred time <Field.RequiredIndicator />
              </Field.Label>
              <Input ref={bind('preferredTime')} type="time" step={1800} value={form.preferredTime} onChange={(e) => set('preferredTime', e.target.value)} />
            </Field.Root>
          </Grid>
          <HStack mt="4" gap="3" flexWrap="wrap">
            <Button ref={scheduleButton} type="button" variant="outline" rounded="full" disabled={form.treatments.length === 0} onClick={() => setScheduleOpen(true)}>
              <CalendarIcon /> View Available Schedule
            </Button>
            {form.treatments.length === 0 && (
              <Text fontSize="sm" color="gray.600">
                Choose a {label} first to see its free times.
              </Text>
            )}
          </HStack>
        </Fieldset.Root>

        <Field.Root>
          <Field.Label>Notes</Field.Label>
          <Textarea ref={bind('notes')} rows={3} value={form.notes} onChange={(e) => set('notes', e.target.value)} placeholder="Anything we should know before your visit?" />
        </Field.Root>

        <Button type="submit" size="lg" rounded="full" loading={submitting} loadingText="Booking...">
          Book Appointment
        </Button>
      </Stack>

      {scheduleOpen && (
        <Suspense fallback={null}>
          <ScheduleDialog
            side={side}
            treatmentIds={form.treatments}
            initialDate={form.preferredDate || today}
            onSelect={chooseSlot}
            onClose={() => setScheduleOpen(false)}
            finalFocus={scheduleButton}
          />
        </Suspense>
      )}
    </chakra.form>
  );
}
