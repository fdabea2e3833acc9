import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import { CardImage } from './CardImage';

/** The two pictures of a result side by side, each captioned. */
export function BeforeAfter({ before, after, title }: { before: string; after: string; title: string }) {
  return (
    <SimpleGrid columns={2} gap="1">
      {[
        { label: 'Before', src: before },
        { label: 'After', src: after },
      ].map((p) => (
        <Box key={p.label} position="relative">
          <CardImage src={p.src} alt={`${title}: ${p.label.toLowerCase()}`} ratio={1} />
          <Text position="absolute" top="1" left="1" px="1.5" fontSize="xs" fontWeight="semibold" bg="bg" color="fg" borderRadius="sm">
            {p.label}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}
