import { staffRoutes } from '@bb/contracts';
import { useRoute } from '../../shared/api/routes';

/** The catalog's staff profiles, as choices for a practitioner account. */
export function useStaffProfiles(enabled: boolean) {
  const staff = useRoute(staffRoutes.list, { enabled });
  return (staff.data ?? []).map((s) => ({ value: s.id, label: s.name }));
}
