import { Box, Text, VisuallyHidden } from '@chakra-ui/react';
import type { Treatment } from '@bb/contracts';
import { formatPeso } from '../../shared/format';
import { Card, CardLink, CardTitle } from './Card';
import { ItemImage } from './ItemImage';

/** Title, description, price, image and Learn More (to /treatment/{id}). */
export function TreatmentCard({ treatment, index }: { treatment: Treatment; index: number }) {
  return (
    <Card media={<ItemImage src={treatment.imageUrl} alt={treatment.name} side="clinic" index={index} />}>
      <CardTitle title={treatment.name} text={treatment.description} />
      <Box mt="auto" pt="2" display="flex" alignItems="center" justifyContent="space-between" gap="3">
        <Text fontWeight="semibold" fontSize="lg" color="colorPalette.fg">
          {formatPeso(treatment.price)}
        </Text>
        <CardLink to={`/treatment/${treatment.id}`}>
          Learn More<VisuallyHidden> about {treatment.name}</VisuallyHidden>
        </CardLink>
      </Box>
    </Card>
  );
}
