import { Badge, Box, HStack, VisuallyHidden } from '@chakra-ui/react';
import type { NewsArticle, Side } from '@bb/contracts';
import { formatNewsDate } from '../../shared/format';
import { Card, CardLink, CardTitle } from './Card';
import { ItemImage } from './ItemImage';

/** Title, excerpt, date, image, category and Read More (to /news/{id}). */
export function NewsCard({ article, index, side }: { article: NewsArticle; index: number; side: Side }) {
  return (
    <Card media={<ItemImage src={article.imageUrl} alt={article.title} side={side} index={index + 1} ratio={16 / 9} />}>
      <HStack gap="3" fontSize="sm" color="gray.600" flexWrap="wrap">
        {article.category && (
          <Badge variant="subtle" rounded="full" px="2.5">
            {article.category}
          </Badge>
        )}
        <time dateTime={article.publishedAt}>{formatNewsDate(article.publishedAt)}</time>
      </HStack>
      <CardTitle title={article.title} text={article.excerpt} />
      <Box mt="auto" pt="2">
        <CardLink to={`/news/${article.id}`}>
          Read More<VisuallyHidden>: {article.title}</VisuallyHidden>
        </CardLink>
      </Box>
    </Card>
  );
}
