import { useState } from 'react';
import { Badge, Box, Flex, Stack, Table, Text } from '@chakra-ui/react';
import { PAYMENT_METHODS, PAYMENT_STATUSES, paymentRoutes, type Payment, type PaymentPage } from '@bb/contracts';
import { routeUrl } from '../../shared/api/routes';
import { counted } from '../../shared/format';
import { useMinWidth } from '../../shared/ui/useMinWidth';
import { OFFERING_LABELS } from '../domain/appointments';
import { formatInstant } from '../domain/dates';
import {
  amountText,
  methodText,
  NO_PAYMENT_FILTERS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUS_PALETTE,
  paymentQuery,
  rangeProblem,
  type PaymentFilters,
} from '../domain/payments';
import { SelectField, TextField } from '../ui/fields';
import { PageHeader } from '../ui/PageHeader';
import { RowOpenButton } from '../ui/RowOpenButton';
import { DateRangeFields, FilterForm } from '../ui/FilterForm';
import { PagedList, usePagedList } from '../ui/PagedList';
import { TableHead } from '../ui/TableHead';
import { PaymentDialog } from './PaymentDialog';
import { usePaymentWrites } from './usePaymentWrites';
import { CardFacts } from '../ui/CardFacts';

const TABLE_MIN_WIDTH = 1000;
const PAGE_SIZE = 50;

const ALL = { value: '', label: 'All' } as const;
const STATUS_OPTIONS = [ALL, ...PAYMENT_STATUSES.map((s) => ({ value: s, label: PAYMENT_STATUS_LABELS[s] }))];
const METHOD_OPTIONS = [ALL, ...PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))];
const OFFERING_OPTIONS = [ALL, ...(['clinic', 'studio'] as const).map((o) => ({ value: o, label: OFFERING_LABELS[o] }))];

function Filters({ value, onApply }: { value: PaymentFilters; onApply: (f: PaymentFilters) => void }) {
  return (
    <FilterForm value={value} blank={NO_PAYMENT_FILTERS} problemOf={rangeProblem} onApply={onApply} searchLabel="Filter payments" wideColumns={3}>
      {(draft, set, problem) => (
        <>
          <TextField label="Search" value={draft.search} onChange={(search) => set({ search })} placeholder="Name, e-mail or reference" autoComplete="off" />
          <SelectField label="Status" value={draft.status} options={STATUS_OPTIONS} onChange={(status) => set({ status })} />
          <SelectField label="Method" value={draft.method} options={METHOD_OPTIONS} onChange={(method) => set({ method })} />
          <SelectField label="Offering" value={draft.offering} options={OFFERING_OPTIONS} onChange={(offering) => set({ offering })} />
          <DateRangeFields labels={['Requested from', 'Requested to']} from={draft.from} to={draft.to} problem={problem} onChange={set} />
        </>
      )}
    </FilterForm>
  );
}

const StatusBadge = ({ payment }: { payment: Payment }) => (
  <Badge colorPalette={PAYMENT_STATUS_PALETTE[payment.status]} variant="subtle">
    {PAYMENT_STATUS_LABELS[payment.status]}
  </Badge>
);

/** The customer's name: the keyboard's way to open a payment. */
const OpenButton = ({ payment, onOpen }: { payment: Payment; onOpen: (p: Payment) => void }) => (
  <RowOpenButton onOpen={() => onOpen(payment)}>{payment.customerName}</RowOpenButton>
);

interface ListProps {
  payments: readonly Payment[];
  onOpen: (p: Payment) => void;
}

function PaymentTable({ payments, onOpen }: ListProps) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" interactive css={{ '& td': { verticalAlign: 'top', overflowWrap: 'anywhere' } }}>
        <TableHead columns={['Customer', 'For', 'Amount', 'Method', 'Status', 'Requested']} />
        <Table.Body>
          {payments.map((p) => (
            <Table.Row key={p.id} onClick={() => onOpen(p)} cursor="pointer" data-payment-id={p.id}>
              <Table.Cell>
                <OpenButton payment={p} onOpen={onOpen} />
                <Text color="fg.muted">{p.customerEmail}</Text>
              </Table.Cell>
              <Table.Cell>{p.description}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{amountText(p)}</Table.Cell>
              <Table.Cell>{methodText(p)}</Table.Cell>
              <Table.Cell>
                <StatusBadge payment={p} />
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatInstant(p.createdAt)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function PaymentCards({ payments, onOpen }: ListProps) {
  return (
    <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label="Payments">
      {payments.map((p) => (
        <Box as="li" key={p.id} borderWidth="1px" borderRadius="md" p="3" cursor="pointer" onClick={() => onOpen(p)} data-payment-id={p.id}>
          <Flex justify="space-between" align="flex-start" gap="2" mb="2">
            <OpenButton payment={p} onOpen={onOpen} />
            <StatusBadge payment={p} />
          </Flex>
          <CardFacts
            labelWidth="6rem"
            facts={[
              ['For', p.description],
              ['Amount', amountText(p)],
              ['Method', methodText(p)],
              ['Requested', formatInstant(p.createdAt)],
            ]}
          />
        </Box>
      ))}
    </Stack>
  );
}

/** Deposits of both offerings, newest first, filtered and searched, more on request; a payment opens with what may be done with it. */
export function PaymentsPage() {
  const [filters, setFilters] = useState<PaymentFilters>(NO_PAYMENT_FILTERS);
  const wide = useMinWidth(TABLE_MIN_WIDTH);
  const url = routeUrl(paymentRoutes.list, undefined, { ...paymentQuery(filters), limit: PAGE_SIZE });
  const list = usePagedList(url, (page: PaymentPage) => page.payments, 'Failed to fetch payments');
  const payments = list.items;
  /** The payment open in the dialog, as the last answer about it said. */
  const [open, setOpen] = useState<Payment | null>(null);
  const writes = usePaymentWrites(setOpen);
  const shown = open && (payments.find((p) => p.id === open.id && p.updatedAt > open.updatedAt) ?? open);

  return (
    <>
      <PageHeader title="Payments" description="Deposits of both offerings: paid online or by transfer. Confirm transfers, refund, and follow each one." />
      <Filters value={filters} onApply={setFilters} />
      <PagedList
        list={list}
        loadingText="Loading payments..."
        errorText="Payments could not be loaded."
        empty={{ title: 'No Payments', text: 'Deposits appear here once a booking asks for one. Nothing matches these filters yet.' }}
        shown={counted(payments.length, 'payment')}
      >
        {wide ? <PaymentTable payments={payments} onOpen={setOpen} /> : <PaymentCards payments={payments} onOpen={setOpen} />}
      </PagedList>
      <PaymentDialog payment={shown} writes={writes} onClose={() => setOpen(null)} />
    </>
  );
}
