import { useState } from 'react';
import { Box, Button, Checkbox, Fieldset, Flex, Grid, IconButton, Stack, Text } from '@chakra-ui/react';
import {
  METHOD_TYPE_LABELS,
  PAYMONGO_METHOD_TYPES,
  paymentRoutes,
  TRANSFER_KINDS,
  type PaymentSettings,
  type TransferAccount,
  type TransferKind,
} from '@bb/contracts';
import { callRoute, routeUrl, useRoute } from '../../shared/api/routes';
import type { FieldErrors } from '../../shared/forms/field-errors';
import { useFetchErrorToast, useWrite } from '../api';
import { BLANK_ACCOUNT, paymentSettingsBody, paymentSettingsDraft, type PaymentSettingsDraft } from '../domain/payments';
import { LineIcon } from '../ui/icons';
import { SelectField, TextField } from '../ui/fields';
import { ErrorState, LoadingState } from '../ui/states';
import { SectionCard } from '../ui/SectionCard';

const MAX_ACCOUNTS = 10;
const KIND_OPTIONS = TRANSFER_KINDS.map((k) => ({ value: k, label: METHOD_TYPE_LABELS[k] }));

function AccountFields({
  account,
  index,
  problems,
  onChange,
  onRemove,
}: {
  account: TransferAccount;
  index: number;
  problems: FieldErrors<string>;
  onChange: (account: TransferAccount) => void;
  onRemove: () => void;
}) {
  const at = (field: keyof TransferAccount) => problems[`transferAccounts.${index}.${field}`];
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3">
      <Fieldset.Root>
        <Flex justify="space-between" align="center">
          <Fieldset.Legend fontWeight="semibold">Account {index + 1}</Fieldset.Legend>
          <IconButton size="sm" variant="ghost" aria-label={`Remove account ${index + 1}`} onClick={onRemove}>
            <LineIcon name="trash" />
          </IconButton>
        </Flex>
        <Grid templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="3">
          <SelectField label="Kind" value={account.kind} options={KIND_OPTIONS} onChange={(kind) => onChange({ ...account, kind: kind as TransferKind })} />
          {account.kind === 'bank' && (
            <TextField label="Bank" value={account.bankName} onChange={(bankName) => onChange({ ...account, bankName })} error={at('bankName')} />
          )}
          <TextField
            label="Account name"
            value={account.accountName}
            onChange={(accountName) => onChange({ ...account, accountName })}
            error={at('accountName')}
          />
          <TextField
            label="Account number"
            value={account.accountNumber}
            onChange={(accountNumber) => onChange({ ...account, accountNumber })}
            error={at('accountNumber')}
          />
        </Grid>
      </Fieldset.Root>
    </Box>
  );
}

function SettingsForm({ stored }: { stored: PaymentSettings }) {
  const [draft, setDraft] = useState<PaymentSettingsDraft>(() => paymentSettingsDraft(stored));
  const [problems, setProblems] = useState<FieldErrors<string>>({});
  const save = useWrite({
    run: (body: PaymentSettings) => callRoute(paymentRoutes.saveSettings, { body }),
    refresh: [routeUrl(paymentRoutes.settings)],
    success: 'Payment settings saved',
    failure: 'Failed to save the payment settings',
  });
  const set = (patch: Partial<PaymentSettingsDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const setAccount = (i: number, account: TransferAccount) => set({ transferAccounts: draft.transferAccounts.map((a, j) => (j === i ? account : a)) });
  const toggleMethod = (method: (typeof PAYMONGO_METHOD_TYPES)[number], on: boolean) =>
    set({ paymongoMethods: PAYMONGO_METHOD_TYPES.filter((m) => (m === method ? on : draft.paymongoMethods.includes(m))) });
  const submit = () => {
    const result = paymentSettingsBody(draft);
    if ('problems' in result) {
      setProblems(result.problems);
      return;
    }
    setProblems({});
    save.mutate(result.body);
  };

  return (
    <Stack gap="6">
      <Fieldset.Root>
        <Fieldset.Legend fontWeight="semibold">Online payment (PayMongo)</Fieldset.Legend>
        <Fieldset.HelperText>What the hosted checkout offers. None: visitors pay by transfer only.</Fieldset.HelperText>
        <Flex gap="5" wrap="wrap" mt="2">
          {PAYMONGO_METHOD_TYPES.map((m) => (
            <Checkbox.Root key={m} checked={draft.paymongoMethods.includes(m)} onCheckedChange={(e) => toggleMethod(m, e.checked === true)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{METHOD_TYPE_LABELS[m]}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Flex>
      </Fieldset.Root>

      <Stack gap="3">
        <Text fontWeight="semibold">Transfer accounts</Text>
        <Text fontSize="sm" color="fg.muted">
          Shown on the pay page; the visitor sends a screenshot of the transfer, which staff confirm under Payments. None: transfers are not offered.
        </Text>
        <Stack as="ul" listStyleType="none" m="0" p="0" gap="3">
          {draft.transferAccounts.map((account, i) => (
            <AccountFields
              key={i}
              account={account}
              index={i}
              problems={problems}
              onChange={(a) => setAccount(i, a)}
              onRemove={() => set({ transferAccounts: draft.transferAccounts.filter((_, j) => j !== i) })}
            />
          ))}
        </Stack>
        {draft.transferAccounts.length < MAX_ACCOUNTS && (
          <Button
            alignSelf="flex-start"
            size="sm"
            variant="outline"
            onClick={() => set({ transferAccounts: [...draft.transferAccounts, { ...BLANK_ACCOUNT }] })}
          >
            <LineIcon name="plus" />
            Add account
          </Button>
        )}
      </Stack>

      <Box maxW="sm">
        <TextField
          label="Hold while a receipt is reviewed (minutes)"
          type="number"
          min={15}
          step={1}
          value={draft.reviewHoldMinutes}
          onChange={(reviewHoldMinutes) => set({ reviewHoldMinutes })}
          error={problems.reviewHoldMinutes}
          helper="The booking's time stays reserved this long after a receipt is sent, for staff to check it."
        />
      </Box>

      <Button alignSelf="flex-start" loading={save.isPending} onClick={submit}>
        Save Payment Settings
      </Button>
    </Stack>
  );
}

/** How visitors of both offerings pay: the checkout's methods, the accounts a transfer goes to, and the hold while a receipt is reviewed. */
export function PaymentSettingsCard() {
  const settings = useRoute(paymentRoutes.settings);
  useFetchErrorToast(settings.error, 'Failed to fetch the payment settings');
  return (
    <SectionCard title="How Visitors Pay" description="For both offerings.">
      {settings.data ? (
        <SettingsForm key={settings.dataUpdatedAt} stored={settings.data} />
      ) : settings.error ? (
        <ErrorState text="The payment settings could not be loaded." error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <LoadingState text="Loading settings..." />
      )}
    </SectionCard>
  );
}
