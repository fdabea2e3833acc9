import { useState } from 'react';
import { DataList, Heading, Image, List, Stack, Text } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';
import { treatmentRoutes } from '@bb/contracts';
import { formatDuration, formatPeso } from '../../shared/format';
import { ContentDetailPage } from './ContentDetailPage';
import { TreatmentDialog } from './TreatmentDialog';
import { useCatalogItem } from './useCatalogResource';

export function TreatmentDetailPage() {
  const { id = '' } = useParams();
  const [editing, setEditing] = useState(false);
  // The list's refresh covers appointments and the public pages, which show treatment names too.
  const { item: treatment, update } = useCatalogItem(treatmentRoutes, id, { noun: 'Treatment', fetchFailure: 'Failed to fetch treatment' }, () =>
    setEditing(false),
  );

  return (
    <ContentDetailPage
      query={treatment}
      back={{ to: '/maintenance/treatments', label: 'Back to Treatments' }}
      texts={{ loading: 'Loading treatment...', notFound: 'Treatment not found', failed: 'The treatment could not be loaded.' }}
      title={(t) => t.name}
      editLabel="Edit Treatment"
      onEdit={() => setEditing(true)}
    >
      {(t) => (
        <>
          {t.imageUrl && <Image src={t.imageUrl} alt={t.name} borderRadius="md" maxH="sm" objectFit="cover" />}
          <DataList.Root orientation="horizontal">
            <DataList.Item>
              <DataList.ItemLabel>Price</DataList.ItemLabel>
              <DataList.ItemValue>{formatPeso(t.price)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Duration</DataList.ItemLabel>
              <DataList.ItemValue>{t.duration}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Booking duration</DataList.ItemLabel>
              <DataList.ItemValue>{t.defaultDuration ? formatDuration(t.defaultDuration) : 'Default (1h 0m)'}</DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
          <Text whiteSpace="pre-wrap">{t.description}</Text>
          <Stack gap="2">
            <Heading as="h2" size="md">
              What to Expect
            </Heading>
            {t.whatToExpect.length > 0 ? (
              <List.Root ps="5">
                {t.whatToExpect.map((item, i) => (
                  <List.Item key={`${i}-${item}`}>{item}</List.Item>
                ))}
              </List.Root>
            ) : (
              <Text color="fg.muted">Nothing listed yet.</Text>
            )}
          </Stack>
          <TreatmentDialog open={editing} treatment={t} busy={update.isPending} onClose={() => setEditing(false)} onSubmit={(body) => update.mutate(body)} />
        </>
      )}
    </ContentDetailPage>
  );
}
