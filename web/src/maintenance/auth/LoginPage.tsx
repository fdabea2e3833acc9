import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { authRoutes, type User } from '@bb/contracts';
import { serverMessage } from '../../shared/api/request';
import { useSession } from '../../shared/session/SessionContext';
import { toast } from '../../shared/ui/toaster';
import { useRoute } from '../../shared/api/routes';
import { useFieldErrors } from '../../shared/forms/useFieldErrors';
import { loginProblems } from '../domain/forms';
import { afterLogin, landingAfterSignIn, loginNotice } from '../domain/session';
import { TextField } from '../ui/fields';
import { SecondFactorForm } from './SecondFactorForm';

export function LoginPage() {
  const { user, login } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  // The page the admin was sent here from (a protected page, or one whose session lapsed).
  const target = afterLogin(location.state);
  const notice = loginNotice(location.state);
  const config = useRoute(authRoutes.config);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const { errors, validate } = useFieldErrors({ username, password }, loginProblems);
  const [busy, setBusy] = useState(false);
  // Set when the password was right and the account asks for a code as well.
  const [challenge, setChallenge] = useState<string | null>(null);

  if (user && !busy) return <Navigate to={landingAfterSignIn(user, target)} replace />;

  const signedIn = (who: User) => {
    toast.success('Welcome back!');
    navigate(landingAfterSignIn(who, target), { replace: true });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!validate()) return;
    setBusy(true);
    try {
      const step = await login({ username: username.trim(), password });
      if (step.kind === 'second-factor') {
        setChallenge(step.challenge);
        setBusy(false);
        return;
      }
      signedIn(step.user);
    } catch (err) {
      toast.error('Login Failed', serverMessage(err) ?? 'Invalid username or password.');
      setBusy(false);
    }
  };

  // The server says whether this is a demo; only then are the seeded credentials disclosed.
  const demo = config.data?.demo ? config.data.demoCredentials : undefined;

  return (
    <Center as="main" minH="100vh" bg="bg.subtle" px="4">
      <Card.Root w="full" maxW="md">
        <Card.Header>
          <Heading as="h1" size="2xl">
            Admin Login
          </Heading>
          <Text color="fg.muted">Sign in to manage the clinic and the studio.</Text>
        </Card.Header>
        <Card.Body>
          {notice && (
            <Alert.Root status="success" mb="6">
              <Alert.Indicator />
              <Alert.Description>{notice}</Alert.Description>
            </Alert.Root>
          )}
          {challenge ? (
            <SecondFactorForm
              challenge={challenge}
              onSignedIn={signedIn}
              onRestart={() => {
                setChallenge(null);
                setPassword('');
              }}
            />
          ) : (
            <form onSubmit={(e) => void submit(e)} noValidate>
              <Stack gap="4">
                <TextField label="Username" value={username} onChange={setUsername} required error={errors.username} autoComplete="username" />
                <TextField
                  label="Password"
                  type="password"
                  value={password}
                  onChange={setPassword}
                  required
                  error={errors.password}
                  autoComplete="current-password"
                />
                <Button type="submit" loading={busy} loadingText="Signing in...">
                  Sign In
                </Button>
              </Stack>
            </form>
          )}
          {demo && !challenge && (
            <Alert.Root status="info" mt="6">
              <Alert.Indicator />
              <Box>
                <Alert.Title>Demo mode</Alert.Title>
                <Alert.Description>
                  Sign in with username <strong>{demo.username}</strong> and password <strong>{demo.password}</strong>.
                </Alert.Description>
              </Box>
            </Alert.Root>
          )}
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
