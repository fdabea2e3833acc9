import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <Stack align="center" textAlign="center" py="16" gap="4">
      <Heading as="h1" size="2xl">
        Page Not Found
      </Heading>
      <Text color="fg.muted">The page you are looking for does not exist.</Text>
      <Button asChild variant="outline">
        <Link to="/maintenance">Back to Maintenance</Link>
      </Button>
    </Stack>
  );
}
