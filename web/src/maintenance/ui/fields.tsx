import { useId, type ReactNode } from 'react';
import { Field, Input, NativeSelect, Stack, Switch, Text, Textarea } from '@chakra-ui/react';

interface BaseProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  error?: string;
  helper?: string;
  disabled?: boolean;
}

function FieldFrame({ label, required, error, helper, disabled, children }: Omit<BaseProps, 'value' | 'onChange'> & { children: ReactNode }) {
  return (
    <Field.Root required={required} invalid={Boolean(error)} disabled={disabled}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText color="red.700">{error}</Field.ErrorText>}
    </Field.Root>
  );
}

export function TextField({
  type = 'text',
  placeholder,
  min,
  max,
  step,
  autoComplete,
  inputMode,
  ...props
}: BaseProps & {
  type?: string;
  placeholder?: string;
  min?: number;
  max?: number;
  step?: number | string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'text' | 'email';
}) {
  return (
    <FieldFrame {...props}>
      <Input
        type={type}
        value={props.value}
        placeholder={placeholder}
        min={min}
        max={max}
        step={step}
        autoComplete={autoComplete}
        inputMode={inputMode}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </FieldFrame>
  );
}

/** A treatment's or package's booking duration in whole minutes (blank: 60). */
export function BookingDurationField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string }) {
  return (
    <TextField
      label="Booking Duration (minutes)"
      type="number"
      min={1}
      step={1}
      value={value}
      onChange={onChange}
      error={error}
      helper="How long the booking blocks the calendar; 60 minutes when left blank."
    />
  );
}

export function TextAreaField({ rows, placeholder, ...props }: BaseProps & { rows: number; placeholder?: string }) {
  return (
    <FieldFrame {...props}>
      <Textarea rows={rows} value={props.value} placeholder={placeholder} onChange={(e) => props.onChange(e.target.value)} />
    </FieldFrame>
  );
}

/** A choice among options; `size` "sm" where it sits above a list rather than in a form. */
export function SelectField<V extends string>({
  options,
  size,
  ...props
}: Omit<BaseProps, 'value' | 'onChange'> & {
  value: V;
  onChange: (value: V) => void;
  options: readonly { value: V; label: string }[];
  size?: 'sm';
}) {
  return (
    <FieldFrame {...props}>
      <NativeSelect.Root size={size}>
        {/* The options are the only values the select can take. */}
        <NativeSelect.Field value={props.value} onChange={(e) => props.onChange(e.target.value as V)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FieldFrame>
  );
}

/** An on/off setting: the switch named by its label, its help text read out with it. */
export function SwitchField({
  label,
  helper,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  helper?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const helperId = useId();
  return (
    <Stack gap="1">
      <Switch.Root checked={checked} onCheckedChange={(e) => onChange(e.checked)} disabled={disabled}>
        <Switch.HiddenInput aria-describedby={helper ? helperId : undefined} />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label>{label}</Switch.Label>
      </Switch.Root>
      {helper && (
        <Text id={helperId} fontSize="sm" color="fg.muted" ps="10">
          {helper}
        </Text>
      )}
    </Stack>
  );
}
