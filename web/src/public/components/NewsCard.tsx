import { Badge, Box, Heading, HStack, Link, Text, VisuallyHidden } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { NewsArticle, Side } from '@bb/contracts';
import { formatNewsDate } from '../../shared/format';
import { Card } from './Card';
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
      <Heading as="h3" fontSize="xl" fontFamily="heading" fontWeight="normal" color="gray.900">
        {article.title}
      </Heading>
      <Text color="gray.600" lineClamp={3}>
        {article.excerpt}
      </Text>
      <Box mt="auto" pt="2">
        <Link asChild fontWeight="semibold" color="colorPalette.fg" textDecoration="underline" textUnderlineOffset="4px">
          <RouterLink to={`/news/${article.id}`}>
            Read More<VisuallyHidden>: {article.title}</VisuallyHidden>
          </RouterLink>
        </Link>
      </Box>
    </Card>
  );
}
