import { useId, useState, type FormEvent } from 'react';
import { Box, Button, chakra, Field, Heading, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { METHOD_TYPE_LABELS, paymentRoutes, type PaymentLinkView, type TransferKind } from '@bb/contracts';
import { apiUpload, serverMessage } from '../../shared/api/request';
import { routeUrl } from '../../shared/api/routes';
import { IMAGE_ACCEPT } from '../../shared/forms/image-file';
import { toast } from '../../shared/ui/toaster';
import { TILE } from '../components/Card';
import { accountTitle, receiptProblems, transferKinds, type ReceiptDraft } from './domain/pay';

/** The clinic's accounts, and the form that sends the transfer's screenshot and reference number; `onSent` gets the payment as it now stands (under review). */
export function TransferPayment({ token, view, onSent }: { token: string; view: PaymentLinkView; onSent: (view: PaymentLinkView) => void }) {
  const kinds = transferKinds(view.transferAccounts);
  const [draft, setDraft] = useState<ReceiptDraft>({ kind: kinds.length === 1 ? kinds[0] : '', referenceNumber: '' });
  const [file, setFile] = useState<File | null>(null);
  /** Shown once the visitor has tried to send: before that a blank field is not a mistake. */
  const [tried, setTried] = useState(false);
  const headingId = useId();
  const problems = tried ? receiptProblems(draft, file) : {};

  const send = useMutation({
    mutationFn: async () => {
      const form = new FormData();
      form.append('kind', draft.kind);
      form.append('referenceNumber', draft.referenceNumber.trim());
      if (file) form.append('image', file);
      return (await (await apiUpload(routeUrl(paymentRoutes.receipt, { token }), form)).json()) as PaymentLinkView;
    },
    onSuccess: (fresh) => {
      toast.success('Receipt sent', 'Our staff will check it shortly.');
      onSent(fresh);
    },
    onError: (error) => toast.error('Receipt not sent', serverMessage(error) ?? 'Please check your connection and try again.'),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(receiptProblems(draft, file)).length === 0) send.mutate();
  };

  return (
    <Box as="section" aria-labelledby={headingId} {...TILE} p={{ base: '5', md: '8' }} data-testid="pay-transfer">
      <Heading as="h2" id={headingId} fontFamily="heading" fontWeight="normal" fontSize="xl" color="gray.900">
        Or pay by transfer
      </Heading>
      <Text color="gray.700" mt="2">
        Send the amount to one of these accounts, then send us the screenshot of the transfer with its reference number.
      </Text>
      <Stack as="ul" listStyleType="none" m="0" p="0" gap="3" mt="4" aria-label="Our accounts">
        {view.transferAccounts.map((account) => (
          <Box as="li" key={`${account.kind}/${account.accountNumber}`} borderWidth="1px" borderColor="gray.200" rounded="xl" p="3" minW="0">
            <Text fontWeight="semibold" color="gray.900">
              {accountTitle(account)}
            </Text>
            <Text color="gray.700" overflowWrap="anywhere">
              {account.accountName}
            </Text>
            <Text color="gray.900" fontFamily="mono" fontSize="lg" overflowWrap="anywhere" data-testid="account-number">
              {account.accountNumber}
            </Text>
          </Box>
        ))}
      </Stack>
      <chakra.form onSubmit={submit} noValidate display="flex" flexDirection="column" gap="4" mt="6" aria-label="Send your transfer receipt">
        <Field.Root invalid={Boolean(problems.kind)} required>
          <Field.Label>Sent to</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={draft.kind} onChange={(e) => setDraft({ ...draft, kind: e.target.value as TransferKind | '' })}>
              {kinds.length > 1 && <option value="">Choose…</option>}
              {kinds.map((kind) => (
                <option key={kind} value={kind}>
                  {METHOD_TYPE_LABELS[kind]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {problems.kind && <Field.ErrorText>{problems.kind}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={Boolean(problems.referenceNumber)} required>
          <Field.Label>Reference number</Field.Label>
          <Input value={draft.referenceNumber} onChange={(e) => setDraft({ ...draft, referenceNumber: e.target.value })} autoComplete="off" />
          {problems.referenceNumber ? (
            <Field.ErrorText>{problems.referenceNumber}</Field.ErrorText>
          ) : (
            <Field.HelperText>As your GCash, Maya or bank app shows it on the receipt.</Field.HelperText>
          )}
        </Field.Root>
        <Field.Root invalid={Boolean(problems.image)} required>
          <Field.Label>Screenshot of the transfer</Field.Label>
          <Input type="file" accept={IMAGE_ACCEPT} p="1.5" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          {problems.image ? <Field.ErrorText>{problems.image}</Field.ErrorText> : <Field.HelperText>A JPG or PNG image up to 5 MB.</Field.HelperText>}
        </Field.Root>
        <Button
          type="submit"
          rounded="full"
          variant="outline"
          alignSelf={{ base: 'stretch', md: 'flex-start' }}
          loading={send.isPending}
          loadingText="Sending..."
        >
          Send Receipt
        </Button>
      </chakra.form>
    </Box>
  );
}
