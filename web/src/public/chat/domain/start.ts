import type { FieldErrors } from '../../../shared/forms/field-errors';
import { looksLikeEmail } from '../../domain/email';

/** What the chat's start form asks for. */
export interface StartValues {
  name: string;
  email: string;
}

/** The chat start's rule (spec §5: a name and an e-mail address), each field saying what it lacks. */
export function startProblems({ name, email }: StartValues): FieldErrors<keyof StartValues> {
  return {
    ...(name.trim() === '' ? { name: 'Please enter your name.' } : {}),
    ...(!looksLikeEmail(email) ? { email: 'Please enter a valid email address.' } : {}),
  };
}
