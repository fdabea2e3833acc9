import { Route, Routes } from 'react-router-dom';
import { Heading } from '@chakra-ui/react';

/** Public screens (issue 7 fills these in). */
export function PublicRoutes() {
  return (
    <Routes>
      <Route path="*" element={<Heading as="h1">Page Not Found</Heading>} />
    </Routes>
  );
}
