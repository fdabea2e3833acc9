import { useEffect, useState } from 'react';
import { Button, Field, HStack, IconButton, Input, List, Text } from '@chakra-ui/react';
import type { Treatment, TreatmentCreate } from '@bb/contracts';
import { parseBookingDuration, treatmentProblems } from '../domain/forms';
import { BookingDurationField, TextAreaField, TextField } from '../ui/fields';
import { FormDialog } from '../ui/FormDialog';
import { LineIcon } from '../ui/icons';
import { ImageUpload } from '../ui/ImageUpload';
import { useDialogForm } from './useCatalogResource';

const valuesOf = (t: Treatment | null) => ({
  name: t?.name ?? '',
  description: t?.description ?? '',
  duration: t?.duration ?? '',
  price: t?.price ?? '',
  defaultDuration: t?.defaultDuration ? String(t.defaultDuration) : '',
  imageUrl: t?.imageUrl ?? '',
});
interface TreatmentDialogProps {
  open: boolean;
  treatment: Treatment | null;
  busy: boolean;
  onClose: () => void;
  onSubmit: (body: TreatmentCreate) => void;
}

/** Name, description, duration, price, image and the what-to-expect list. */
export function TreatmentDialog({ open, treatment, busy, onClose, onSubmit }: TreatmentDialogProps) {
  const { form, errors, validate, set } = useDialogForm(open, treatment, valuesOf, treatmentProblems);
  const [expect, setExpect] = useState<string[]>([]);
  const [newItem, setNewItem] = useState('');
  useEffect(() => {
    if (!open) return;
    setExpect(treatment?.whatToExpect ?? []);
    setNewItem('');
  }, [open, treatment]);

  const addItem = () => {
    const item = newItem.trim();
    if (!item) return;
    setExpect((list) => [...list, item]);
    setNewItem('');
  };

  const submit = () => {
    const bookingMinutes = parseBookingDuration(form.defaultDuration);
    if (!validate() || bookingMinutes === undefined) return;
    onSubmit({
      name: form.name.trim(),
      description: form.description.trim(),
      duration: form.duration.trim(),
      price: form.price.trim(),
      imageUrl: form.imageUrl.trim(),
      // An item typed but not yet added is kept rather than silently lost.
      whatToExpect: newItem.trim() ? [...expect, newItem.trim()] : expect,
      defaultDuration: bookingMinutes ?? (treatment ? null : undefined),
    });
  };

  return (
    <FormDialog
      open={open}
      title={treatment ? 'Edit Treatment' : 'Add Treatment'}
      submitLabel={treatment ? 'Save Changes' : 'Create'}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextField label="Name" value={form.name} onChange={set('name')} required error={errors.name} />
      <TextAreaField label="Description" rows={4} value={form.description} onChange={set('description')} required error={errors.description} />
      <HStack align="flex-start" gap="4">
        <TextField label="Duration" value={form.duration} onChange={set('duration')} required error={errors.duration} placeholder="60 minutes" />
        <TextField label="Price" value={form.price} onChange={set('price')} required error={errors.price} placeholder="₱2,500" />
      </HStack>
      <BookingDurationField value={form.defaultDuration} onChange={set('defaultDuration')} error={errors.defaultDuration} />
      <ImageUpload label="Image" value={form.imageUrl} onChange={set('imageUrl')} />
      <Field.Root>
        <Field.Label>What to Expect</Field.Label>
        {expect.length > 0 ? (
          <List.Root w="full" gap="1" listStyleType="none" ps="0">
            {expect.map((item, i) => (
              <List.Item key={`${i}-${item}`} display="flex" alignItems="center" gap="2" borderWidth="1px" borderRadius="md" px="3" py="1">
                <Text flex="1" fontSize="sm">
                  {item}
                </Text>
                <IconButton size="xs" variant="ghost" aria-label={`Remove ${item}`} onClick={() => setExpect((list) => list.filter((_, j) => j !== i))}>
                  <LineIcon name="trash" />
                </IconButton>
              </List.Item>
            ))}
          </List.Root>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            No items yet.
          </Text>
        )}
        <HStack w="full">
          <Input
            aria-label="New what-to-expect item"
            placeholder="e.g. A short skin consultation"
            value={newItem}
            onChange={(e) => setNewItem(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              addItem();
            }}
          />
          <Button variant="outline" onClick={addItem} flexShrink={0}>
            <LineIcon name="plus" />
            Add
          </Button>
        </HStack>
      </Field.Root>
    </FormDialog>
  );
}
