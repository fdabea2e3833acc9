import { practitionerRoutes, requirementRoutes, type Practitioner, type Requirement } from '@bb/contracts';
import { useRoute } from '../../shared/api/routes';
import { useFetchErrorToast } from '../api';
import { useMayCall } from '../auth/access';

const NONE_PRACTITIONERS: Practitioner[] = [];
const NONE_REQUIREMENTS: Requirement[] = [];

/** Booking's practitioners (skills, hours, leave) and what each treatment or package needs; not read by a role that may not (`allowed`). */
export function useResourceData() {
  const may = useMayCall();
  const allowed = may(practitionerRoutes.list) && may(requirementRoutes.list);
  const practitioners = useRoute(practitionerRoutes.list, { enabled: allowed });
  const requirements = useRoute(requirementRoutes.list, { enabled: allowed });
  useFetchErrorToast(practitioners.error, 'Failed to fetch practitioners');
  return {
    practitioners: practitioners.data ?? NONE_PRACTITIONERS,
    requirements: requirements.data ?? NONE_REQUIREMENTS,
    isLoading: practitioners.isLoading || requirements.isLoading,
    allowed,
  };
}
