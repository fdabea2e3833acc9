import type { ReactNode } from 'react';
import { Box, Stack } from '@chakra-ui/react';

/** The white, softly lifted tile every public list uses. */
export function Card({ media, children }: { media?: ReactNode; children: ReactNode }) {
  return (
    <Box
      as="article"
      bg="white"
      rounded="2xl"
      overflow="hidden"
      borderWidth="1px"
      borderColor="gray.100"
      boxShadow="sm"
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
