import { useEffect, useState, type ReactNode } from 'react';
import { Badge, Box, Button, DataList, Dialog, Heading, Image, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { METHOD_TYPE_LABELS, paymentRoutes, type Payment } from '@bb/contracts';
import { apiRequest } from '../../shared/api/request';
import { routeUrl } from '../../shared/api/routes';
import { formatCentavos } from '../../shared/format';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { DialogFrame } from '../../shared/ui/DialogFrame';
import { useMayCall } from '../auth/access';
import { formatInstant } from '../domain/dates';
import { amountText, methodText, PAYMENT_STATUS_LABELS, PAYMENT_STATUS_PALETTE, paymentActions } from '../domain/payments';
import { TextAreaField } from '../ui/fields';
import type { usePaymentWrites } from './usePaymentWrites';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel minW="8rem">{label}</DataList.ItemLabel>
      <DataList.ItemValue overflowWrap="anywhere" minW="0">
        {children}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

/** The receipt's image, read with the staff token (an img cannot send it) and shown from memory. */
function ReceiptImage({ paymentId }: { paymentId: string }) {
  const url = routeUrl(paymentRoutes.receiptImage, { id: paymentId });
  const image = useQuery({
    queryKey: [url],
    queryFn: async () => URL.createObjectURL(await (await apiRequest('GET', url)).blob()),
    gcTime: 0,
  });
  useEffect(() => {
    const objectUrl = image.data;
    return () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [image.data]);
  if (image.isLoading) return <Text color="fg.muted">Loading the receipt...</Text>;
  if (!image.data) return <Text color="red.700">The receipt image could not be loaded.</Text>;
  return (
    <a href={image.data} target="_blank" rel="noreferrer">
      <Image
        src={image.data}
        alt="The visitor's transfer receipt"
        maxH="24rem"
        objectFit="contain"
        borderWidth="1px"
        borderRadius="md"
        data-testid="receipt-image"
      />
    </a>
  );
}

interface PaymentDialogProps {
  payment: Payment | null;
  writes: ReturnType<typeof usePaymentWrites>;
  onClose: () => void;
}

/**
 * One payment: who, what for, how much and how, its receipt (image included) and refunds; and
 * what may be done with it now, by the role's routes: confirm or reject a transfer (the visitor
 * reads the reason), refund, or mark a transfer refund sent.
 */
export function PaymentDialog({ payment, writes, onClose }: PaymentDialogProps) {
  const may = useMayCall();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [refunding, setRefunding] = useState(false);
  useEffect(() => {
    setRejecting(false);
    setReason('');
  }, [payment?.id, payment?.status]);
  if (!payment) return null;

  const actions = paymentActions(payment);
  const reviews = actions.review && may(paymentRoutes.confirmTransfer);
  const busy = writes.confirm.isPending || writes.reject.isPending || writes.refund.isPending || writes.refundSent.isPending;
  const transfer = payment.method === 'transfer';
  const footer = (
    <>
      <Button variant="outline" onClick={onClose} mr="auto">
        Close
      </Button>
      {reviews && !rejecting && (
        <Button variant="outline" colorPalette="red" onClick={() => setRejecting(true)} disabled={busy}>
          Reject
        </Button>
      )}
      {reviews && rejecting && (
        <Button
          colorPalette="red"
          loading={writes.reject.isPending}
          disabled={reason.trim() === ''}
          onClick={() => writes.reject.mutate({ id: payment.id, reason })}
        >
          Reject Receipt
        </Button>
      )}
      {reviews && !rejecting && (
        <Button loading={writes.confirm.isPending} disabled={busy} onClick={() => writes.confirm.mutate(payment.id)}>
          Confirm Transfer
        </Button>
      )}
      {actions.refund && may(paymentRoutes.refund) && (
        <Button variant="outline" colorPalette="red" disabled={busy} onClick={() => setRefunding(true)}>
          Refund
        </Button>
      )}
      {actions.refundSent && may(paymentRoutes.refundSent) && (
        <Button loading={writes.refundSent.isPending} disabled={busy} onClick={() => writes.refundSent.mutate(payment.id)}>
          Mark Refund Sent
        </Button>
      )}
    </>
  );

  return (
    <>
      <Dialog.Root open={!refunding} onOpenChange={(e) => !e.open && onClose()} size="lg" scrollBehavior="inside">
        <DialogFrame title="Payment" closeLabel="Close" footer={footer}>
          <Stack gap="5" data-payment-id={payment.id}>
            <DataList.Root orientation="horizontal" size="sm" gap="2">
              <Item label="Status">
                <Badge colorPalette={PAYMENT_STATUS_PALETTE[payment.status]} variant="subtle" data-testid="payment-status">
                  {PAYMENT_STATUS_LABELS[payment.status]}
                </Badge>
              </Item>
              <Item label="Customer">
                {payment.customerName}
                <Text as="span" display="block" color="fg.muted">
                  {payment.customerEmail}
                </Text>
              </Item>
              <Item label="For">{payment.description}</Item>
              <Item label="Appointment">{formatInstant(payment.startTime)}</Item>
              <Item label="Amount">
                {amountText(payment)}
                {payment.purpose === 'full' ? ' (full price)' : ' (deposit)'}
              </Item>
              <Item label="Method">{methodText(payment)}</Item>
              {(payment.status === 'awaiting' || payment.status === 'in_review') && <Item label="Held until">{formatInstant(payment.holdExpiresAt)}</Item>}
              {payment.paidAt && <Item label="Paid">{formatInstant(payment.paidAt)}</Item>}
              {payment.paymongo.paymentId && <Item label="PayMongo payment">{payment.paymongo.paymentId}</Item>}
            </DataList.Root>

            {payment.receipt && (
              <Stack as="section" gap="2" aria-label="Transfer receipt">
                <Heading as="h3" size="sm">
                  Transfer receipt
                </Heading>
                <DataList.Root orientation="horizontal" size="sm" gap="2">
                  <Item label="Reference">{payment.receipt.referenceNumber}</Item>
                  <Item label="Sent to">{METHOD_TYPE_LABELS[payment.receipt.kind]}</Item>
                  <Item label="Sent">{formatInstant(payment.receipt.submittedAt)}</Item>
                  {payment.receipt.reviewedBy && (
                    <Item label="Reviewed">
                      {payment.receipt.reviewedBy}
                      {payment.receipt.reviewedAt ? `, ${formatInstant(payment.receipt.reviewedAt)}` : ''}
                    </Item>
                  )}
                  {payment.receipt.rejectionReason && <Item label="Rejected because">{payment.receipt.rejectionReason}</Item>}
                </DataList.Root>
                <ReceiptImage paymentId={payment.id} />
              </Stack>
            )}

            {reviews && rejecting && (
              <TextAreaField
                label="Why is it rejected?"
                rows={3}
                value={reason}
                onChange={setReason}
                helper="The visitor reads this on their pay page, and may pay again while their time is held."
              />
            )}

            {payment.refunds.length > 0 && (
              <Stack as="section" gap="2" aria-label="Refunds">
                <Heading as="h3" size="sm">
                  Refunds
                </Heading>
                <Stack as="ul" listStyleType="none" m="0" p="0" gap="1">
                  {payment.refunds.map((r) => (
                    <Box as="li" key={`${r.at}/${r.amount}`} fontSize="sm">
                      {formatCentavos(r.amount)} by {r.by}, {formatInstant(r.at)}: {r.status === 'due' ? 'to send back by hand' : r.status}
                    </Box>
                  ))}
                </Stack>
              </Stack>
            )}
          </Stack>
        </DialogFrame>
      </Dialog.Root>
      <ConfirmDialog
        open={refunding}
        title="Refund Payment"
        message={
          transfer
            ? `Refund ${formatCentavos(payment.amount - payment.refundedAmount)} to ${payment.customerName}? A transfer is sent back by hand: it is marked due until you mark it sent.`
            : `Refund ${formatCentavos(payment.amount - payment.refundedAmount)} to ${payment.customerName}? PayMongo returns it to what they paid with.`
        }
        confirmLabel="Refund"
        busy={writes.refund.isPending}
        onClose={() => setRefunding(false)}
        onConfirm={() => writes.refund.mutate(payment.id, { onSettled: () => setRefunding(false) })}
      />
    </>
  );
}
