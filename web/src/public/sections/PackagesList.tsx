import type { MouseEvent } from 'react';
import { Box, Button, Heading, HStack, List, SimpleGrid, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { Package } from '@bb/contracts';
import { formatPeso } from '../../shared/format';
import { Card } from '../components/Card';
import { CheckIcon } from '../components/icons';
import { ItemImage } from '../components/ItemImage';
import { QueryList } from '../components/QueryList';
import { BOOK_REQUEST_STATE, bookHereTarget } from '../domain/navigation';
import { FETCH_FAILED, useCatalog } from '../hooks/useCatalog';

/** A plain click goes to the booking form, smoothly (the spec's book buttons); a click that opens a new tab leaves this page alone. */
function scrollToBooking(event: MouseEvent) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  document.getElementById('booking')?.scrollIntoView({ block: 'start' });
}

function PackageCard({ pkg, index }: { pkg: Package; index: number }) {
  return (
    <Card media={<ItemImage src={pkg.imageUrl} alt={pkg.name} side="studio" index={index} ratio={16 / 10} />}>
      <Heading as="h3" fontSize="xl" fontFamily="heading" fontWeight="normal" color="gray.900">
        {pkg.name}
      </Heading>
      <HStack justify="space-between" align="baseline" flexWrap="wrap">
        <Text fontSize="2xl" fontWeight="semibold" color="colorPalette.fg">
          {formatPeso(pkg.price)}
        </Text>
        {pkg.duration && <Text color="gray.600">{pkg.duration}</Text>}
      </HStack>
      <Text color="gray.600">{pkg.description}</Text>
      {pkg.features.length > 0 && (
        <List.Root listStyle="none" gap="1.5">
          {pkg.features.map((feature) => (
            <List.Item key={feature} display="flex" gap="2" alignItems="flex-start" color="gray.700">
              <Box as="span" color="colorPalette.fg" mt="1" flexShrink={0}>
                <CheckIcon />
              </Box>
              {feature}
            </List.Item>
          ))}
        </List.Root>
      )}
      <Box mt="auto" pt="3">
        {/* Asks the form for this package, as a treatment page's "Book This Treatment" does (?item=…). */}
        <Button asChild w="full" rounded="full" variant="outline">
          <RouterLink to={bookHereTarget(pkg.id)} state={BOOK_REQUEST_STATE} onClick={scrollToBooking}>
            Book This Package
          </RouterLink>
        </Button>
      </Box>
    </Card>
  );
}

export function PackagesList() {
  const query = useCatalog('packages', 'studio');
  return (
    <QueryList query={query} loadingText="Loading packages..." emptyText="No packages available yet" errorText={FETCH_FAILED.packages}>
      {(packages) => (
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="6">
          {packages.map((pkg, i) => (
            <PackageCard key={pkg.id} pkg={pkg} index={i} />
          ))}
        </SimpleGrid>
      )}
    </QueryList>
  );
}
