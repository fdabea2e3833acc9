import { useState } from 'react';
import { Button, Card, HStack, LinkBox, LinkOverlay, SimpleGrid, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { treatmentRoutes, type Treatment } from '@bb/contracts';
import { formatPeso } from '../../shared/format';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { LineIcon } from '../ui/icons';
import { PageHeader } from '../ui/PageHeader';
import { ListStates } from '../ui/ListStates';
import { EmptyState } from '../ui/states';
import { CardActions } from './CardActions';
import { CardImage } from './CardImage';
import { TreatmentDialog } from './TreatmentDialog';
import { useCatalogResource } from './useCatalogResource';

/** Clinic treatments; a card opens its detail screen, where it is edited. */
export function TreatmentsPage() {
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Treatment | null>(null);
  const names = { noun: 'Treatment', fetchFailure: 'Failed to fetch treatments' };
  const { list: treatments, create, remove } = useCatalogResource(treatmentRoutes, names, { onSaved: () => setCreating(false), onRemoved: () => setDeleting(null) });

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
      <TreatmentDialog open={creating} treatment={null} busy={create.isPending} onClose={() => setCreating(false)} onSubmit={(body) => create.mutate({ ...body, offeringType: 'clinic' })} />
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
