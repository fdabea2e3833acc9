import type { ReactNode } from 'react';
import { Box, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/** The look of the public pages' white, softly lifted tiles: cards, pictures, the booking form. */
export const TILE = { bg: 'white', rounded: '2xl', borderWidth: '1px', borderColor: 'gray.100', boxShadow: 'sm' } as const;

/** The tile every public list uses. */
export function Card({ media, children }: { media?: ReactNode; children: ReactNode }) {
  return (
    <Box
      as="article"
      {...TILE}
      overflow="hidden"
      transition="box-shadow 0.2s, transform 0.2s"
      _hover={{ boxShadow: 'lg', transform: 'translateY(-2px)' }}
      display="flex"
      flexDirection="column"
    >
      {media}
      <Stack gap="3" p={{ base: '5', md: '6' }} flex="1">
        {children}
      </Stack>
    </Box>
  );
}

/** A card's title and its few lines of text. */
export function CardTitle({ title, text }: { title: string; text: string }) {
  return (
    <>
      <Heading as="h3" fontSize="xl" fontFamily="heading" fontWeight="normal" color="gray.900">
        {title}
      </Heading>
      <Text color="gray.600" lineClamp={3}>
        {text}
      </Text>
    </>
  );
}

/** A card's link to its own page; the words say what it is about to a screen reader too. */
export function CardLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild fontWeight="semibold" color="colorPalette.fg" textDecoration="underline" textUnderlineOffset="4px">
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}
