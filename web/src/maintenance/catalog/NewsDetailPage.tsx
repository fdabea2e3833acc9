import { useState } from 'react';
import { Box, Image, Text } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';
import { newsRoutes } from '@bb/contracts';
import { formatNewsDate } from '../../shared/format';
import { ContentDetailPage } from './ContentDetailPage';
import { NewsDialog } from './NewsDialog';
import { useCatalogItem } from './useCatalogResource';

export function NewsDetailPage() {
  const { id = '' } = useParams();
  const [editing, setEditing] = useState(false);
  const { item: article, update } = useCatalogItem(newsRoutes, id, { noun: 'News article', fetchFailure: 'Failed to fetch news' }, () => setEditing(false));

  return (
    <ContentDetailPage
      query={article}
      back={{ to: '/maintenance/news', label: 'Back to News' }}
      texts={{ loading: 'Loading news...', notFound: 'News article not found', failed: 'The article could not be loaded.' }}
      eyebrow={(a) => <Text color="fg.muted">{formatNewsDate(a.publishedAt)}</Text>}
      title={(a) => a.title}
      editLabel="Edit Article"
      onEdit={() => setEditing(true)}
    >
      {(a) => (
        <>
          {a.imageUrl && <Image src={a.imageUrl} alt={a.title} borderRadius="md" maxH="sm" objectFit="cover" />}
          <Text fontSize="lg" color="fg.muted">
            {a.excerpt}
          </Text>
          <Box whiteSpace="pre-wrap">{a.content}</Box>
          <NewsDialog open={editing} article={a} busy={update.isPending} onClose={() => setEditing(false)} onSubmit={(values) => update.mutate(values)} />
        </>
      )}
    </ContentDetailPage>
  );
}
