import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appointmentRoutes, paymentRoutes, reportRoutes, type Payment } from '@bb/contracts';
import { serverMessage } from '../../shared/api/request';
import { callRoute, routeUrl } from '../../shared/api/routes';
import { toast } from '../../shared/ui/toaster';
import { invalidatePaths, useSessionExpiry } from '../api';

// A payment's change reaches booking by its events: the appointments' payment states change too; and the deposit report.
const AFFECTED = [routeUrl(paymentRoutes.list), routeUrl(appointmentRoutes.list), routeUrl(reportRoutes.deposits)];

/**
 * Confirm or reject a transfer receipt, refund, mark a transfer refund sent: each waits for the
 * server (which decides), says so, and hands the payment as it now stands to `onDone`.
 */
export function usePaymentWrites(onDone: (payment: Payment) => void) {
  const client = useQueryClient();
  const expired = useSessionExpiry();
  const said = (success: string, failure: string) => ({
    onSuccess: (payment: Payment) => {
      toast.success(success);
      onDone(payment);
    },
    onError: (error: Error) => {
      if (!expired(error)) toast.error(failure, serverMessage(error));
    },
    onSettled: () => invalidatePaths(client, AFFECTED),
  });

  const confirm = useMutation({
    mutationFn: (id: string) => callRoute(paymentRoutes.confirmTransfer, { params: { id } }),
    ...said('Transfer confirmed', 'Failed to confirm the transfer'),
  });
  const reject = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => callRoute(paymentRoutes.rejectTransfer, { params: { id }, body: { reason } }),
    ...said('Receipt rejected', 'Failed to reject the receipt'),
  });
  const refund = useMutation({
    mutationFn: (id: string) => callRoute(paymentRoutes.refund, { params: { id }, body: {} }),
    ...said('Refund started', 'Failed to refund'),
  });
  const refundSent = useMutation({
    mutationFn: (id: string) => callRoute(paymentRoutes.refundSent, { params: { id } }),
    ...said('Refund marked as sent', 'Failed to mark the refund sent'),
  });
  return { confirm, reject, refund, refundSent };
}
