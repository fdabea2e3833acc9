import { useState } from 'react';
import { HStack, Text } from '@chakra-ui/react';
import { treatmentRoutes } from '@bb/contracts';
import { formatPeso } from '../../shared/format';
import { EmptyState } from '../ui/states';
import { CardImage } from './CardImage';
import { ContentListPage } from './ContentListPage';
import { TreatmentDialog } from './TreatmentDialog';
import { useCatalogResource } from './useCatalogResource';

/** Clinic treatments; a card opens its detail screen, where it is edited. */
export function TreatmentsPage() {
  const [creating, setCreating] = useState(false);
  const names = { noun: 'Treatment', fetchFailure: 'Failed to fetch treatments' };
  const { list: treatments, create, remove } = useCatalogResource(treatmentRoutes, names, { onSaved: () => setCreating(false) });

  return (
    <ContentListPage
      title="Treatments"
      description="Clinic treatments shown on the public page and offered in the booking form."
      addLabel="Add Treatment"
      onAdd={() => setCreating(true)}
      query={treatments}
      empty={<EmptyState title="No treatments yet" text="Add the treatments the clinic offers." />}
      card={{
        title: (t) => t.name,
        href: (t) => `/maintenance/treatments/${t.id}`,
        media: (t) => <CardImage src={t.imageUrl} alt={t.name} />,
        body: (t) => (
          <>
            <HStack justify="space-between">
              <Text fontWeight="semibold">{formatPeso(t.price)}</Text>
              <Text fontSize="sm" color="fg.muted">
                {t.duration}
              </Text>
            </HStack>
            <Text fontSize="sm" lineClamp={2}>
              {t.description}
            </Text>
          </>
        ),
      }}
      remove={remove}
      confirmDelete={{ dialog: 'Delete Treatment', message: (t) => `Delete "${t.name}"? Its results lose their link to it. This action cannot be undone.` }}
    >
      <TreatmentDialog
        open={creating}
        treatment={null}
        busy={create.isPending}
        onClose={() => setCreating(false)}
        onSubmit={(body) => create.mutate({ ...body, offeringType: 'clinic' })}
      />
    </ContentListPage>
  );
}
