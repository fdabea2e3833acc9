import { SimpleGrid } from '@chakra-ui/react';
import type { Side } from '@bb/contracts';
import { QueryList } from '../components/QueryList';
import { StaffCard } from '../components/StaffCard';
import { FETCH_FAILED, useCatalog } from '../hooks/useCatalog';

/** Spec §2: the clinic introduces its team "soon"; the studio says it has no members yet. */
const EMPTY: Record<Side, string> = {
  clinic: 'Our amazing team will be introduced soon!',
  studio: 'No team members available yet',
};

export function StaffList({ side }: { side: Side }) {
  const query = useCatalog('staff', side);
  return (
    <QueryList query={query} loadingText="Loading team..." emptyText={EMPTY[side]} errorText={FETCH_FAILED.staff}>
      {(staff) => (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="6">
          {staff.map((member, i) => (
            <StaffCard key={member.id} member={member} index={i} side={side} />
          ))}
        </SimpleGrid>
      )}
    </QueryList>
  );
}
