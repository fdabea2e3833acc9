import { Text } from '@chakra-ui/react';
import { staffRoutes, type StaffCreate, type StaffMember } from '@bb/contracts';
import { useOffering } from '../../shared/offering/OfferingContext';
import { parseDisplayOrder, staffProblems } from '../domain/forms';
import { TextAreaField, TextField } from '../ui/fields';
import { ImageUpload } from '../ui/ImageUpload';
import { EmptyState } from '../ui/states';
import { CardImage } from './CardImage';
import { ContentListPage } from './ContentListPage';
import { ItemDialog } from './ItemDialog';
import { useCatalogResource, useItemEditor } from './useCatalogResource';

const EMPTY = { name: '', position: '', bio: '', imageUrl: '', displayOrder: '0' };
type Form = typeof EMPTY;

export function StaffPage() {
  const { offering } = useOffering();
  const { editing, form, errors, validate, open, close, set } = useItemEditor<StaffMember, Form>(
    EMPTY,
    (member) => ({ name: member.name, position: member.position, bio: member.bio, imageUrl: member.imageUrl, displayOrder: String(member.displayOrder) }),
    staffProblems,
  );
  const {
    list: staff,
    create,
    update,
    remove,
  } = useCatalogResource(staffRoutes, { noun: 'Staff member', fetchFailure: 'Failed to fetch staff' }, { query: { offering }, onSaved: close });

  const submit = () => {
    if (!validate() || editing === null) return;
    const body: StaffCreate = {
      name: form.name.trim(),
      position: form.position.trim(),
      bio: form.bio.trim(),
      imageUrl: form.imageUrl.trim(),
      displayOrder: parseDisplayOrder(form.displayOrder),
      offeringType: editing === 'new' ? offering : editing.offeringType,
    };
    if (editing === 'new') create.mutate(body);
    else update.mutate({ id: editing.id, body });
  };

  return (
    <ContentListPage
      title="Staff"
      description="Team members shown on the public page, lowest display order first."
      addLabel="Add Staff Member"
      onAdd={() => open('new')}
      query={staff}
      empty={<EmptyState text="No staff members yet..." />}
      card={{
        title: (m) => m.name,
        media: (m) => <CardImage src={m.imageUrl} alt={m.name} />,
        body: (m) => (
          <>
            <Text fontSize="sm" fontWeight="medium" color="fg.muted">
              {m.position}
            </Text>
            <Text fontSize="sm" lineClamp={3}>
              {m.bio}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              Display order: {m.displayOrder}
            </Text>
          </>
        ),
      }}
      onEdit={open}
      remove={remove}
      confirmDelete={{ browser: 'Are you sure you want to delete this staff member?' }}
    >
      <ItemDialog editing={editing} noun="Staff Member" busy={create.isPending || update.isPending} onClose={close} onSubmit={submit}>
        <TextField label="Name" value={form.name} onChange={set('name')} required error={errors.name} />
        <TextField label="Position" value={form.position} onChange={set('position')} required error={errors.position} />
        <TextAreaField label="Bio" rows={4} value={form.bio} onChange={set('bio')} required error={errors.bio} />
        <ImageUpload label="Photo" value={form.imageUrl} onChange={set('imageUrl')} />
        <TextField label="Display Order" type="number" step={1} value={form.displayOrder} onChange={set('displayOrder')} helper="Lower numbers show first." />
      </ItemDialog>
    </ContentListPage>
  );
}
