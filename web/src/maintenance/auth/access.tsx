import { useCallback, type ReactNode } from 'react';
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { mayCall, type RouteDef } from '@bb/contracts';
import { useSession } from '../../shared/session/SessionContext';

type Callable = Pick<RouteDef, 'access' | 'roles'>;

/**
 * Whether the signed-in user's role may call a route, as the route table says (the only place
 * permissions are written): screens hide what would only be refused, and skip reads that would.
 */
export function useMayCall(): (route: Callable) => boolean {
  const { user } = useSession();
  const role = user?.role;
  return useCallback((route: Callable) => role !== undefined && mayCall(route, role), [role]);
}

export const NOT_FOR_YOUR_ROLE = "This page isn't available for your role";

/** What a screen the role may not use shows instead, at its own address. */
export function NotForYourRole() {
  return (
    <Stack align="center" textAlign="center" py="16" gap="4">
      <Heading as="h1" size="2xl">
        {NOT_FOR_YOUR_ROLE}
      </Heading>
      <Text color="fg.muted">Choose a section from the menu, or ask the owner if you need it.</Text>
      <Button asChild variant="outline">
        <Link to="/maintenance">Back to Maintenance</Link>
      </Button>
    </Stack>
  );
}

/** A screen whose main route the user's role may call; anything else says so instead of failing call by call. */
export function RoleGate({ route, children }: { route: Callable; children: ReactNode }) {
  const may = useMayCall();
  return may(route) ? children : <NotForYourRole />;
}
