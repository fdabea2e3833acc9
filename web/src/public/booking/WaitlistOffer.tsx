import { Box, Button, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { waitlistRoutes, type Side } from '@bb/contracts';
import { errorStatus, serverMessage } from '../../shared/api/request';
import { callRoute } from '../../shared/api/routes';
import { to12Hour } from '../../shared/format';
import { toast } from '../../shared/ui/toaster';
import { isSlotsKey, longDate } from './domain/schedule';
import { toWaitlistRequest, waitlistProblems, type FullSlot } from './domain/waitlist';
import type { BookingForm, BookingProblem } from './domain/validation';

interface WaitlistOfferProps {
  side: Side;
  form: BookingForm;
  slot: FullSlot;
  /** The form's fields the sign-up still needs: shown and focused as a booking's would be. */
  onProblems: (problems: BookingProblem[]) => void;
}

/**
 * "Notify me if this time frees up" for the chosen slot that is full: the visitor's details
 * from the form go on the slot's waitlist, and the answer (or why not) is said where they look.
 */
export function WaitlistOffer({ side, form, slot, onProblems }: WaitlistOfferProps) {
  const client = useQueryClient();
  const join = useMutation({
    mutationFn: () => callRoute(waitlistRoutes.join, { body: toWaitlistRequest(form, side) }),
    onError: (error) => {
      // 409: the slot has freed up meanwhile; the cached days are read again so it shows free.
      if (errorStatus(error) === 409) void client.invalidateQueries({ predicate: (q) => isSlotsKey(q.queryKey) });
      toast.error('Could not join the waitlist', serverMessage(error) ?? 'Please try again.');
    },
  });

  const submit = () => {
    const problems = waitlistProblems(form, side);
    if (problems.length > 0) {
      onProblems(problems);
      return;
    }
    join.mutate();
  };

  const when = `${to12Hour(slot.time)} on ${longDate(slot.date)}`;
  return (
    <Box borderWidth="1px" borderColor="colorPalette.muted" bg="colorPalette.subtle" rounded="xl" p="4" data-testid="waitlist-offer">
      {join.isSuccess ? (
        <Text role="status" color="gray.900" data-testid="waitlist-joined">
          {join.data.message}
        </Text>
      ) : (
        <>
          <Text color="gray.900" mb="3">
            {when} is fully booked. Leave your details above and we will e-mail you if this time frees up; the first to book it then gets it.
          </Text>
          <Button type="button" variant="outline" rounded="full" loading={join.isPending} loadingText="Sending..." onClick={submit}>
            Notify me if this time frees up
          </Button>
          {join.isError && (
            <Text role="alert" color="red.700" mt="2" fontSize="sm">
              {serverMessage(join.error) ?? 'Could not join the waitlist. Please try again.'}
            </Text>
          )}
        </>
      )}
    </Box>
  );
}
