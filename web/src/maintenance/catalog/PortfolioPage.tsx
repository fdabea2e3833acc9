import { Badge, Text } from '@chakra-ui/react';
import { portfolioRoutes, type PortfolioCreate, type PortfolioItem } from '@bb/contracts';
import { useOffering } from '../../shared/offering/OfferingContext';
import { portfolioProblems } from '../domain/forms';
import { TextAreaField, TextField } from '../ui/fields';
import { ImageUpload } from '../ui/ImageUpload';
import { EmptyState } from '../ui/states';
import { CardImage } from './CardImage';
import { ContentListPage } from './ContentListPage';
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
  const {
    list: items,
    create,
    update,
    remove,
  } = useCatalogResource(portfolioRoutes, { noun: 'Portfolio item', fetchFailure: 'Failed to fetch portfolio' }, { query: { offering }, onSaved: close });

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
    <ContentListPage
      title="Portfolio"
      description="Showcase images on the public page."
      addLabel="Add Item"
      onAdd={() => open('new')}
      query={items}
      empty={<EmptyState title="No portfolio items yet" text="Add images of your best work." />}
      layout={{ grid: { base: 1, md: 2, lg: 3 } }}
      card={{
        title: (item) => item.title,
        bodyGap: '2',
        media: (item) => <CardImage src={item.imageUrl} alt={item.title} />,
        body: (item) => (
          <>
            <Badge alignSelf="flex-start" variant="outline">
              {item.category}
            </Badge>
            {item.description && (
              <Text fontSize="sm" color="fg.muted" lineClamp={3}>
                {item.description}
              </Text>
            )}
          </>
        ),
      }}
      onEdit={open}
      remove={remove}
    >
      <ItemDialog editing={editing} noun="Portfolio Item" busy={create.isPending || update.isPending} onClose={close} onSubmit={submit}>
        <TextField label="Title" value={form.title} onChange={set('title')} required error={errors.title} />
        <TextField label="Category" value={form.category} onChange={set('category')} required error={errors.category} placeholder="Portraits" />
        <TextAreaField label="Description" rows={3} value={form.description} onChange={set('description')} />
        <ImageUpload label="Image" value={form.imageUrl} onChange={set('imageUrl')} required error={errors.imageUrl} />
      </ItemDialog>
    </ContentListPage>
  );
}
