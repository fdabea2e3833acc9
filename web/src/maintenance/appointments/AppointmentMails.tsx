import { useId } from 'react';
import { Badge, Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { notificationRoutes, type Mail } from '@bb/contracts';
import { callRoute, routeUrl, useRoute } from '../../shared/api/routes';
import { useWrite } from '../api';
import { attemptsText, canResend, MAIL_KIND_LABELS, MAIL_STATUS_LABELS, MAIL_STATUS_PALETTE, mailsInFlight, mailTiming } from '../domain/notifications';
import { ErrorState } from '../ui/states';

/** How often the list looks again while a mail is on its way (a resent one turns Sent by itself). */
const IN_FLIGHT_POLL_MS = 2000;

function MailRow({ mail, resending, onResend }: { mail: Mail; resending: boolean; onResend: () => void }) {
  const kind = MAIL_KIND_LABELS[mail.kind];
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3" data-mail-id={mail.id} data-kind={mail.kind} data-status={mail.status}>
      <Flex justify="space-between" align="flex-start" gap="3">
        <Stack gap="0.5" minW="0" flex="1">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="medium">{kind}</Text>
            <Badge colorPalette={MAIL_STATUS_PALETTE[mail.status]} variant="subtle">
              {MAIL_STATUS_LABELS[mail.status]}
            </Badge>
            {mail.resendOf && (
              <Text as="span" fontSize="xs" color="fg.muted">
                resent copy
              </Text>
            )}
          </HStack>
          <Text fontSize="sm" color="fg.muted" truncate title={mail.recipient}>
            To {mail.recipient}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {mailTiming(mail)} · {attemptsText(mail.attempts)}
          </Text>
          {/* In words; the mail server's own answer stays on hover, for whoever has to look into it. */}
          {mail.outcome && (
            <Text fontSize="sm" color="fg.muted" title={mail.lastResponse ?? undefined} data-testid="mail-outcome">
              {mail.outcome}
            </Text>
          )}
        </Stack>
        {canResend(mail) && (
          <Button
            size="xs"
            variant="outline"
            flexShrink={0}
            loading={resending}
            aria-label={`Resend ${kind.toLowerCase()} mail to ${mail.recipient}`}
            onClick={onResend}
          >
            Resend
          </Button>
        )}
      </Flex>
    </Box>
  );
}

/** The mails of one appointment, oldest first, each with what became of it and a way to send it again. */
export function AppointmentMails({ appointmentId }: { appointmentId: string }) {
  const headingId = useId();
  const params = { id: appointmentId };
  const mails = useRoute(notificationRoutes.appointmentMails, {
    params,
    refetchInterval: (data) => (mailsInFlight(data ?? [], new Date()) ? IN_FLIGHT_POLL_MS : 0),
  });
  const resend = useWrite({
    run: (mailId: string) => callRoute(notificationRoutes.resend, { params: { id: mailId } }),
    refresh: [routeUrl(notificationRoutes.appointmentMails, params)],
    success: 'Mail queued to be sent again',
    failure: 'Failed to resend mail',
  });

  const body = () => {
    if (mails.isLoading) {
      return (
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          Loading mails...
        </Text>
      );
    }
    if (!mails.data) return <ErrorState text="The mails could not be loaded." error={mails.error} onRetry={() => void mails.refetch()} />;
    if (mails.data.length === 0) {
      return (
        <Text fontSize="sm" color="fg.muted">
          No mails for this appointment yet.
        </Text>
      );
    }
    return (
      <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-labelledby={headingId}>
        {mails.data.map((mail) => (
          <MailRow key={mail.id} mail={mail} resending={resend.isPending && resend.variables === mail.id} onResend={() => resend.mutate(mail.id)} />
        ))}
      </Stack>
    );
  };

  return (
    <Box as="section" aria-labelledby={headingId} borderTopWidth="1px" pt="4" data-testid="appointment-mails">
      <Heading as="h3" size="sm" id={headingId} mb="2">
        Mails
      </Heading>
      {body()}
    </Box>
  );
}
