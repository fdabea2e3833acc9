import { useState } from 'react';
import { Badge, Box, Button, Flex, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { authRoutes, ROLE_LABELS, type Account } from '@bb/contracts';
import { callRoute, routeUrl, useRoute } from '../../shared/api/routes';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { useMinWidth } from '../../shared/ui/useMinWidth';
import { useSession } from '../../shared/session/SessionContext';
import { useFetchErrorToast, useWrite } from '../api';
import { sortedAccounts, STATUS_LABELS } from '../domain/accounts';
import { formatInstantDate } from '../domain/dates';
import { LineIcon } from '../ui/icons';
import { ListStates } from '../ui/ListStates';
import { PageHeader } from '../ui/PageHeader';
import { EmptyState } from '../ui/states';
import { TableHead } from '../ui/TableHead';
import { InviteDialog } from './InviteDialog';
import { RoleDialog } from './RoleDialog';
import { SignInPolicyCard } from './SignInPolicyCard';
import { CardFacts } from '../ui/CardFacts';

const TABLE_MIN_WIDTH = 900;
const LIST = [routeUrl(authRoutes.listUsers)];

type Pending = { kind: 'role' | 'toggle' | 'reset'; account: Account } | null;

function StatusBadge({ account }: { account: Account }) {
  const status = STATUS_LABELS[account.status];
  return (
    <Badge colorPalette={status.palette} variant="subtle">
      {status.label}
    </Badge>
  );
}

const twoFactorText = (a: Account) => (a.twoFactor ? 'On' : 'Off');
const lastSignIn = (a: Account) => (a.lastSignInAt ? formatInstantDate(a.lastSignInAt) : 'Never');

/** What the owner may do to one account. */
function AccountActions({
  account,
  self,
  onPick,
  onResend,
}: {
  account: Account;
  self: boolean;
  onPick: (p: Pending) => void;
  onResend: (a: Account) => void;
}) {
  return (
    <HStack gap="1" wrap="wrap" justify={{ base: 'flex-start', md: 'flex-end' }}>
      <Button size="xs" variant="outline" onClick={() => onPick({ kind: 'role', account })} aria-label={`Change role of ${account.username}`}>
        Change role
      </Button>
      {!self && (
        <Button
          size="xs"
          variant="outline"
          colorPalette={account.status === 'disabled' ? undefined : 'red'}
          onClick={() => onPick({ kind: 'toggle', account })}
          aria-label={`${account.status === 'disabled' ? 'Enable' : 'Disable'} ${account.username}`}
        >
          {account.status === 'disabled' ? 'Enable' : 'Disable'}
        </Button>
      )}
      {account.status === 'invited' && (
        <Button size="xs" variant="outline" onClick={() => onResend(account)} aria-label={`Resend invitation to ${account.username}`}>
          Resend invitation
        </Button>
      )}
      {account.twoFactor && (
        <Button size="xs" variant="outline" onClick={() => onPick({ kind: 'reset', account })} aria-label={`Reset two-factor of ${account.username}`}>
          Reset two-factor
        </Button>
      )}
    </HStack>
  );
}

/** Staff accounts (owner only): invite, change a role, disable or enable, resend an invitation, reset two-factor; and the sign-in policy. */
export function UsersPage() {
  const accounts = useRoute(authRoutes.listUsers);
  useFetchErrorToast(accounts.error, 'Failed to fetch users');
  const { user } = useSession();
  const wide = useMinWidth(TABLE_MIN_WIDTH);
  const [inviting, setInviting] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const done = () => setPending(null);

  const toggle = useWrite({
    run: (a: Account) => callRoute(authRoutes.updateUser, { params: { id: a.id }, body: { disabled: a.status !== 'disabled' } }),
    refresh: LIST,
    success: 'Account updated',
    failure: 'Failed to update the account',
    onSuccess: done,
  });
  const reset = useWrite({
    run: (a: Account) => callRoute(authRoutes.resetTwoFactor, { params: { id: a.id } }),
    refresh: LIST,
    success: 'Two-factor sign-in reset',
    failure: 'Failed to reset two-factor sign-in',
    onSuccess: done,
  });
  const resend = useWrite({
    run: (a: Account) => callRoute(authRoutes.resendInvitation, { params: { id: a.id } }),
    refresh: LIST,
    success: 'Invitation sent again',
    failure: 'Failed to resend the invitation',
  });

  const actions = (a: Account) => <AccountActions account={a} self={a.id === user?.id} onPick={setPending} onResend={(x) => resend.mutate(x)} />;
  const table = (items: readonly Account[]) => (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm">
        <TableHead columns={['Username', 'Email', 'Role', 'Status', 'Two-factor', 'Last sign-in', <Text srOnly>Actions</Text>]} />
        <Table.Body>
          {items.map((a) => (
            <Table.Row key={a.id}>
              <Table.Cell fontWeight="medium">{a.username}</Table.Cell>
              <Table.Cell>{a.email ?? '—'}</Table.Cell>
              <Table.Cell>{ROLE_LABELS[a.role]}</Table.Cell>
              <Table.Cell>
                <StatusBadge account={a} />
              </Table.Cell>
              <Table.Cell>{twoFactorText(a)}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{lastSignIn(a)}</Table.Cell>
              <Table.Cell>{actions(a)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
  const cards = (items: readonly Account[]) => (
    <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label="Users">
      {items.map((a) => (
        <Box as="li" key={a.id} borderWidth="1px" borderRadius="md" p="3">
          <Flex justify="space-between" align="flex-start" gap="2" mb="2">
            <Text fontWeight="semibold" overflowWrap="anywhere" minW="0">
              {a.username}
            </Text>
            <StatusBadge account={a} />
          </Flex>
          <CardFacts
            labelWidth="6rem"
            mb="3"
            facts={[
              ['Email', a.email ?? '—'],
              ['Role', ROLE_LABELS[a.role]],
              ['Two-factor', twoFactorText(a)],
              ['Last sign-in', lastSignIn(a)],
            ]}
          />
          {actions(a)}
        </Box>
      ))}
    </Stack>
  );

  const target = pending?.account;
  const disabling = target?.status !== 'disabled';
  return (
    <>
      <PageHeader
        title="Users"
        description="Staff accounts: who may sign in, with which role."
        actions={
          <Button onClick={() => setInviting(true)}>
            <LineIcon name="plus" />
            Invite
          </Button>
        }
      />
      <ListStates
        query={accounts}
        loadingText="Loading users..."
        errorText="Users could not be loaded."
        empty={<EmptyState title="No Users Yet" text="Invite the staff who use the console." />}
      >
        {(items) => (wide ? table(sortedAccounts(items)) : cards(sortedAccounts(items)))}
      </ListStates>
      <SignInPolicyCard />
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      {pending?.kind === 'role' && <RoleDialog account={pending.account} onClose={done} />}
      <ConfirmDialog
        open={pending?.kind === 'toggle'}
        title={disabling ? `Disable ${target?.username ?? ''}?` : `Enable ${target?.username ?? ''}?`}
        message={
          disabling
            ? 'They are signed out everywhere at once and cannot sign in until the account is enabled again.'
            : 'They can sign in again with their password.'
        }
        confirmLabel={disabling ? 'Disable' : 'Enable'}
        destructive={disabling}
        busy={toggle.isPending}
        onClose={done}
        onConfirm={() => target && toggle.mutate(target)}
      />
      <ConfirmDialog
        open={pending?.kind === 'reset'}
        title={`Reset two-factor sign-in of ${target?.username ?? ''}?`}
        message="Their authenticator app and recovery codes stop working and they are signed out everywhere. They must set up two-factor sign-in again at their next sign-in (where the sign-in policy requires it) — use this when they lost their phone."
        confirmLabel="Reset two-factor"
        busy={reset.isPending}
        onClose={done}
        onConfirm={() => target && reset.mutate(target)}
      />
    </>
  );
}
