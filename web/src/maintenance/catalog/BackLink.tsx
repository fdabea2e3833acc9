import { Link as ChakraLink } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { LineIcon } from '../ui/icons';

export const BackLink = ({ to, label }: { to: string; label: string }) => (
  <ChakraLink asChild fontSize="sm" color="fg.muted" display="inline-flex" alignItems="center" gap="1" alignSelf="flex-start">
    <Link to={to}>
      <LineIcon name="back" />
      {label}
    </Link>
  </ChakraLink>
);
