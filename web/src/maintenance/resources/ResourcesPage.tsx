import { Card, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { practitionerRoutes } from '@bb/contracts';
import { useRoute } from '../../shared/api/routes';
import { useOffering } from '../../shared/offering/OfferingContext';
import { useFetchErrorToast } from '../api';
import { belongsTo, OFFERING_LABELS } from '../domain/appointments';
import { PageHeader } from '../ui/PageHeader';
import { ErrorState, LoadingState } from '../ui/states';
import { PractitionerEditor } from './PractitionerEditor';
import { RequirementsCard } from './RequirementsCard';
import { RoomsCard } from './RoomsCard';
import { useSideBookables } from './useSideBookables';

/** The offering's practitioners (skills, hours, leave), rooms and equipment, and what each treatment or package needs. */
export function ResourcesPage() {
  const { offering: side } = useOffering();
  const practitioners = useRoute(practitionerRoutes.list);
  const bookables = useSideBookables(side);
  useFetchErrorToast(practitioners.error, 'Failed to fetch practitioners');
  const people = (practitioners.data ?? []).filter((p) => belongsTo(p.offeringType, side)).sort((a, b) => a.name.localeCompare(b.name));

  const list = () => {
    if (practitioners.isLoading || bookables.isLoading) return <LoadingState text="Loading practitioners..." />;
    if (practitioners.error)
      return <ErrorState text="Practitioners could not be loaded." error={practitioners.error} onRetry={() => void practitioners.refetch()} />;
    if (people.length === 0)
      return (
        <Card.Root>
          <Card.Body>
            <Text>
              Nobody works here yet. Add team members under{' '}
              <Link asChild textDecoration="underline">
                <RouterLink to="/maintenance/staff">Staff</RouterLink>
              </Link>
              ; they appear here to be set up for bookings.
            </Text>
          </Card.Body>
        </Card.Root>
      );
    return people.map((p) => <PractitionerEditor key={p.id} practitioner={p} bookables={bookables.list} />);
  };

  return (
    <>
      <PageHeader title="Resources" description={`Who performs what and when, and the rooms and equipment of the ${OFFERING_LABELS[side].toLowerCase()}.`} />
      <Stack gap="8" key={side}>
        <Stack as="section" gap="4" aria-labelledby="practitioners-title">
          <Stack gap="1">
            <Heading as="h2" size="lg" id="practitioners-title">
              Practitioners
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              The team from the Staff screen. A treatment that needs a practitioner is booked with someone who takes bookings, performs it and works then.
            </Text>
          </Stack>
          {list()}
        </Stack>
        <RoomsCard side={side} />
        <RequirementsCard side={side} bookables={bookables.list} loading={bookables.isLoading} />
      </Stack>
    </>
  );
}
