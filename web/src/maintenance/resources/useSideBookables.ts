import { useMemo } from 'react';
import { packageRoutes, treatmentRoutes, type Side } from '@bb/contracts';
import { useRoute } from '../../shared/api/routes';

export interface SideBookable {
  id: string;
  name: string;
}

/** What can be booked on the side: the clinic's treatments, then the side's packages. */
export function useSideBookables(side: Side) {
  const treatments = useRoute(treatmentRoutes.list, { query: { offering: side }, enabled: side === 'clinic' });
  const packages = useRoute(packageRoutes.list, { query: { offering: side } });
  const list = useMemo<SideBookable[]>(
    () => [...(side === 'clinic' ? (treatments.data ?? []) : []), ...(packages.data ?? [])].map(({ id, name }) => ({ id, name })),
    [side, treatments.data, packages.data],
  );
  return { list, isLoading: (side === 'clinic' && treatments.isLoading) || packages.isLoading };
}
