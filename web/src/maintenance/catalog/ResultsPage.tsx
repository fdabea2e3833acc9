import { useMemo, useState } from 'react';
import { Text } from '@chakra-ui/react';
import { resultRoutes, treatmentRoutes } from '@bb/contracts';
import { useRoute } from '../../shared/api/routes';
import { resultTitle } from '../../shared/format';
import { EmptyState } from '../ui/states';
import { BeforeAfter } from './BeforeAfter';
import { ContentListPage } from './ContentListPage';
import { ResultDialog } from './ResultDialog';
import { useCatalogResource } from './useCatalogResource';

/** Before/after results; a card opens its detail screen, where it is edited. */
export function ResultsPage() {
  const [creating, setCreating] = useState(false);
  const {
    list: results,
    create,
    remove,
  } = useCatalogResource(resultRoutes, { noun: 'Result', fetchFailure: 'Failed to fetch results' }, { onSaved: () => setCreating(false) });
  const treatments = useRoute(treatmentRoutes.list);
  const names = useMemo(() => new Map((treatments.data ?? []).map((t) => [t.id, t.name])), [treatments.data]);

  return (
    <ContentListPage
      title="Results"
      description="Before and after photos shown on the clinic page."
      addLabel="Add Result"
      onAdd={() => setCreating(true)}
      query={results}
      empty={<EmptyState title="No results yet" text="Add before and after photos of your treatments." />}
      card={{
        title: (r) => resultTitle(r.description),
        titleSize: 'md',
        href: (r) => `/maintenance/results/${r.id}`,
        media: (r) => <BeforeAfter before={r.beforeImageUrl} after={r.afterImageUrl} title={resultTitle(r.description)} />,
        body: (r) => (
          <Text fontSize="sm" color="fg.muted">
            {(r.treatmentId && names.get(r.treatmentId)) || 'No related treatment'}
          </Text>
        ),
      }}
      remove={remove}
      confirmDelete={{ dialog: 'Delete Result', message: () => 'Are you sure you want to delete this result? This action cannot be undone.' }}
    >
      <ResultDialog
        open={creating}
        result={null}
        busy={create.isPending}
        onClose={() => setCreating(false)}
        onSubmit={(body) => create.mutate({ ...body, offeringType: 'clinic' })}
      />
    </ContentListPage>
  );
}
