import { useState } from 'react';
import { Badge, Box, Button, Grid, HStack, LinkBox, LinkOverlay, SimpleGrid, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { Result } from '@bb/contracts';
import { resultTitle } from '../../shared/format';
import { filterResults, RESULT_FILTERS, type ResultFilter } from '../domain/results';
import { FETCH_FAILED, useCatalog } from '../hooks/useCatalog';
import { TILE } from '../components/Card';
import { ItemImage } from '../components/ItemImage';
import { QueryList } from '../components/QueryList';
import { StatusText } from '../components/StatusText';

function ResultCard({ result, index }: { result: Result; index: number }) {
  const title = resultTitle(result.description);
  return (
    <LinkBox as="article" {...TILE} overflow="hidden" transition="box-shadow 0.2s" _hover={{ boxShadow: 'lg' }}>
      <Grid templateColumns="1fr 1fr" gap="0.5" bg="gray.100">
        {(['Before', 'After'] as const).map((label, i) => (
          <Box as="figure" key={label} position="relative" m="0">
            <ItemImage
              src={label === 'Before' ? result.beforeImageUrl : result.afterImageUrl}
              alt={`${label}: ${title}`}
              side="clinic"
              index={index * 2 + i}
              ratio={1}
            />
            <Text
              as="figcaption"
              position="absolute"
              bottom="2"
              insetStart="2"
              px="2"
              py="0.5"
              rounded="md"
              bg="blackAlpha.700"
              color="white"
              fontSize="xs"
              fontWeight="semibold"
            >
              {label}
            </Text>
          </Box>
        ))}
      </Grid>
      <Box p="5">
        {result.category && (
          <Badge variant="subtle" rounded="full" px="2.5" mb="2">
            {result.category}
          </Badge>
        )}
        <LinkOverlay asChild>
          <RouterLink to={`/result/${result.id}`}>
            <Text as="h3" fontWeight="semibold" color="gray.900">
              {title}
            </Text>
          </RouterLink>
        </LinkOverlay>
        {result.treatmentName && (
          <Text fontSize="sm" color="gray.600" mt="1" data-testid="result-treatment">
            {result.treatmentName}
          </Text>
        )}
      </Box>
    </LinkBox>
  );
}

/** Real Results: before-and-after pairs with a category filter (All by default). */
export function ResultsGallery() {
  const query = useCatalog('results', 'clinic');
  const [filter, setFilter] = useState<ResultFilter>('All');

  return (
    <>
      <HStack role="group" aria-label="Filter results by category" justify="center" flexWrap="wrap" gap="2" mb="8">
        {RESULT_FILTERS.map((category) => (
          <Button
            key={category}
            size="sm"
            rounded="full"
            variant={filter === category ? 'solid' : 'outline'}
            aria-pressed={filter === category}
            onClick={() => setFilter(category)}
          >
            {category}
          </Button>
        ))}
      </HStack>
      <QueryList query={query} loadingText="Loading results..." emptyText="No results available yet" errorText={FETCH_FAILED.results}>
        {(results) => {
          const shown = filterResults(results, filter);
          if (shown.length === 0) return <StatusText>No results in this category yet</StatusText>;
          return (
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="6">
              {shown.map((result, i) => (
                <ResultCard key={result.id} result={result} index={i} />
              ))}
            </SimpleGrid>
          );
        }}
      </QueryList>
    </>
  );
}
