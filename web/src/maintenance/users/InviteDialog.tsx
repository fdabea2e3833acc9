import { useState } from 'react';
import { authRoutes, ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@bb/contracts';
import { callRoute, routeUrl } from '../../shared/api/routes';
import { useFieldErrors } from '../../shared/forms/useFieldErrors';
import { useWrite } from '../api';
import { inviteProblems, inviteRequest, type InviteForm } from '../domain/accounts';
import { FormDialog } from '../ui/FormDialog';
import { SelectField, TextField } from '../ui/fields';
import { useStaffProfiles } from './useStaffProfiles';

export const ROLE_OPTIONS = STAFF_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));
const EMPTY: InviteForm = { username: '', email: '', role: 'receptionist', staffId: '' };

/** Invites a staff member: the account is made and the set-password link mailed to them. */
export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form, setForm] = useState<InviteForm>(EMPTY);
  const { errors, validate, reset } = useFieldErrors(form, inviteProblems);
  const staff = useStaffProfiles(open && form.role === 'practitioner');
  const close = () => {
    setForm(EMPTY);
    reset();
    onClose();
  };
  const invite = useWrite({
    run: (f: InviteForm) => callRoute(authRoutes.invite, { body: inviteRequest(f) }),
    refresh: [routeUrl(authRoutes.listUsers)],
    success: 'Invitation sent',
    failure: 'Failed to invite',
    onSuccess: close,
  });
  const set = (patch: Partial<InviteForm>) => setForm((f) => ({ ...f, ...patch }));
  return (
    <FormDialog
      open={open}
      title="Invite a staff member"
      submitLabel="Send invitation"
      busy={invite.isPending}
      onClose={close}
      onSubmit={() => validate() && invite.mutate(form)}
    >
      <TextField label="Username" value={form.username} onChange={(username) => set({ username })} required error={errors.username} autoComplete="off" />
      <TextField
        label="Email"
        type="email"
        value={form.email}
        onChange={(email) => set({ email })}
        required
        error={errors.email}
        helper="The set-password link is mailed here."
        autoComplete="off"
      />
      <SelectField label="Role" value={form.role} onChange={(role) => set({ role: role as StaffRole })} options={ROLE_OPTIONS} required />
      {form.role === 'practitioner' && (
        <SelectField
          label="Staff profile"
          value={form.staffId}
          onChange={(staffId) => set({ staffId })}
          options={[{ value: '', label: 'Choose…' }, ...staff]}
          required
          error={errors.staffId}
          helper="Their appointments and calendar feed are this profile's."
        />
      )}
    </FormDialog>
  );
}
