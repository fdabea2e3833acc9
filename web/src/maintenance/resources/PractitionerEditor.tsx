import { useId, useState, type FormEvent } from 'react';
import { Button, Checkbox, Card, Fieldset, Flex, Heading, HStack, IconButton, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { practitionerRoutes, scheduleRoutes, type Practitioner } from '@bb/contracts';
import { serverMessage } from '../../shared/api/request';
import { callRoute, routePrefix, routeUrl } from '../../shared/api/routes';
import { manilaToday } from '../../shared/format';
import { errorsNow, noErrors, type GivenErrors } from '../../shared/forms/field-errors';
import { toast } from '../../shared/ui/toaster';
import { invalidatePaths, useSessionExpiry } from '../api';
import { serverDetails } from '../domain/forms';
import { applyToWeekdays, applyToWeekends, type DayHours } from '../domain/office-hours';
import {
  practitionerErrors,
  practitionerForm,
  practitionerProblems,
  practitionerSummary,
  practitionerUpdate,
  type PractitionerForm,
} from '../domain/resources';
import { SwitchField, TextField } from '../ui/fields';
import { LineIcon } from '../ui/icons';
import { CopyDayButtons, WeekHoursTable, type WeekWords } from '../settings/WeekHoursTable';
import type { SideBookable } from './useSideBookables';

const WORKING_WORDS: Omit<WeekWords, 'who'> = { columns: ['Day', 'Status', 'Starts', 'Ends'], active: 'Working', inactive: 'Off', start: 'start', end: 'end' };

function FieldError({ message }: { message?: string }) {
  return message ? (
    <Text color="red.700" fontSize="sm" role="alert">
      {message}
    </Text>
  ) : null;
}

/**
 * One practitioner's booking side: whether they take bookings, where their alerts go, what they
 * perform, their weekly hours and their leave, behind Edit (a clinic has many people). Unsaved
 * edits stay while the card is closed and while other cards save.
 */
export function PractitionerEditor({ practitioner: p, bookables }: { practitioner: Practitioner; bookables: readonly SideBookable[] }) {
  const client = useQueryClient();
  const expired = useSessionExpiry();
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const [edited, setEdited] = useState<PractitionerForm | null>(null);
  const [given, setGiven] = useState<GivenErrors<PractitionerForm> | null>(null);
  const form = edited ?? practitionerForm(p);
  const errors = errorsNow(given, form, practitionerProblems);
  const change = (patch: Partial<PractitionerForm>) => setEdited({ ...form, ...patch });
  const changeDay = (day: number, patch: Partial<DayHours>) => change({ week: form.week.map((d) => (d.dayOfWeek === day ? { ...d, ...patch } : d)) });
  const changeLeave = (at: number, patch: Partial<PractitionerForm['leave'][number]>) =>
    change({ leave: form.leave.map((l, i) => (i === at ? { ...l, ...patch } : l)) });

  const save = useMutation({
    mutationFn: (sent: PractitionerForm) => callRoute(practitionerRoutes.update, { params: { id: p.id }, body: practitionerUpdate(sent) }),
    onSuccess: (saved) => {
      client.setQueryData<Practitioner[]>([routeUrl(practitionerRoutes.list)], (list) => list?.map((x) => (x.id === saved.id ? saved : x)));
      setEdited(null);
      setGiven(null);
      toast.success('Practitioner saved successfully');
      // Who works when decides the public times and whom a visitor may choose.
      void invalidatePaths(client, [routeUrl(scheduleRoutes.availableSlots), routePrefix(practitionerRoutes.available)]);
    },
    onError: (error, sent) => {
      if (expired(error)) return;
      // The sent values stay on screen (the same objects), so the server's words stay at their fields until changed.
      setEdited(sent);
      setGiven({ errors: practitionerErrors(serverDetails([error])), values: sent });
      toast.error('Failed to save practitioner', serverMessage(error));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = practitionerProblems(form);
    setGiven({ errors: problems, values: form });
    if (noErrors(problems)) save.mutate(form);
    else toast.error('Failed to save practitioner', Object.values(problems)[0]);
  };

  const words: WeekWords = { ...WORKING_WORDS, who: p.name };
  return (
    <Card.Root as="section" aria-label={p.name} data-practitioner={p.name}>
      <Card.Header>
        <Flex gap="3" align="center" wrap="wrap">
          <Stack gap="0.5" flex="1" minW="12rem">
            <Card.Title as="h3">{p.name}</Card.Title>
            <Text fontSize="sm" color="fg.muted">
              {practitionerSummary(p, manilaToday())}
              {edited && ' · unsaved changes'}
            </Text>
          </Stack>
          <Button size="sm" variant="outline" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
            {open ? 'Close' : 'Edit'}
          </Button>
        </Flex>
      </Card.Header>
      {open && (
        <Card.Body id={bodyId}>
          <form onSubmit={submit} noValidate>
            <Stack gap="6">
              <SwitchField
                label="Takes bookings"
                helper="Visitors can book this person and the calendar gives them a column."
                checked={form.bookable}
                onChange={(bookable) => change({ bookable })}
              />
              <TextField
                label="Alert E-mail"
                type="email"
                value={form.email}
                onChange={(email) => change({ email })}
                error={errors.email}
                helper="Staff alerts of their appointments go here as well; blank: none."
              />
              <Fieldset.Root invalid={Boolean(errors.skills)}>
                <Fieldset.Legend>Skills</Fieldset.Legend>
                <Fieldset.HelperText>The treatments and packages they perform.</Fieldset.HelperText>
                <Fieldset.Content>
                  {bookables.length === 0 ? (
                    <Text fontSize="sm" color="fg.muted">
                      Nothing can be booked on this side yet.
                    </Text>
                  ) : (
                    <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">
                      {bookables.map((b) => (
                        <Checkbox.Root
                          key={b.id}
                          checked={form.skills.includes(b.id)}
                          onCheckedChange={(e) => change({ skills: e.checked === true ? [...form.skills, b.id] : form.skills.filter((id) => id !== b.id) })}
                        >
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label>{b.name}</Checkbox.Label>
                        </Checkbox.Root>
                      ))}
                    </SimpleGrid>
                  )}
                </Fieldset.Content>
                {errors.skills && <Fieldset.ErrorText color="red.700">{errors.skills}</Fieldset.ErrorText>}
              </Fieldset.Root>
              <Stack gap="2">
                <Heading as="h4" size="sm">
                  Working Hours
                </Heading>
                <WeekHoursTable week={form.week} words={words} onChange={changeDay} />
                <Flex gap="2" wrap="wrap">
                  <CopyDayButtons
                    onWeekdays={() => change({ week: applyToWeekdays(form.week) })}
                    onWeekends={() => change({ week: applyToWeekends(form.week) })}
                  />
                </Flex>
                <FieldError message={errors.week} />
              </Stack>
              <Stack gap="2">
                <Heading as="h4" size="sm">
                  Leave
                </Heading>
                {form.leave.length === 0 && (
                  <Text fontSize="sm" color="fg.muted">
                    No days off or leave.
                  </Text>
                )}
                {form.leave.map((l, i) => (
                  <HStack key={i} gap="2" wrap="wrap" align="flex-end">
                    <Input
                      size="sm"
                      w="auto"
                      type="date"
                      aria-label={`${p.name} leave ${i + 1} from`}
                      value={l.from}
                      onChange={(e) => changeLeave(i, { from: e.target.value })}
                    />
                    <Text fontSize="sm">to</Text>
                    <Input
                      size="sm"
                      w="auto"
                      type="date"
                      aria-label={`${p.name} leave ${i + 1} to`}
                      value={l.to}
                      onChange={(e) => changeLeave(i, { to: e.target.value })}
                    />
                    <Input
                      size="sm"
                      flex="1"
                      minW="10rem"
                      placeholder="Note"
                      aria-label={`${p.name} leave ${i + 1} note`}
                      value={l.note}
                      onChange={(e) => changeLeave(i, { note: e.target.value })}
                    />
                    <IconButton
                      size="sm"
                      variant="outline"
                      aria-label={`Remove ${p.name} leave ${i + 1}`}
                      onClick={() => change({ leave: form.leave.filter((_, at) => at !== i) })}
                    >
                      <LineIcon name="trash" />
                    </IconButton>
                  </HStack>
                ))}
                <FieldError message={errors.leave} />
                <Button
                  alignSelf="flex-start"
                  size="sm"
                  variant="outline"
                  onClick={() => change({ leave: [...form.leave, { from: manilaToday(), to: manilaToday(), note: '' }] })}
                >
                  Add Leave
                </Button>
              </Stack>
              <Flex gap="2" justify="flex-end">
                {edited && (
                  <Button
                    variant="outline"
                    onClick={() => {
                      setEdited(null);
                      setGiven(null);
                    }}
                  >
                    Discard Changes
                  </Button>
                )}
                <Button type="submit" loading={save.isPending}>
                  Save Practitioner
                </Button>
              </Flex>
            </Stack>
          </form>
        </Card.Body>
      )}
    </Card.Root>
  );
}
