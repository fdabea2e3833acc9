import { useState } from 'react';
import { Button, Card, HStack, LinkBox, LinkOverlay, SimpleGrid, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import type { Treatment, TreatmentCreate } from '@bb/contracts';
import { apiJson } from '../../shared/api/request';
import { formatPeso } from '../../shared/format';
import { useApi, useFetchErrorToast, useWrite } from '../api';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { LineIcon } from '../ui/icons';
import { PageHeader } from '../ui/PageHeader';
import { ListStates } from '../ui/ListStates';
import { EmptyState } from '../ui/states';
import { CardActions } from './CardActions';
import { CardImage } from './CardImage';
import { TreatmentDialog } from './TreatmentDialog';

const REFRESH = ['/api/treatments'];

/** Clinic treatments; a card opens its detail screen, where it is edited. */
export function TreatmentsPage() {
  const treatments = useApi<Treatment[]>('/api/treatments');
  useFetchErrorToast(treatments.error, 'Failed to fetch treatments');
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Treatment | null>(null);
  const create = useWrite({ run: (body: TreatmentCreate) => apiJson('POST', '/api/treatments', { ...body, offeringType: 'clinic' }), refresh: REFRESH, success: 'Treatment created successfully', failure: 'Failed to create treatment', onSuccess: () => setCreating(false) });
  const remove = useWrite({ run: (id: string) => apiJson('DELETE', `/api/treatments/${id}`), refresh: REFRESH, success: 'Treatment deleted successfully', failure: 'Failed to delete treatment', onSuccess: () => setDeleting(null) });

  return (
    <>
      <PageHeader
        title="Treatments"
        description="Clinic treatments shown on the public page and offered in the booking form."
        actions={
          <Button onClick={() => setCreating(true)}>
            <LineIcon name="plus" />
            Add Treatment
          </Button>
        }
      />
      <ListStates
        query={treatments}
        loadingText="Loading treatments..."
        errorText="Treatments could not be loaded."
        empty={<EmptyState title="No treatments yet" text="Add the treatments the clinic offers." />}
      >
        {(items) => (
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
            {items.map((t) => (
              <LinkBox as="article" key={t.id}>
                <Card.Root h="full" overflow="hidden" _hover={{ shadow: 'sm' }}>
                  <CardImage src={t.imageUrl} alt={t.name} />
                  <Card.Body gap="1">
                    <Card.Title as="h2">
                      <LinkOverlay asChild>
                        <Link to={`/maintenance/treatments/${t.id}`}>{t.name}</Link>
                      </LinkOverlay>
                    </Card.Title>
                    <HStack justify="space-between">
                      <Text fontWeight="semibold">{formatPeso(t.price)}</Text>
                      <Text fontSize="sm" color="fg.muted">
                        {t.duration}
                      </Text>
                    </HStack>
                    <Text fontSize="sm" lineClamp={2}>
                      {t.description}
                    </Text>
                  </Card.Body>
                  <Card.Footer position="relative" zIndex="1">
                    <CardActions name={t.name} onDelete={() => setDeleting(t)} />
                  </Card.Footer>
                </Card.Root>
              </LinkBox>
            ))}
          </SimpleGrid>
        )}
      </ListStates>
      <TreatmentDialog open={creating} treatment={null} busy={create.isPending} onClose={() => setCreating(false)} onSubmit={(body) => create.mutate(body)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Treatment"
        message={`Delete "${deleting?.name ?? ''}"? Its results lose their link to it. This action cannot be undone.`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </>
  );
}
