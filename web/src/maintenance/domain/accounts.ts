import { PASSWORD_MIN_LENGTH, type Account, type AccountStatus, type StaffRole } from '@bb/contracts';
import type { FieldErrors } from '../../shared/forms/field-errors';

export const PASSWORDS_DIFFER_MESSAGE = 'The two passwords are not the same';
export const PASSWORD_LENGTH_MESSAGE = `Use at least ${PASSWORD_MIN_LENGTH} characters`;

/** The set-password form: long enough (the contract's minimum), and typed the same twice. */
export function newPasswordProblems(values: { password: string; repeat: string }): FieldErrors<'password' | 'repeat'> {
  const errors: FieldErrors<'password' | 'repeat'> = {};
  if (values.password.length < PASSWORD_MIN_LENGTH) errors.password = PASSWORD_LENGTH_MESSAGE;
  else if (values.repeat !== values.password) errors.repeat = PASSWORDS_DIFFER_MESSAGE;
  return errors;
}

export const STATUS_LABELS: Record<AccountStatus, { label: string; palette: string }> = {
  invited: { label: 'Invited', palette: 'blue' },
  active: { label: 'Active', palette: 'green' },
  disabled: { label: 'Disabled', palette: 'gray' },
};

export interface InviteForm {
  username: string;
  email: string;
  role: StaffRole;
  staffId: string;
}

const USERNAME = /^[A-Za-z0-9._-]{3,60}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The invite dialog's fields, checked as the contract checks them, so most mistakes are said before the call. */
export function inviteProblems(form: InviteForm): FieldErrors<'username' | 'email' | 'staffId'> {
  const errors: FieldErrors<'username' | 'email' | 'staffId'> = {};
  if (!USERNAME.test(form.username.trim())) errors.username = '3 to 60 letters, digits, dots, dashes or underscores';
  if (!EMAIL.test(form.email.trim())) errors.email = 'Enter a valid email address';
  if (form.role === 'practitioner' && form.staffId === '') errors.staffId = 'Choose the staff profile of this practitioner';
  return errors;
}

/** The invite request of the dialog's fields: a staff profile only for a practitioner. */
export const inviteRequest = (form: InviteForm) => ({
  username: form.username.trim(),
  email: form.email.trim(),
  role: form.role,
  ...(form.role === 'practitioner' ? { staffId: form.staffId } : {}),
});

/** Accounts in the order the screen lists them: active first, then invited, then disabled; by username within. */
export function sortedAccounts(accounts: readonly Account[]): Account[] {
  const rank: Record<AccountStatus, number> = { active: 0, invited: 1, disabled: 2 };
  return [...accounts].sort((a, b) => rank[a.status] - rank[b.status] || a.username.localeCompare(b.username));
}
