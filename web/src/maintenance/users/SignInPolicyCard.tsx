import { useEffect, useState } from 'react';
import { Button, Card, Stack, Text } from '@chakra-ui/react';
import { authRoutes, ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@bb/contracts';
import { callRoute, routeUrl, useRoute } from '../../shared/api/routes';
import { useFetchErrorToast, useWrite } from '../api';
import { SwitchField } from '../ui/fields';
import { LoadingState } from '../ui/states';

/** Which roles must set up two-factor sign-in before they use the console. */
export function SignInPolicyCard() {
  const policy = useRoute(authRoutes.readPolicy);
  useFetchErrorToast(policy.error, 'Failed to fetch the sign-in policy');
  const [required, setRequired] = useState<StaffRole[]>([]);
  useEffect(() => {
    if (policy.data) setRequired(policy.data.twoFactorRequiredFor);
  }, [policy.data]);
  const save = useWrite({
    run: (roles: StaffRole[]) => callRoute(authRoutes.updatePolicy, { body: { twoFactorRequiredFor: roles } }),
    refresh: [routeUrl(authRoutes.readPolicy)],
    success: 'Sign-in policy saved',
    failure: 'Failed to save the sign-in policy',
  });
  const toggle = (role: StaffRole, on: boolean) => setRequired((now) => (on ? [...now.filter((r) => r !== role), role] : now.filter((r) => r !== role)));

  return (
    <Card.Root mt="8">
      <Card.Header>
        <Card.Title as="h2">Sign-in policy</Card.Title>
        <Text color="fg.muted" fontSize="sm">
          Roles that must use two-factor sign-in. Someone of such a role without it sets it up at their next sign-in, before anything else.
        </Text>
      </Card.Header>
      <Card.Body>
        {policy.isLoading ? (
          <LoadingState text="Loading the sign-in policy..." />
        ) : (
          <Stack gap="4">
            {STAFF_ROLES.map((role) => (
              <SwitchField
                key={role}
                label={`${ROLE_LABELS[role]}s must use two-factor sign-in`}
                helper={role === 'owner' ? 'Always on in production mode, whatever is chosen here.' : undefined}
                checked={required.includes(role)}
                onChange={(on) => toggle(role, on)}
              />
            ))}
            <Button alignSelf="flex-start" onClick={() => save.mutate(required)} loading={save.isPending} disabled={!policy.data}>
              Save policy
            </Button>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
