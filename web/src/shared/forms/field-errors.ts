/** Each field's problem, in words, by the field's name. */
export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

/** The names of a form's fields. */
export type FieldOf<V> = Extract<keyof V, string>;

/** Errors as they were given (by a submit's check, or by the server), with the values they were given for. */
export interface GivenErrors<V> {
  errors: FieldErrors<FieldOf<V>>;
  values: V;
}

const sameValue = (a: unknown, b: unknown): boolean =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((item, i) => Object.is(item, b[i])) : Object.is(a, b);

/**
 * The errors to show now. A field keeps the error it was given while its value is unchanged
 * (the server's words too, which the form cannot check itself); once the value changes, the
 * field shows what the form's own check says of it: nothing as soon as it is valid, the check's
 * current words while it is not. A field with no error given shows none: nobody is told off
 * for a field before they asked to send.
 */
export function errorsNow<V extends object>(given: GivenErrors<V> | null, values: V, check: (values: V) => FieldErrors<FieldOf<V>>): FieldErrors<FieldOf<V>> {
  if (!given) return {};
  let checked: FieldErrors<FieldOf<V>> | undefined;
  const shown: FieldErrors<FieldOf<V>> = {};
  for (const field of Object.keys(given.errors) as FieldOf<V>[]) {
    const message = given.errors[field];
    if (message === undefined) continue;
    if (sameValue(values[field], given.values[field])) {
      shown[field] = message;
      continue;
    }
    checked ??= check(values);
    const now = checked[field];
    if (now !== undefined) shown[field] = now;
  }
  return shown;
}

/** Whether a check found nothing. */
export const noErrors = (errors: FieldErrors): boolean => Object.values(errors).every((message) => message === undefined);
