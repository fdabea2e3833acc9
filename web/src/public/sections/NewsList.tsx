import { SimpleGrid } from '@chakra-ui/react';
import { NewsCard } from '../components/NewsCard';
import { QueryList } from '../components/QueryList';
import { FETCH_FAILED, useCatalog } from '../hooks/useCatalog';

export function NewsList() {
  const query = useCatalog('news', 'clinic');
  return (
    <QueryList query={query} loadingText="Loading news...." emptyText="No news available yet" errorText={FETCH_FAILED.news}>
      {(news) => (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="6">
          {news.map((article, i) => (
            <NewsCard key={article.id} article={article} index={i} side="clinic" />
          ))}
        </SimpleGrid>
      )}
    </QueryList>
  );
}
