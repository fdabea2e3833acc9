import { Heading } from '@chakra-ui/react';

/** Staff console (issue 8 fills this in). */
export default function MaintenanceApp() {
  return <Heading as="h1">Maintenance</Heading>;
}
