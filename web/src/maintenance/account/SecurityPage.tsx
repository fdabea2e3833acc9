import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, Code, Flex, HStack, Image, List, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { authRoutes, type TotpEnrolment } from '@bb/contracts';
import { serverMessage } from '../../shared/api/request';
import { callRoute } from '../../shared/api/routes';
import { useSession } from '../../shared/session/SessionContext';
import { toast } from '../../shared/ui/toaster';
import { manilaToday } from '../../shared/format';
import { useSessionExpiry } from '../api';
import { groupedSecret, recoveryCodesFileName, recoveryCodesText, TOTP_CODE_MESSAGE, totpDigits } from '../domain/two-factor';
import { downloadText } from '../ui/download';
import { CopyField } from '../ui/CopyField';
import { TextField } from '../ui/fields';
import { LineIcon } from '../ui/icons';
import { PageHeader } from '../ui/PageHeader';

/** The QR code and the secret of a started enrolment, and the code that confirms it. */
function EnrolmentStep({ enrolment, onDone }: { enrolment: TotpEnrolment; onDone: (codes: string[]) => void }) {
  const { adopt } = useSession();
  const expired = useSessionExpiry();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    const digits = totpDigits(code);
    if (digits === null) return setError(TOTP_CODE_MESSAGE);
    setError(undefined);
    setBusy(true);
    try {
      const enrolled = await callRoute(authRoutes.totpConfirm, { body: { code: digits } });
      onDone(enrolled.recoveryCodes);
      // The enrol-only token is done with: the answer carries a full one.
      adopt({ token: enrolled.token, user: enrolled.user });
    } catch (err) {
      if (!expired(err)) toast.error('Two-factor sign-in was not set up', serverMessage(err));
      setBusy(false);
    }
  };
  return (
    <Stack gap="5">
      <Text>1. Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).</Text>
      <Box alignSelf="flex-start" bg="white" p="2" borderWidth="1px" borderRadius="md">
        <Image src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`} alt="QR code to scan with your authenticator app" boxSize="48" />
      </Box>
      <CopyField label="Secret key" value={groupedSecret(enrolment.secret)} helper="Can't scan? Type this key into the app instead (time-based, 6 digits)." />
      <form onSubmit={(e) => void confirm(e)} noValidate>
        <Stack gap="3" maxW="sm">
          <Text>2. Enter the 6-digit code the app now shows.</Text>
          <TextField label="Authentication code" value={code} onChange={setCode} required error={error} inputMode="numeric" autoComplete="one-time-code" />
          <Button type="submit" loading={busy} alignSelf="flex-start">
            Turn on two-factor sign-in
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

/** The ten recovery codes, shown once: copy, download, and say they are saved. */
function RecoveryCodes({ username, codes, onSaved }: { username: string; codes: string[]; onSaved: () => void }) {
  const text = recoveryCodesText(username, codes, manilaToday());
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success('Recovery codes copied');
    } catch {
      toast.error('Failed to copy to clipboard.');
    }
  };
  return (
    <Stack gap="4">
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Description>
          Save these recovery codes somewhere safe now: they are shown only once. Each one signs you in once if you lose your phone.
        </Alert.Description>
      </Alert.Root>
      <List.Root as="ol" aria-label="Recovery codes" display="grid" gridTemplateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="2" listStyleType="none" m="0">
        {codes.map((c) => (
          <List.Item key={c}>
            <Code fontSize="md">{c}</Code>
          </List.Item>
        ))}
      </List.Root>
      <HStack gap="2" wrap="wrap">
        <Button variant="outline" onClick={() => void copy()}>
          <LineIcon name="copy" />
          Copy codes
        </Button>
        <Button variant="outline" onClick={() => downloadText(recoveryCodesFileName(username), text, 'text/plain;charset=utf-8')}>
          <LineIcon name="download" />
          Download .txt
        </Button>
        <Button onClick={onSaved}>I have saved them</Button>
      </HStack>
    </Stack>
  );
}

/** Two-factor sign-in for the signed-in user: set it up, or see that it is on. Forced first for an account that must enrol. */
export function SecurityPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const expired = useSessionExpiry();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);
  if (!user) return null;

  const start = async () => {
    setStarting(true);
    try {
      setEnrolment(await callRoute(authRoutes.totpStart));
    } catch (err) {
      if (!expired(err)) toast.error('Two-factor sign-in could not be started', serverMessage(err));
    } finally {
      setStarting(false);
    }
  };

  let body;
  if (codes) body = <RecoveryCodes username={user.username} codes={codes} onSaved={() => navigate('/maintenance')} />;
  else if (user.twoFactor)
    body = (
      <Text>
        Two-factor sign-in is on: every sign-in asks for a code from your authenticator app. If you lose your phone, sign in with a recovery code, or ask the
        owner to reset it.
      </Text>
    );
  else if (enrolment) body = <EnrolmentStep enrolment={enrolment} onDone={setCodes} />;
  else
    body = (
      <Stack gap="4" align="flex-start">
        <Text>Two-factor sign-in is off. With it on, a sign-in needs your password and a code from an authenticator app on your phone.</Text>
        <Button onClick={() => void start()} loading={starting}>
          Set up two-factor sign-in
        </Button>
      </Stack>
    );

  return (
    <>
      <PageHeader title="Security" description={`Signed in as ${user.username}.`} />
      {user.mustEnrol && (
        <Alert.Root status="info" mb="6">
          <Alert.Indicator />
          <Alert.Description>Your account must use two-factor sign-in: set it up to continue to the console.</Alert.Description>
        </Alert.Root>
      )}
      <Card.Root>
        <Card.Header>
          <Flex align="center" gap="2">
            <LineIcon name="security" />
            <Card.Title as="h2">Two-factor sign-in</Card.Title>
          </Flex>
        </Card.Header>
        <Card.Body>{body}</Card.Body>
      </Card.Root>
    </>
  );
}
