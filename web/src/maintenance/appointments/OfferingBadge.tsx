import { Badge } from '@chakra-ui/react';
import type { OfferingType } from '@bb/contracts';
import { OFFERING_LABELS } from '../domain/appointments';

const PALETTE: Record<OfferingType, string> = { clinic: 'pink', studio: 'purple', both: 'blue' };

export const OfferingBadge = ({ offering }: { offering: OfferingType }) => (
  <Badge colorPalette={PALETTE[offering]} variant="subtle">
    {OFFERING_LABELS[offering]}
  </Badge>
);
