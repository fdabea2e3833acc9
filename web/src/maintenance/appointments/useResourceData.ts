import { practitionerRoutes, requirementRoutes, type Practitioner, type Requirement } from '@bb/contracts';
import { useRoute } from '../../shared/api/routes';
import { useFetchErrorToast } from '../api';

const NONE_PRACTITIONERS: Practitioner[] = [];
const NONE_REQUIREMENTS: Requirement[] = [];

/** Booking's practitioners (skills, hours, leave) and what each treatment or package needs. */
export function useResourceData() {
  const practitioners = useRoute(practitionerRoutes.list);
  const requirements = useRoute(requirementRoutes.list);
  useFetchErrorToast(practitioners.error, 'Failed to fetch practitioners');
  return {
    practitioners: practitioners.data ?? NONE_PRACTITIONERS,
    requirements: requirements.data ?? NONE_REQUIREMENTS,
    isLoading: practitioners.isLoading || requirements.isLoading,
  };
}
