import { Badge, Box, SimpleGrid, Text } from '@chakra-ui/react';
import { TILE } from '../components/Card';
import { ItemImage } from '../components/ItemImage';
import { QueryList } from '../components/QueryList';
import { FETCH_FAILED, useCatalog } from '../hooks/useCatalog';

export function PortfolioGrid() {
  const query = useCatalog('portfolio', 'studio');
  return (
    <QueryList query={query} loadingText="Loading portfolio..." emptyText="No portfolio items available yet" errorText={FETCH_FAILED.portfolio}>
      {(items) => (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="5">
          {items.map((item, i) => (
            <Box as="figure" key={item.id} m="0" {...TILE} overflow="hidden">
              <ItemImage src={item.imageUrl} alt={item.title} side="studio" index={i + 1} ratio={4 / 5} />
              <Box as="figcaption" p="4">
                {item.category && (
                  <Badge variant="subtle" rounded="full" px="2.5" mb="1.5">
                    {item.category}
                  </Badge>
                )}
                <Text fontWeight="semibold" color="gray.900">
                  {item.title}
                </Text>
                {item.description && (
                  <Text color="gray.600" fontSize="sm" mt="1">
                    {item.description}
                  </Text>
                )}
              </Box>
            </Box>
          ))}
        </SimpleGrid>
      )}
    </QueryList>
  );
}
