import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useParams } from 'react-router-dom';
import { authRoutes, PASSWORD_MIN_LENGTH, ROLE_LABELS, USER_MESSAGES } from '@bb/contracts';
import { errorStatus, serverMessage } from '../../shared/api/request';
import { callRoute, useRoute } from '../../shared/api/routes';
import { useFieldErrors } from '../../shared/forms/useFieldErrors';
import { toast } from '../../shared/ui/toaster';
import { newPasswordProblems } from '../domain/accounts';
import type { LoginState } from '../domain/session';
import { TextField } from '../ui/fields';
import { LoadingState } from '../ui/states';

export const PASSWORD_SET_NOTICE = 'Your password is set. Sign in with your username and new password.';

/** Why an invitation cannot be used, in words: the server's for a spent link (410), ours for one that never was valid. */
const invitationProblem = (error: unknown) =>
  errorStatus(error) === 410 ? (serverMessage(error) ?? USER_MESSAGES.invitationGone) : 'This invitation link is not valid. Ask the owner for a new one.';

/** The page of a mailed set-password link (no sign-in): who is invited, as what, and their new password twice. */
export function InvitationPage() {
  const token = useParams().token ?? '';
  const navigate = useNavigate();
  const invitation = useRoute(authRoutes.invitation, { params: { token } });
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const { errors, validate } = useFieldErrors({ password, repeat }, newPasswordProblems);
  const [busy, setBusy] = useState(false);
  const [gone, setGone] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!validate()) return;
    setBusy(true);
    try {
      await callRoute(authRoutes.acceptInvitation, { params: { token }, body: { password } });
      navigate('/admin/login', { replace: true, state: { notice: PASSWORD_SET_NOTICE } satisfies LoginState });
    } catch (err) {
      setBusy(false);
      if (errorStatus(err) === 410) setGone(invitationProblem(err));
      else toast.error('Password not set', serverMessage(err));
    }
  };

  let body;
  if (invitation.isLoading) body = <LoadingState text="Loading your invitation..." />;
  else if (invitation.error || gone)
    body = (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Description>{gone ?? invitationProblem(invitation.error)}</Alert.Description>
      </Alert.Root>
    );
  else if (invitation.data)
    body = (
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="4">
          <Text>
            You are invited as <strong>{ROLE_LABELS[invitation.data.role]}</strong> with the username <strong>{invitation.data.username}</strong>. Choose a
            password to finish.
          </Text>
          <input type="text" name="username" autoComplete="username" value={invitation.data.username} readOnly hidden />
          <TextField
            label="New password"
            type="password"
            value={password}
            onChange={setPassword}
            required
            error={errors.password}
            helper={`At least ${PASSWORD_MIN_LENGTH} characters`}
            autoComplete="new-password"
          />
          <TextField
            label="Repeat the password"
            type="password"
            value={repeat}
            onChange={setRepeat}
            required
            error={errors.repeat}
            autoComplete="new-password"
          />
          <Button type="submit" loading={busy} loadingText="Saving...">
            Set password
          </Button>
        </Stack>
      </form>
    );

  return (
    <Center as="main" minH="100vh" bg="bg.subtle" px="4">
      <Card.Root w="full" maxW="md">
        <Card.Header>
          <Heading as="h1" size="2xl">
            Set your password
          </Heading>
          <Text color="fg.muted">Your account for the clinic and studio console.</Text>
        </Card.Header>
        <Card.Body>{body}</Card.Body>
      </Card.Root>
    </Center>
  );
}
