import { SimpleGrid } from '@chakra-ui/react';
import { QueryList } from '../components/QueryList';
import { TreatmentCard } from '../components/TreatmentCard';
import { FETCH_FAILED, useCatalog } from '../hooks/useCatalog';

export function TreatmentsList() {
  const query = useCatalog('treatments', 'clinic');
  return (
    <QueryList query={query} loadingText="Loading treatments..." emptyText="No treatments available yet" errorText={FETCH_FAILED.treatments}>
      {(treatments) => (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="6">
          {treatments.map((t, i) => (
            <TreatmentCard key={t.id} treatment={t} index={i} />
          ))}
        </SimpleGrid>
      )}
    </QueryList>
  );
}
