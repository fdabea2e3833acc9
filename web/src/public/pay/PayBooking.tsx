import { useId } from 'react';
import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatInTimeZone } from 'date-fns-tz';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { paymentRoutes, TIME_ZONE, type PaymentLinkView } from '@bb/contracts';
import { errorStatus, serverMessage } from '../../shared/api/request';
import { callRoute, routeUrl } from '../../shared/api/routes';
import { formatCentavos, manilaMomentText } from '../../shared/format';
import { toast } from '../../shared/ui/toaster';
import { useNow } from '../../shared/ui/useNow';
import { TILE } from '../components/Card';
import { LinkLoading, LinkProblem } from '../components/LinkStates';
import { useSetOffering } from '../hooks/usePageSetup';
import { manageLinks } from '../manage/domain/manage';
import {
  checkoutResult,
  CONFIRM_POLLS,
  countdownText,
  methodsText,
  NOT_YET_RETRIES,
  NOT_YET_RETRY_MS,
  paymentProblem,
  pollMs,
  statusAt,
  statusText,
} from './domain/pay';
import { TransferPayment } from './TransferPayment';

/** Time left to pay, ticking; what it means said once, in words, for screen readers (a timer is not read out every second). */
function Countdown({ until, now }: { until: string; now: Date }) {
  const labelId = useId();
  return (
    <Box textAlign="center" py="2">
      <Text id={labelId} fontSize="sm" color="gray.600">
        Time left to pay
      </Text>
      <Text
        role="timer"
        aria-labelledby={labelId}
        fontSize="4xl"
        fontWeight="semibold"
        color="gray.900"
        fontVariantNumeric="tabular-nums"
        data-testid="pay-countdown"
      >
        {countdownText(Date.parse(until) - now.getTime())}
      </Text>
      <Text fontSize="sm" color="gray.700">
        We hold your time until {manilaMomentText(until, now)}.
      </Text>
    </Box>
  );
}

/**
 * The pay page of a booking (`/pay/:token`, the manage link's token): what is paid for and how
 * much, the time held counting down, PayMongo's hosted checkout, or a transfer and its receipt.
 * Back from the checkout (`?result=`) it says where the payment stands, reading it again a few
 * times while PayMongo's word is on its way.
 */
export default function PayBooking({ token }: { token: string }) {
  const client = useQueryClient();
  const [params] = useSearchParams();
  const result = checkoutResult(params.get('result'));
  const key = [routeUrl(paymentRoutes.byLink, { token })];
  const query = useQuery<PaymentLinkView>({
    queryKey: key,
    queryFn: () => callRoute(paymentRoutes.byLink, { params: { token } }),
    // Right after booking, payments may not have heard of the request yet.
    retry: (failures, error) => errorStatus(error) === 404 && failures < NOT_YET_RETRIES,
    retryDelay: NOT_YET_RETRY_MS,
    refetchInterval: (q) => pollMs(q.state.data, q.state.dataUpdateCount, result),
  });
  useSetOffering(query.data?.offeringType);
  const now = useNow(1000);
  const headingId = useId();

  const checkout = useMutation({
    mutationFn: () => callRoute(paymentRoutes.checkout, { params: { token } }),
    // PayMongo's page, in this tab: it sends the visitor back here when done.
    onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
    onError: (error) => {
      toast.error('Payment not started', serverMessage(error) ?? 'Please try again in a moment.');
      void client.invalidateQueries({ queryKey: key });
    },
  });

  if (query.isPending) return <LinkLoading text="Preparing your payment..." />;
  if (query.isError) return <LinkProblem problem={paymentProblem(query.error)} onRetry={() => void query.refetch()} testId="pay-problem" />;

  const view = query.data;
  const status = statusAt(view, now);
  const confirming = result === 'success' && (client.getQueryState(key)?.dataUpdateCount ?? 0) < CONFIRM_POLLS;
  const said = statusText(view, status, result, confirming);
  const awaiting = status === 'awaiting';
  const links = manageLinks(token);
  const when = formatInTimeZone(new Date(view.startTime), TIME_ZONE, "EEEE, MMMM d, yyyy 'at' h:mm a");

  return (
    <Stack gap="6" maxW="2xl" mx="auto" data-testid="pay-page" data-status={status}>
      <Box as="section" aria-labelledby={headingId} {...TILE} p={{ base: '5', md: '8' }}>
        <Stack gap="1" role="status">
          <Heading as="h2" id={headingId} fontFamily="heading" fontWeight="normal" fontSize="2xl" color="gray.900" data-testid="pay-title">
            {said.title}
          </Heading>
          <Text color="gray.700" data-testid="pay-text">
            {said.text}
          </Text>
        </Stack>
        <Box as="dl" mt="6" display="grid" gridTemplateColumns={{ base: '1fr', md: 'auto 1fr' }} columnGap="6" rowGap={{ base: '1', md: '3' }}>
          <Text as="dt" fontSize="sm" color="gray.600">
            {view.purpose === 'full' ? 'Price, paid ahead' : 'Deposit'}
          </Text>
          <Text as="dd" fontSize="2xl" fontWeight="semibold" color="gray.900" mb={{ base: '3', md: '0' }} data-testid="pay-amount">
            {formatCentavos(view.amount)}
          </Text>
          <Text as="dt" fontSize="sm" color="gray.600">
            For
          </Text>
          <Text as="dd" color="gray.900" overflowWrap="anywhere" mb={{ base: '3', md: '0' }} data-testid="pay-description">
            {view.description}
          </Text>
          <Text as="dt" fontSize="sm" color="gray.600">
            Appointment
          </Text>
          <Text as="dd" color="gray.900">
            {when}
          </Text>
        </Box>
        {awaiting && <Countdown until={view.holdExpiresAt} now={now} />}
        {status === 'in_review' && (
          <Text color="gray.700" mt="4" data-testid="pay-review">
            Receipt reference {view.receipt?.referenceNumber}. We hold your time until {manilaMomentText(view.holdExpiresAt, now)}.
          </Text>
        )}
        {awaiting && view.methods.paymongo.length > 0 && (
          <Button size="lg" rounded="full" w="full" mt="4" loading={checkout.isPending} loadingText="Opening the checkout..." onClick={() => checkout.mutate()}>
            Pay with {methodsText(view.methods.paymongo)}
          </Button>
        )}
        {awaiting && view.methods.paymongo.length > 0 && (
          <Text fontSize="sm" color="gray.600" mt="2" textAlign="center">
            You pay on PayMongo&apos;s secure page and come back here.
          </Text>
        )}
      </Box>

      {awaiting && view.methods.transfer && view.transferAccounts.length > 0 && (
        <TransferPayment token={token} view={view} onSent={(fresh) => client.setQueryData(key, fresh)} />
      )}

      <Flex gap="3" wrap="wrap" justify="center">
        {status === 'expired' ? (
          <Button asChild rounded="full">
            <RouterLink to={`/${view.offeringType}#booking`}>Book again</RouterLink>
          </Button>
        ) : (
          <Button asChild variant={said.done ? 'solid' : 'outline'} rounded="full" bg={said.done ? undefined : 'white'}>
            <RouterLink to={links.page}>{said.done ? 'View your booking' : 'Manage your booking'}</RouterLink>
          </Button>
        )}
      </Flex>
    </Stack>
  );
}
