import type { ReactNode } from 'react';
import { Card, Text } from '@chakra-ui/react';
import { LoadingState } from '../ui/states';

interface SettingsCardProps {
  title: string;
  description: string;
  /** The settings are still loading: a loading state instead of the controls. */
  loading: boolean;
  /** A change is being saved: said under the controls. */
  saving?: boolean;
  children: ReactNode;
}

/** A card of the scheduling settings that saves each change by itself: title, what it decides, its controls. */
export function SettingsCard({ title, description, loading, saving, children }: SettingsCardProps) {
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">{title}</Card.Title>
        <Card.Description>{description}</Card.Description>
      </Card.Header>
      <Card.Body>
        {loading ? <LoadingState text="Loading settings..." /> : children}
        {saving && (
          <Text fontSize="sm" color="fg.muted" mt="3">
            Saving...
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
