import { Badge, Button, Card, SimpleGrid, Text } from '@chakra-ui/react';
import { portfolioRoutes, type PortfolioCreate, type PortfolioItem } from '@bb/contracts';
import { useOffering } from '../../shared/offering/OfferingContext';
import { portfolioProblems } from '../domain/forms';
import { TextAreaField, TextField } from '../ui/fields';
import { LineIcon } from '../ui/icons';
import { ImageUpload } from '../ui/ImageUpload';
import { PageHeader } from '../ui/PageHeader';
import { ListStates } from '../ui/ListStates';
import { EmptyState } from '../ui/states';
import { CardActions } from './CardActions';
import { CardImage } from './CardImage';
import { ItemDialog } from './ItemDialog';
import { useCatalogResource, useItemEditor } from './useCatalogResource';

const EMPTY = { title: '', description: '', category: '', imageUrl: '' };
type Form = typeof EMPTY;

export function PortfolioPage() {
  const { offering } = useOffering();
  const { editing, form, errors, validate, open, close, set } = useItemEditor<PortfolioItem, Form>(
    EMPTY,
    (item) => ({ title: item.title, description: item.description, category: item.category, imageUrl: item.imageUrl }),
    portfolioProblems,
  );
  const { list: items, create, update, remove } = useCatalogResource(portfolioRoutes, { noun: 'Portfolio item', fetchFailure: 'Failed to fetch portfolio' }, { query: { offering }, onSaved: close });

  const submit = () => {
    if (!validate() || editing === null) return;
    const body: PortfolioCreate = {
      title: form.title.trim(),
      description: form.description.trim(),
      category: form.category.trim(),
      imageUrl: form.imageUrl.trim(),
      offeringType: editing === 'new' ? offering : editing.offeringType,
    };
    if (editing === 'new') create.mutate(body);
    else update.mutate({ id: editing.id, body });
  };

  return (
    <>
      <PageHeader
        title="Portfolio"
        description="Showcase images on the public page."
        actions={
          <Button onClick={() => open('new')}>
            <LineIcon name="plus" />
            Add Item
          </Button>
        }
      />
      <ListStates
        query={items}
        loadingText="Loading portfolio..."
        errorText="Portfolio could not be loaded."
        empty={<EmptyState title="No portfolio items yet" text="Add images of your best work." />}
      >
        {(items) => (
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
            {items.map((item) => (
              <Card.Root key={item.id} overflow="hidden">
                <CardImage src={item.imageUrl} alt={item.title} />
                <Card.Body gap="2">
                  <Card.Title as="h2">{item.title}</Card.Title>
                  <Badge alignSelf="flex-start" variant="outline">
                    {item.category}
                  </Badge>
                  {item.description && (
                    <Text fontSize="sm" color="fg.muted" lineClamp={3}>
                      {item.description}
                    </Text>
                  )}
                </Card.Body>
                <Card.Footer>
                  <CardActions name={item.title} onEdit={() => open(item)} onDelete={() => remove.mutate(item.id)} />
                </Card.Footer>
              </Card.Root>
            ))}
          </SimpleGrid>
        )}
      </ListStates>
      <ItemDialog editing={editing} noun="Portfolio Item" busy={create.isPending || update.isPending} onClose={close} onSubmit={submit}>
        <TextField label="Title" value={form.title} onChange={set('title')} required error={errors.title} />
        <TextField label="Category" value={form.category} onChange={set('category')} required error={errors.category} placeholder="Portraits" />
        <TextAreaField label="Description" rows={3} value={form.description} onChange={set('description')} />
        <ImageUpload label="Image" value={form.imageUrl} onChange={set('imageUrl')} required error={errors.imageUrl} />
      </ItemDialog>
    </>
  );
}
