import { useMemo, useState } from 'react';
import { Button, Card, LinkBox, LinkOverlay, SimpleGrid, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import type { Result, ResultCreate, Treatment } from '@bb/contracts';
import { apiJson } from '../../shared/api/request';
import { resultTitle } from '../../shared/format';
import { useApi, useFetchErrorToast, useWrite } from '../api';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { LineIcon } from '../ui/icons';
import { PageHeader } from '../ui/PageHeader';
import { ListStates } from '../ui/ListStates';
import { EmptyState } from '../ui/states';
import { BeforeAfter } from './BeforeAfter';
import { CardActions } from './CardActions';
import { ResultDialog } from './ResultDialog';

const REFRESH = ['/api/results'];

/** Before/after results; a card opens its detail screen, where it is edited. */
export function ResultsPage() {
  const results = useApi<Result[]>('/api/results');
  const treatments = useApi<Treatment[]>('/api/treatments');
  useFetchErrorToast(results.error, 'Failed to fetch results');
  const names = useMemo(() => new Map((treatments.data ?? []).map((t) => [t.id, t.name])), [treatments.data]);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Result | null>(null);
  const create = useWrite({ run: (body: ResultCreate) => apiJson('POST', '/api/results', { ...body, offeringType: 'clinic' }), refresh: REFRESH, success: 'Result created successfully', failure: 'Failed to create result', onSuccess: () => setCreating(false) });
  const remove = useWrite({ run: (id: string) => apiJson('DELETE', `/api/results/${id}`), refresh: REFRESH, success: 'Result deleted successfully', failure: 'Failed to delete result', onSuccess: () => setDeleting(null) });

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
      <ResultDialog open={creating} result={null} busy={create.isPending} onClose={() => setCreating(false)} onSubmit={(body) => create.mutate(body)} />
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
