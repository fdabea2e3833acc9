import type { ReactNode } from 'react';
import { Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { isUnauthorized } from '../domain/appointments';

export function LoadingState({ text }: { text: string }) {
  return (
    <Center py="12" gap="3" aria-live="polite">
      <Spinner size="sm" color="fg.muted" />
      <Text color="fg.muted">{text}</Text>
    </Center>
  );
}

export function EmptyState({ title, text, action }: { title?: string; text?: string; action?: ReactNode }) {
  return (
    <Stack align="center" textAlign="center" py="12" px="4" gap="3" borderWidth="1px" borderStyle="dashed" borderRadius="lg">
      {title && (
        <Text fontWeight="semibold" fontSize="lg">
          {title}
        </Text>
      )}
      {text && <Text color="fg.muted">{text}</Text>}
      {action}
    </Stack>
  );
}

/**
 * A read that failed (the toast already said so); stays on screen so the page is not blank,
 * with Try again when it can be read again. A lapsed session says so instead, while the
 * Session Expired notice takes the admin to the login screen.
 */
export function ErrorState({ text, error, onRetry }: { text: string; error?: unknown; onRetry?: () => void }) {
  if (isUnauthorized(error)) return <SessionExpiredState />;
  return (
    <Stack align="center" py="12" gap="3" role="alert">
      <Text color="red.700">{text}</Text>
      {onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Stack>
  );
}

/** What stays on screen while the Session Expired notice takes the admin to the login screen. */
export function SessionExpiredState() {
  return (
    <Stack align="center" py="12" gap="3" role="alert">
      <Text color="red.700">Your session has expired: taking you to the login screen...</Text>
    </Stack>
  );
}
