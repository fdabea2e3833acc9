import { useMemo, useState } from 'react';
import { Button, Card, LinkBox, LinkOverlay, SimpleGrid, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { resultRoutes, treatmentRoutes, type Result } from '@bb/contracts';
import { useRoute } from '../../shared/api/routes';
import { resultTitle } from '../../shared/format';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { LineIcon } from '../ui/icons';
import { PageHeader } from '../ui/PageHeader';
import { ListStates } from '../ui/ListStates';
import { EmptyState } from '../ui/states';
import { BeforeAfter } from './BeforeAfter';
import { CardActions } from './CardActions';
import { ResultDialog } from './ResultDialog';
import { useCatalogResource } from './useCatalogResource';

/** Before/after results; a card opens its detail screen, where it is edited. */
export function ResultsPage() {
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Result | null>(null);
  const { list: results, create, remove } = useCatalogResource(resultRoutes, { noun: 'Result', fetchFailure: 'Failed to fetch results' }, { onSaved: () => setCreating(false), onRemoved: () => setDeleting(null) });
  const treatments = useRoute(treatmentRoutes.list);
  const names = useMemo(() => new Map((treatments.data ?? []).map((t) => [t.id, t.name])), [treatments.data]);

  return (
    <>
      <PageHeader
        title="Results"
        description="Before and after photos shown on the clinic page."
        actions={
          <Button onClick={() => setCreating(true)}>
            <LineIcon name="plus" />
            Add Result
          </Button>
        }
      />
      <ListStates
        query={results}
        loadingText="Loading results..."
        errorText="Results could not be loaded."
        empty={<EmptyState title="No results yet" text="Add before and after photos of your treatments." />}
      >
        {(items) => (
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
            {items.map((r) => (
              <LinkBox as="article" key={r.id}>
                <Card.Root h="full" overflow="hidden" _hover={{ shadow: 'sm' }}>
                  <BeforeAfter before={r.beforeImageUrl} after={r.afterImageUrl} title={resultTitle(r.description)} />
                  <Card.Body gap="1">
                    <Card.Title as="h2" fontSize="md">
                      <LinkOverlay asChild>
                        <Link to={`/maintenance/results/${r.id}`}>{resultTitle(r.description)}</Link>
                      </LinkOverlay>
                    </Card.Title>
                    <Text fontSize="sm" color="fg.muted">
                      {(r.treatmentId && names.get(r.treatmentId)) || 'No related treatment'}
                    </Text>
                  </Card.Body>
                  <Card.Footer position="relative" zIndex="1">
                    <CardActions name={resultTitle(r.description)} onDelete={() => setDeleting(r)} />
                  </Card.Footer>
                </Card.Root>
              </LinkBox>
            ))}
          </SimpleGrid>
        )}
      </ListStates>
      <ResultDialog open={creating} result={null} busy={create.isPending} onClose={() => setCreating(false)} onSubmit={(body) => create.mutate({ ...body, offeringType: 'clinic' })} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Result"
        message="Are you sure you want to delete this result? This action cannot be undone."
        confirmLabel="Delete"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </>
  );
}
