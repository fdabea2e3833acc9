import { useState, type FormEvent } from 'react';
import { Button, Stack, Text } from '@chakra-ui/react';
import { USER_MESSAGES, type User } from '@bb/contracts';
import { serverMessage } from '../../shared/api/request';
import { useSession } from '../../shared/session/SessionContext';
import { toast } from '../../shared/ui/toaster';
import { RECOVERY_CODE_MESSAGE, TOTP_CODE_MESSAGE, totpDigits } from '../domain/two-factor';
import { TextField } from '../ui/fields';

interface SecondFactorFormProps {
  challenge: string;
  onSignedIn: (user: User) => void;
  /** Back to the password (the challenge expired). */
  onRestart: () => void;
}

/** The second step of a sign-in: a code from the authenticator app, or a recovery code instead. */
export function SecondFactorForm({ challenge, onSignedIn, onRestart }: SecondFactorFormProps) {
  const { secondFactor } = useSession();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const digits = totpDigits(code);
    const recoveryCode = code.trim();
    if (recovery ? recoveryCode === '' : digits === null) {
      setError(recovery ? RECOVERY_CODE_MESSAGE : TOTP_CODE_MESSAGE);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      onSignedIn(await secondFactor(recovery ? { challenge, recoveryCode } : { challenge, code: digits ?? '' }));
    } catch (err) {
      const message = serverMessage(err);
      toast.error('Login Failed', message ?? 'Wrong or expired code.');
      setBusy(false);
      if (message === USER_MESSAGES.challengeExpired) onRestart();
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="4">
        <Text>
          {recovery ? 'Enter one of the recovery codes you saved when you set up two-factor sign-in.' : 'Enter the 6-digit code from your authenticator app'}
        </Text>
        {recovery ? (
          <TextField key="recovery" label="Recovery code" value={code} onChange={setCode} required error={error} autoComplete="off" />
        ) : (
          <TextField
            key="totp"
            label="Authentication code"
            value={code}
            onChange={setCode}
            required
            error={error}
            inputMode="numeric"
            autoComplete="one-time-code"
          />
        )}
        <Button type="submit" loading={busy} loadingText="Checking...">
          Verify
        </Button>
        <Button
          variant="plain"
          size="sm"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            setError(undefined);
          }}
        >
          {recovery ? 'Use a code from your authenticator app' : 'Use a recovery code instead'}
        </Button>
      </Stack>
    </form>
  );
}
