import { useState } from 'react';
import { Box, Button, Field, Fieldset, Flex, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { depositRoutes, type DepositPolicy, type DepositPolicyEntry, type Side } from '@bb/contracts';
import { serverMessage } from '../../shared/api/request';
import { callRoute, routeUrl, useRoute } from '../../shared/api/routes';
import { formatCentavos } from '../../shared/format';
import { useFetchErrorToast, useWrite } from '../api';
import { belongsTo } from '../domain/appointments';
import {
  needsOnePrice,
  POLICY_KIND_LABELS,
  POLICY_KINDS,
  policyDraft,
  policyFromDraft,
  policySummary,
  type PolicyDraft,
  type PolicyKind,
} from '../domain/deposit-policy';
import { ErrorState, LoadingState } from '../ui/states';
import { SectionCard } from '../ui/SectionCard';

const KIND_NAMES = { treatment: 'Treatment', package: 'Package' } as const;
/** Treatments first (the clinic's list), then packages, each by name. */
const KIND_ORDER = { treatment: 0, package: 1 } as const;

/**
 * One treatment or package: what it asks now, and the policy to save. A share of the price or
 * the whole price is not offered for an item without one price; should the price have changed
 * meanwhile, booking's refusal is said on the field, as any other.
 */
function PolicyRow({ entry }: { entry: DepositPolicyEntry }) {
  const [edited, setEdited] = useState<PolicyDraft | null>(null);
  /** What is wrong with the draft, found before sending; the server's refusal otherwise. */
  const [problem, setProblem] = useState<string | null>(null);
  const draft = edited ?? policyDraft(entry.policy);
  const save = useWrite({
    run: (policy: DepositPolicy) => callRoute(depositRoutes.savePolicy, { params: { itemId: entry.itemId }, body: policy }),
    refresh: [routeUrl(depositRoutes.policies)],
    success: `Deposit policy of ${entry.name} saved`,
    failure: 'Failed to save the deposit policy',
    onSuccess: () => setEdited(null),
  });
  const error = problem ?? (save.isError ? (serverMessage(save.error) ?? null) : null);
  const edit = (patch: Partial<PolicyDraft>) => {
    setProblem(null);
    save.reset();
    setEdited({ ...draft, ...patch });
  };
  const submit = () => {
    const result = policyFromDraft(draft);
    if ('problem' in result) setProblem(result.problem);
    else save.mutate(result.policy);
  };
  const noPrice = entry.priceCentavos === null;
  const valueField = draft.kind === 'fixed' || draft.kind === 'percent';

  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3" data-item={entry.name}>
      <Fieldset.Root gap="2">
        <Fieldset.Legend fontWeight="semibold" fontSize="md">
          {entry.name}
        </Fieldset.Legend>
        <Text fontSize="sm" color="fg.muted">
          {KIND_NAMES[entry.kind]} · {noPrice ? 'No single price' : `Price ${formatCentavos(entry.priceCentavos ?? 0)}`} · Asks now:{' '}
          <Text as="span" color="fg" data-testid="policy-now">
            {policySummary(entry)}
          </Text>
        </Text>
        <Flex gap="3" wrap="wrap" align="flex-start">
          <Field.Root w={{ base: 'full', sm: '16rem' }} invalid={Boolean(error) && !valueField}>
            <Field.Label>Deposit</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={draft.kind} onChange={(e) => edit({ kind: e.target.value as PolicyKind })}>
                {POLICY_KINDS.map((kind) => (
                  <option key={kind} value={kind} disabled={noPrice && needsOnePrice(kind) && entry.policy.kind !== kind}>
                    {POLICY_KIND_LABELS[kind]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {!valueField && error && <Field.ErrorText color="red.700">{error}</Field.ErrorText>}
            {!error && noPrice && <Field.HelperText>Its price is a range or words: only a fixed amount can be asked.</Field.HelperText>}
          </Field.Root>
          {valueField && (
            <Field.Root w={{ base: 'full', sm: '12rem' }} invalid={Boolean(error)}>
              <Field.Label>{draft.kind === 'fixed' ? 'Amount (₱)' : 'Percentage of the price'}</Field.Label>
              <Input
                inputMode={draft.kind === 'fixed' ? 'decimal' : 'numeric'}
                value={draft.kind === 'fixed' ? draft.pesos : draft.percent}
                onChange={(e) => edit(draft.kind === 'fixed' ? { pesos: e.target.value } : { percent: e.target.value })}
                placeholder={draft.kind === 'fixed' ? '500' : '30'}
              />
              {error && <Field.ErrorText color="red.700">{error}</Field.ErrorText>}
            </Field.Root>
          )}
          {/* Level with the inputs beside it (below their labels), whether or not an error shows under them. */}
          <Button alignSelf="flex-start" mt={{ sm: '6' }} variant="outline" disabled={!edited} loading={save.isPending} onClick={submit}>
            Save Deposit
          </Button>
        </Flex>
      </Fieldset.Root>
    </Box>
  );
}

/** Per treatment and package of the offering: nothing, a fixed amount, a share of its price, or all of it, paid ahead. */
export function DepositPoliciesCard({ side }: { side: Side }) {
  const entries = useRoute(depositRoutes.policies);
  useFetchErrorToast(entries.error, 'Failed to fetch deposit policies');
  const shown = (entries.data ?? [])
    .filter((e) => belongsTo(e.offeringType, side))
    .sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.name.localeCompare(b.name));

  const body = () => {
    if (entries.isLoading) return <LoadingState text="Loading deposit policies..." />;
    if (entries.error) return <ErrorState text="Deposit policies could not be loaded." error={entries.error} onRetry={() => void entries.refetch()} />;
    if (shown.length === 0) return <Text color="fg.muted">Nothing can be booked here yet: add treatments or packages first.</Text>;
    return (
      <Stack as="ul" listStyleType="none" gap="3" m="0" p="0">
        {shown.map((entry) => (
          <PolicyRow key={entry.itemId} entry={entry} />
        ))}
      </Stack>
    );
  };

  return (
    <SectionCard
      title="Deposit per Treatment and Package"
      description={
        <>What a visitor pays ahead to confirm a booking. The deposits of a booking&apos;s items add up; bookings made from now on follow a change.</>
      }
    >
      {body()}
    </SectionCard>
  );
}
