import { Button, HStack } from '@chakra-ui/react';
import { LineIcon } from '../ui/icons';

/**
 * Edit and Delete under a card (Delete alone for items edited on their own page); `name`
 * makes each button's label unique for screen readers.
 */
export function CardActions({ name, onEdit, onDelete }: { name: string; onEdit?: () => void; onDelete: () => void }) {
  return (
    <HStack gap="2">
      {onEdit && (
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${name}`}>
          <LineIcon name="edit" />
          Edit
        </Button>
      )}
      <Button size="sm" variant="outline" colorPalette="red" onClick={onDelete} aria-label={`Delete ${name}`}>
        <LineIcon name="trash" />
        Delete
      </Button>
    </HStack>
  );
}
