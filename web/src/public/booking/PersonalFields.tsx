import { Fieldset, Grid, Input, NativeSelect } from '@chakra-ui/react';
import { BookingField } from './BookingField';
import type { BookingForm as Form, Gender } from './domain/validation';

const GENDER_OPTIONS: { value: Gender; label: string }[] = [
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
  { value: 'other', label: 'Other' },
  { value: 'prefer-not-to-say', label: 'Prefer not to say' },
];

type PersonalField = 'firstName' | 'lastName' | 'gender' | 'age' | 'email' | 'contact';

interface PersonalFieldsProps {
  form: Form;
  errors: Partial<Record<keyof Form, string>>;
  onChange: <K extends PersonalField>(field: K, value: Form[K]) => void;
  /** Registers each control, so a problem can put the focus on it. */
  bind: (field: keyof Form) => (element: HTMLElement | null) => void;
}

/** The visitor's details: name, gender, age, e-mail and contact number. */
export function PersonalFields({ form, errors, onChange: set, bind }: PersonalFieldsProps) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontSize="lg" fontWeight="semibold" color="gray.900">
        Your details
      </Fieldset.Legend>
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4" mt="3">
        <BookingField label="First name" required error={errors.firstName}>
          {(link) => (
            <Input ref={bind('firstName')} autoComplete="given-name" value={form.firstName} onChange={(e) => set('firstName', e.target.value)} {...link} />
          )}
        </BookingField>
        <BookingField label="Last name" required error={errors.lastName}>
          {(link) => (
            <Input ref={bind('lastName')} autoComplete="family-name" value={form.lastName} onChange={(e) => set('lastName', e.target.value)} {...link} />
          )}
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
        <BookingField label="Age" error={errors.age}>
          {(link) => <Input ref={bind('age')} inputMode="numeric" value={form.age} onChange={(e) => set('age', e.target.value)} {...link} />}
        </BookingField>
        <BookingField label="Email" required error={errors.email}>
          {(link) => (
            <Input ref={bind('email')} type="email" autoComplete="email" value={form.email} onChange={(e) => set('email', e.target.value)} {...link} />
          )}
        </BookingField>
        <BookingField label="Contact number" required error={errors.contact}>
          {(link) => (
            <Input ref={bind('contact')} type="tel" autoComplete="tel" value={form.contact} onChange={(e) => set('contact', e.target.value)} {...link} />
          )}
        </BookingField>
      </Grid>
    </Fieldset.Root>
  );
}
