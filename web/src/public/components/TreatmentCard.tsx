import { Box, Heading, Link, Text, VisuallyHidden } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { Treatment } from '@bb/contracts';
import { formatPeso } from '../../shared/format';
import { Card } from './Card';
import { ItemImage } from './ItemImage';

/** Title, description, price, image and Learn More (to /treatment/{id}). */
export function TreatmentCard({ treatment, index }: { treatment: Treatment; index: number }) {
  return (
    <Card media={<ItemImage src={treatment.imageUrl} alt={treatment.name} side="clinic" index={index} />}>
      <Heading as="h3" fontSize="xl" fontFamily="heading" fontWeight="normal" color="gray.900">
        {treatment.name}
      </Heading>
      <Text color="gray.600" lineClamp={3}>
        {treatment.description}
      </Text>
      <Box mt="auto" pt="2" display="flex" alignItems="center" justifyContent="space-between" gap="3">
        <Text fontWeight="semibold" fontSize="lg" color="colorPalette.fg">
          {formatPeso(treatment.price)}
        </Text>
        <Link asChild fontWeight="semibold" color="colorPalette.fg" textDecoration="underline" textUnderlineOffset="4px">
          <RouterLink to={`/treatment/${treatment.id}`}>
            Learn More<VisuallyHidden> about {treatment.name}</VisuallyHidden>
          </RouterLink>
        </Link>
      </Box>
    </Card>
  );
}
