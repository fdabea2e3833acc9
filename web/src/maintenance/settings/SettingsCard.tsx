import type { ReactNode } from 'react';
import { Card } from '@chakra-ui/react';
import { LoadingState } from '../ui/states';

interface SettingsCardProps {
  title: string;
  description: string;
  /** The settings are still loading: a loading state instead of the controls. */
  loading: boolean;
  /** Under the controls, shown while loading too. */
  after?: ReactNode;
  children: ReactNode;
}

/** A card of the scheduling settings that saves each change by itself: title, what it decides, its controls. */
export function SettingsCard({ title, description, loading, after, children }: SettingsCardProps) {
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">{title}</Card.Title>
        <Card.Description>{description}</Card.Description>
      </Card.Header>
      <Card.Body>
        {loading ? <LoadingState text="Loading settings..." /> : children}
        {after}
      </Card.Body>
    </Card.Root>
  );
}
