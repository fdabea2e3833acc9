import { Button, Group } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import type { Side } from '@bb/contracts';
import { useOffering } from '../../shared/offering/OfferingContext';

const SIDES: { value: Side; label: string; palette: string }[] = [
  { value: 'clinic', label: 'Clinic', palette: 'pink' },
  { value: 'studio', label: 'Studio', palette: 'purple' },
];

/** Switching side changes every menu and list, so it starts again from the home tiles. */
export function OfferingToggle() {
  const { offering, setOffering } = useOffering();
  const navigate = useNavigate();
  return (
    <Group attached role="group" aria-label="Offering">
      {SIDES.map((s) => (
        <Button
          key={s.value}
          size="sm"
          variant={offering === s.value ? 'solid' : 'outline'}
          colorPalette={offering === s.value ? s.palette : 'gray'}
          aria-pressed={offering === s.value}
          onClick={() => {
            setOffering(s.value);
            navigate('/maintenance');
          }}
        >
          {s.label}
        </Button>
      ))}
    </Group>
  );
}
