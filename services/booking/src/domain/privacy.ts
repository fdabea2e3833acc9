import { ERASED_CUSTOMER_CONTACT } from '@bb/contracts';

/** What an erased appointment keeps of its customer: the shared placeholders, and nothing else they wrote. */
export const ERASED_CUSTOMER = {
  ...ERASED_CUSTOMER_CONTACT,
  gender: null,
  age: null,
  notes: '',
  adminComment: '',
} as const;
