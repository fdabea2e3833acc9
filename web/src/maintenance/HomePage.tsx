import { Card, Flex, LinkBox, LinkOverlay, SimpleGrid, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { useOffering } from '../shared/offering/OfferingContext';
import { useSession } from '../shared/session/SessionContext';
import { OFFERING_LABELS } from './domain/appointments';
import { menuFor } from './domain/menu';
import { LineIcon } from './ui/icons';
import { PageHeader } from './ui/PageHeader';

/** The menu of the chosen side as tiles. */
export function HomePage() {
  const { offering } = useOffering();
  const { user } = useSession();
  return (
    <>
      <PageHeader title="Maintenance" description={`Manage the ${OFFERING_LABELS[offering].toLowerCase()}: choose a section.`} />
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
        {(user ? menuFor(offering, user.role) : []).map((m) => (
          <LinkBox as="article" key={m.key}>
            <Card.Root h="full" _hover={{ borderColor: 'border.emphasized', shadow: 'sm' }} transition="all 0.15s">
              <Card.Body gap="2">
                <Flex align="center" gap="3">
                  <Flex boxSize="9" align="center" justify="center" borderRadius="md" bg="bg.muted">
                    <LineIcon name={m.key} boxSize="5" />
                  </Flex>
                  <Card.Title as="h2">
                    <LinkOverlay asChild>
                      <Link to={m.path}>{m.label}</Link>
                    </LinkOverlay>
                  </Card.Title>
                </Flex>
                <Text color="fg.muted" fontSize="sm">
                  {m.description}
                </Text>
              </Card.Body>
            </Card.Root>
          </LinkBox>
        ))}
      </SimpleGrid>
    </>
  );
}
