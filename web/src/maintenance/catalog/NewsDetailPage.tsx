import { useState } from 'react';
import { Box, Button, Flex, Heading, Image, Stack, Text } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';
import { newsRoutes } from '@bb/contracts';
import { formatNewsDate } from '../../shared/format';
import { LineIcon } from '../ui/icons';
import { DetailStates } from '../ui/DetailStates';
import { BackLink } from './BackLink';
import { NewsDialog } from './NewsDialog';
import { useCatalogItem } from './useCatalogResource';

export function NewsDetailPage() {
  const { id = '' } = useParams();
  const [editing, setEditing] = useState(false);
  const { item: article, update } = useCatalogItem(newsRoutes, id, { noun: 'News article', fetchFailure: 'Failed to fetch news' }, () => setEditing(false));

  const back = <BackLink to="/maintenance/news" label="Back to News" />;
  return (
    <DetailStates query={article} back={back} loadingText="Loading news..." notFoundText="News article not found" failedText="The article could not be loaded.">
      {(a) => (
        <Stack gap="6" maxW="3xl">
          {back}
          <Flex justify="space-between" align="flex-start" gap="4" wrap="wrap">
            <Stack gap="1">
              <Text color="fg.muted">{formatNewsDate(a.publishedAt)}</Text>
              <Heading as="h1" size="2xl">
                {a.title}
              </Heading>
            </Stack>
            <Button variant="outline" onClick={() => setEditing(true)}>
              <LineIcon name="edit" />
              Edit Article
            </Button>
          </Flex>
          {a.imageUrl && <Image src={a.imageUrl} alt={a.title} borderRadius="md" maxH="sm" objectFit="cover" />}
          <Text fontSize="lg" color="fg.muted">
            {a.excerpt}
          </Text>
          <Box whiteSpace="pre-wrap">{a.content}</Box>
          <NewsDialog open={editing} article={a} busy={update.isPending} onClose={() => setEditing(false)} onSubmit={(values) => update.mutate(values)} />
        </Stack>
      )}
    </DetailStates>
  );
}
