import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { LoadProblem } from '../manage/domain/manage';

/** A booking link's page while its booking or payment is read. */
export function LinkLoading({ text }: { text: string }) {
  return (
    <Text role="status" textAlign="center" py="10" color="gray.600">
      {text}
    </Text>
  );
}

/** A booking link's page that could not read what it shows: why, and Try again where it can help, else the way home. */
export function LinkProblem({ problem, onRetry, testId }: { problem: LoadProblem; onRetry: () => void; testId: string }) {
  return (
    <Stack align="center" textAlign="center" gap="4" py="12" role="alert" data-testid={testId}>
      <Heading as="h2" fontFamily="heading" fontWeight="normal" fontSize="2xl" color="gray.900">
        {problem.title}
      </Heading>
      <Text color="gray.700" maxW="md">
        {problem.text}
      </Text>
      {problem.canRetry ? (
        <Button rounded="full" onClick={onRetry}>
          Try again
        </Button>
      ) : (
        <Button asChild rounded="full">
          <RouterLink to="/">Return to Home</RouterLink>
        </Button>
      )}
    </Stack>
  );
}
