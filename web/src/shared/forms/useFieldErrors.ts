import { useCallback, useState } from 'react';
import { errorsNow, noErrors, type FieldErrors, type FieldOf, type GivenErrors } from './field-errors';

/**
 * A form's inline errors: given by a submit (or the server), then kept true as the fields
 * change (see errorsNow): each clears the moment its field becomes valid.
 */
export function useFieldErrors<V extends object>(values: V, check: (values: V) => FieldErrors<FieldOf<V>>) {
  const [given, setGiven] = useState<GivenErrors<V> | null>(null);
  const errors = errorsNow(given, values, check);
  /** Shows these errors, given for these values. */
  const show = useCallback((found: FieldErrors<FieldOf<V>>, forValues: V) => setGiven({ errors: found, values: forValues }), []);
  const reset = useCallback(() => setGiven(null), []);
  /** Checks the values as a submit does: shows what is wrong, and answers whether they may be sent. */
  const validate = (forValues: V = values): boolean => {
    const found = check(forValues);
    show(found, forValues);
    return noErrors(found);
  };
  return { errors, show, reset, validate };
}
