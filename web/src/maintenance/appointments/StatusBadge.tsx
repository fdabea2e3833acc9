import { Badge } from '@chakra-ui/react';
import type { AppointmentStatus } from '@bb/contracts';
import { STATUS_LABELS } from '../domain/appointments';

const PALETTE: Record<AppointmentStatus, string> = { pending: 'yellow', done: 'green', cancelled: 'red' };

export const StatusBadge = ({ status }: { status: AppointmentStatus }) => (
  <Badge colorPalette={PALETTE[status]} variant="subtle">
    {STATUS_LABELS[status]}
  </Badge>
);
