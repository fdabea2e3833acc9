import { useState } from 'react';
import { authRoutes, type Account, type StaffRole } from '@bb/contracts';
import { callRoute, routeUrl } from '../../shared/api/routes';
import { useWrite } from '../api';
import { FormDialog } from '../ui/FormDialog';
import { SelectField } from '../ui/fields';
import { ROLE_OPTIONS } from './InviteDialog';
import { useStaffProfiles } from './useStaffProfiles';

/** Gives an account another role (a practitioner with their staff profile); its sessions end everywhere. */
export function RoleDialog({ account, onClose }: { account: Account; onClose: () => void }) {
  const [role, setRole] = useState<StaffRole>(account.role);
  const [staffId, setStaffId] = useState(account.staffId ?? '');
  const [error, setError] = useState<string | undefined>();
  const staff = useStaffProfiles(role === 'practitioner');
  const change = useWrite({
    run: () =>
      callRoute(authRoutes.updateUser, {
        params: { id: account.id },
        body: role === 'practitioner' ? { role, staffId } : { role, staffId: null },
      }),
    refresh: [routeUrl(authRoutes.listUsers)],
    success: 'Role changed',
    failure: 'Failed to change the role',
    onSuccess: onClose,
  });
  const submit = () => {
    if (role === 'practitioner' && staffId === '') return setError('Choose the staff profile of this practitioner');
    change.mutate(undefined);
  };
  return (
    <FormDialog open title={`Change the role of ${account.username}`} submitLabel="Change role" busy={change.isPending} onClose={onClose} onSubmit={submit}>
      <SelectField
        label="Role"
        value={role}
        onChange={(r) => setRole(r as StaffRole)}
        options={ROLE_OPTIONS}
        required
        helper="They are signed out everywhere and sign in again with the new role."
      />
      {role === 'practitioner' && (
        <SelectField
          label="Staff profile"
          value={staffId}
          onChange={(id) => {
            setStaffId(id);
            setError(undefined);
          }}
          options={[{ value: '', label: 'Choose…' }, ...staff]}
          required
          error={error}
        />
      )}
    </FormDialog>
  );
}
