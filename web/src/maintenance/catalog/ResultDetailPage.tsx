import { useState } from 'react';
import { Box, Text } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';
import { resultRoutes, treatmentRoutes } from '@bb/contracts';
import { useRoute } from '../../shared/api/routes';
import { resultTitle } from '../../shared/format';
import { BeforeAfter } from './BeforeAfter';
import { ContentDetailPage } from './ContentDetailPage';
import { ResultDialog } from './ResultDialog';
import { useCatalogItem } from './useCatalogResource';

export function ResultDetailPage() {
  const { id = '' } = useParams();
  const [editing, setEditing] = useState(false);
  const { item: result, update } = useCatalogItem(resultRoutes, id, { noun: 'Result', fetchFailure: 'Failed to fetch result' }, () => setEditing(false));
  const treatmentId = result.data?.treatmentId;
  const treatment = useRoute(treatmentRoutes.read, { params: { id: treatmentId ?? '' }, enabled: Boolean(treatmentId) });

  return (
    <ContentDetailPage
      query={result}
      back={{ to: '/maintenance/results', label: 'Back to Results' }}
      texts={{ loading: 'Loading result...', notFound: 'Result not found', failed: 'The result could not be loaded.' }}
      title={(r) => resultTitle(r.description)}
      editLabel="Edit Result"
      onEdit={() => setEditing(true)}
    >
      {(r) => (
        <>
          <Box borderRadius="md" overflow="hidden">
            <BeforeAfter before={r.beforeImageUrl} after={r.afterImageUrl} title={resultTitle(r.description)} />
          </Box>
          <Text color="fg.muted">
            Related treatment: {treatment.data?.name ?? 'None'}
            {r.category && ` · ${r.category}`}
          </Text>
          <Text whiteSpace="pre-wrap">{r.description}</Text>
          <ResultDialog open={editing} result={r} busy={update.isPending} onClose={() => setEditing(false)} onSubmit={(body) => update.mutate(body)} />
        </>
      )}
    </ContentDetailPage>
  );
}
