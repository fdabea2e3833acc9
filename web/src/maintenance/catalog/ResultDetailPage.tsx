import { useState } from 'react';
import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';
import { resultRoutes, treatmentRoutes } from '@bb/contracts';
import { useRoute } from '../../shared/api/routes';
import { resultTitle } from '../../shared/format';
import { LineIcon } from '../ui/icons';
import { DetailStates } from '../ui/DetailStates';
import { BackLink } from './BackLink';
import { BeforeAfter } from './BeforeAfter';
import { ResultDialog } from './ResultDialog';
import { useCatalogItem } from './useCatalogResource';

export function ResultDetailPage() {
  const { id = '' } = useParams();
  const [editing, setEditing] = useState(false);
  const { item: result, update } = useCatalogItem(resultRoutes, id, { noun: 'Result', fetchFailure: 'Failed to fetch result' }, () => setEditing(false));
  const treatmentId = result.data?.treatmentId;
  const treatment = useRoute(treatmentRoutes.read, { params: { id: treatmentId ?? '' }, enabled: Boolean(treatmentId) });

  const back = <BackLink to="/maintenance/results" label="Back to Results" />;
  return (
    <DetailStates query={result} back={back} loadingText="Loading result..." notFoundText="Result not found" failedText="The result could not be loaded.">
      {(r) => (
        <Stack gap="6" maxW="3xl">
          {back}
          <Flex justify="space-between" align="flex-start" gap="4" wrap="wrap">
            <Heading as="h1" size="2xl">
              {resultTitle(r.description)}
            </Heading>
            <Button variant="outline" onClick={() => setEditing(true)}>
              <LineIcon name="edit" />
              Edit Result
            </Button>
          </Flex>
          <Box borderRadius="md" overflow="hidden">
            <BeforeAfter before={r.beforeImageUrl} after={r.afterImageUrl} title={resultTitle(r.description)} />
          </Box>
          <Text color="fg.muted">
            Related treatment: {treatment.data?.name ?? 'None'}
            {r.category && ` · ${r.category}`}
          </Text>
          <Text whiteSpace="pre-wrap">{r.description}</Text>
          <ResultDialog open={editing} result={r} busy={update.isPending} onClose={() => setEditing(false)} onSubmit={(body) => update.mutate(body)} />
        </Stack>
      )}
    </DetailStates>
  );
}
