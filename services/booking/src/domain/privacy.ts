/**
 * What an erased appointment keeps of its customer: a name that says so, and no address or
 * number (placeholders that are neither, since the fields are required).
 */
export const ERASED_CUSTOMER = {
  firstName: 'Erased',
  lastName: 'customer',
  email: 'erased',
  contact: 'erased',
  gender: null,
  age: null,
  notes: '',
  adminComment: '',
} as const;
