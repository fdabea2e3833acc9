import { useId, type ReactNode } from 'react';
import { Field } from '@chakra-ui/react';

/** What a control needs to point at its inline error (Chakra's Field adds aria-invalid itself). */
export interface ErrorLink {
  'aria-describedby'?: string;
}

interface BookingFieldProps {
  label: string;
  required?: boolean;
  error?: string;
  children: (errorLink: ErrorLink) => ReactNode;
}

/** A labelled control with its error written under it and tied to it, besides the spec's toast. */
export function BookingField({ label, required = false, error, children }: BookingFieldProps) {
  const errorId = useId();
  return (
    <Field.Root required={required} invalid={Boolean(error)}>
      <Field.Label>
        {label} {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children(error ? { 'aria-describedby': errorId } : {})}
      {error && (
        <Field.ErrorText id={errorId} color="red.700">
          {error}
        </Field.ErrorText>
      )}
    </Field.Root>
  );
}
