import { Button, HStack, List, Text } from '@chakra-ui/react';
import { packageRoutes, type Package, type PackageCreate } from '@bb/contracts';
import { formatDuration, formatPeso } from '../../shared/format';
import { useOffering } from '../../shared/offering/OfferingContext';
import { joinFeatures, packageProblems, parseBookingDuration, parsePrice, splitFeatures } from '../domain/forms';
import { BookingDurationField, TextAreaField, TextField } from '../ui/fields';
import { LineIcon } from '../ui/icons';
import { ImageUpload } from '../ui/ImageUpload';
import { EmptyState } from '../ui/states';
import { CardImage } from './CardImage';
import { ContentListPage } from './ContentListPage';
import { ItemDialog } from './ItemDialog';
import { useCatalogResource, useItemEditor } from './useCatalogResource';

const EMPTY = { name: '', description: '', duration: '', price: '', defaultDuration: '', features: '', imageUrl: '' };
type Form = typeof EMPTY;

export function PackagesPage() {
  const { offering } = useOffering();
  const { editing, form, errors, validate, open, close, set } = useItemEditor<Package, Form>(
    EMPTY,
    (p) => ({
      name: p.name,
      description: p.description,
      duration: p.duration,
      price: String(p.price),
      defaultDuration: p.defaultDuration ? String(p.defaultDuration) : '',
      features: joinFeatures(p.features),
      imageUrl: p.imageUrl,
    }),
    packageProblems,
  );
  const {
    list: packages,
    create,
    update,
    remove,
  } = useCatalogResource(packageRoutes, { noun: 'Package', fetchFailure: 'Failed to fetch packages' }, { query: { offering }, onSaved: close });

  const submit = () => {
    const price = parsePrice(form.price);
    const bookingMinutes = parseBookingDuration(form.defaultDuration);
    if (!validate() || editing === null || price === null || bookingMinutes === undefined) return;
    const body: PackageCreate = {
      name: form.name.trim(),
      description: form.description.trim(),
      duration: form.duration.trim(),
      price,
      features: splitFeatures(form.features),
      imageUrl: form.imageUrl.trim(),
      // Left out when blank on create; cleared explicitly when an edit empties it.
      defaultDuration: bookingMinutes ?? (editing === 'new' ? undefined : null),
      offeringType: editing === 'new' ? offering : editing.offeringType,
    };
    if (editing === 'new') create.mutate(body);
    else update.mutate({ id: editing.id, body });
  };

  // The empty state offers "Add Your First Package"; otherwise (a list, or one that failed to load) the header does.
  return (
    <ContentListPage
      title="Packages"
      description="What visitors can book, with prices and how long a booking takes."
      addLabel="Add Package"
      onAdd={() => open('new')}
      addInHeader={packages.data?.length !== 0}
      query={packages}
      empty={
        <EmptyState
          title="No packages yet"
          text="Create a package so visitors can book it."
          action={
            <Button onClick={() => open('new')}>
              <LineIcon name="plus" />
              Add Your First Package
            </Button>
          }
        />
      }
      card={{
        title: (p) => p.name,
        bodyGap: '2',
        media: (p) => <CardImage src={p.imageUrl} alt={p.name} />,
        body: (p) => (
          <>
            <HStack justify="space-between" align="baseline">
              <Text fontSize="xl" fontWeight="bold">
                {formatPeso(p.price)}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {p.duration}
              </Text>
            </HStack>
            {p.defaultDuration !== null && (
              <Text fontSize="sm" color="fg.muted">
                Booking duration: {formatDuration(p.defaultDuration)}
              </Text>
            )}
            <Text fontSize="sm" lineClamp={3}>
              {p.description}
            </Text>
            {p.features.length > 0 && (
              <List.Root fontSize="sm" ps="4">
                {p.features.map((f) => (
                  <List.Item key={f}>{f}</List.Item>
                ))}
              </List.Root>
            )}
          </>
        ),
      }}
      onEdit={open}
      remove={remove}
    >
      <ItemDialog editing={editing} noun="Package" busy={create.isPending || update.isPending} onClose={close} onSubmit={submit}>
        <TextField label="Name" value={form.name} onChange={set('name')} required error={errors.name} />
        <TextAreaField label="Description" rows={3} value={form.description} onChange={set('description')} required error={errors.description} />
        <HStack align="flex-start" gap="4">
          <TextField label="Price (₱)" value={form.price} onChange={set('price')} required error={errors.price} placeholder="2500" />
          <TextField label="Duration" value={form.duration} onChange={set('duration')} required error={errors.duration} placeholder="2 hours" />
        </HStack>
        <BookingDurationField value={form.defaultDuration} onChange={set('defaultDuration')} error={errors.defaultDuration} />
        <TextField
          label="Features"
          value={form.features}
          onChange={set('features')}
          placeholder="20 edited photos, 2 outfits, Online gallery"
          helper="Separate features with commas."
        />
        <ImageUpload label="Image" value={form.imageUrl} onChange={set('imageUrl')} />
      </ItemDialog>
    </ContentListPage>
  );
}
