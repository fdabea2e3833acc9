import type { ReactNode } from 'react';
import { FormDialog } from '../ui/FormDialog';

interface ItemDialogProps<Item> {
  /** The item being edited, 'new' when adding, null when closed. */
  editing: Item | 'new' | null;
  /** 'Staff Member', 'Package'…: the title reads Add … or Edit …. */
  noun: string;
  busy: boolean;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}

/** The add/edit dialog of a console card screen. */
export function ItemDialog<Item>({ editing, noun, busy, onClose, onSubmit, children }: ItemDialogProps<Item>) {
  return (
    <FormDialog
      open={editing !== null}
      title={`${editing === 'new' ? 'Add' : 'Edit'} ${noun}`}
      submitLabel={editing === 'new' ? 'Create' : 'Save Changes'}
      busy={busy}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      {children}
    </FormDialog>
  );
}
