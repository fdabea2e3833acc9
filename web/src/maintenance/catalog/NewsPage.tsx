import { useState } from 'react';
import { Box, Button, Card, Flex, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { newsRoutes, type NewsArticle } from '@bb/contracts';
import { formatNewsDate } from '../../shared/format';
import { useOffering } from '../../shared/offering/OfferingContext';
import { LineIcon } from '../ui/icons';
import { PageHeader } from '../ui/PageHeader';
import { ListStates } from '../ui/ListStates';
import { EmptyState } from '../ui/states';
import { CardActions } from './CardActions';
import { CardImage } from './CardImage';
import { NewsDialog, type NewsValues } from './NewsDialog';
import { useCatalogResource } from './useCatalogResource';

export function NewsPage() {
  const { offering } = useOffering();
  const [dialog, setDialog] = useState<{ article: NewsArticle | null } | null>(null);
  const close = () => setDialog(null);
  const { list: news, create, update, remove } = useCatalogResource(newsRoutes, { noun: 'News article', fetchFailure: 'Failed to fetch news' }, { query: { offering }, onSaved: close });

  const submit = (values: NewsValues) => {
    const article = dialog?.article;
    if (article) update.mutate({ id: article.id, body: { ...values, offeringType: article.offeringType } });
    else create.mutate({ ...values, offeringType: offering });
  };

  return (
    <>
      <PageHeader
        title="News"
        description="Articles and announcements on the public page."
        actions={
          <Button onClick={() => setDialog({ article: null })}>
            <LineIcon name="plus" />
            Add Article
          </Button>
        }
      />
      <ListStates
        query={news}
        loadingText="Loading news..."
        errorText="News could not be loaded."
        empty={<EmptyState text="No news articles yet. Create your first article to get started." />}
      >
        {(items) => (
          <Stack gap="4">
            {items.map((a) => (
              <LinkBox as="article" key={a.id}>
                <Card.Root flexDirection={{ base: 'column', md: 'row' }} overflow="hidden" _hover={{ shadow: 'sm' }}>
                  <Box w={{ base: 'full', md: '14rem' }} flexShrink={0}>
                    <CardImage src={a.imageUrl} alt={a.title} />
                  </Box>
                  <Flex direction="column" flex="1">
                    <Card.Body gap="1">
                      <Text fontSize="sm" color="fg.muted">
                        {formatNewsDate(a.publishedAt)}
                      </Text>
                      <Card.Title as="h2">
                        <LinkOverlay asChild>
                          <Link to={`/maintenance/news/${a.id}`}>{a.title}</Link>
                        </LinkOverlay>
                      </Card.Title>
                      <Text fontSize="sm" lineClamp={2}>
                        {a.excerpt}
                      </Text>
                    </Card.Body>
                    <Card.Footer position="relative" zIndex="1">
                      <CardActions name={a.title} onEdit={() => setDialog({ article: a })} onDelete={() => remove.mutate(a.id)} />
                    </Card.Footer>
                  </Flex>
                </Card.Root>
              </LinkBox>
            ))}
          </Stack>
        )}
      </ListStates>
      <NewsDialog open={dialog !== null} article={dialog?.article ?? null} busy={create.isPending || update.isPending} onClose={close} onSubmit={submit} />
    </>
  );
}
