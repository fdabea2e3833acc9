import { useState } from 'react';
import { Text } from '@chakra-ui/react';
import { newsRoutes, type NewsArticle } from '@bb/contracts';
import { formatNewsDate } from '../../shared/format';
import { useOffering } from '../../shared/offering/OfferingContext';
import { EmptyState } from '../ui/states';
import { CardImage } from './CardImage';
import { ContentListPage } from './ContentListPage';
import { NewsDialog, type NewsValues } from './NewsDialog';
import { useCatalogResource } from './useCatalogResource';

export function NewsPage() {
  const { offering } = useOffering();
  const [dialog, setDialog] = useState<{ article: NewsArticle | null } | null>(null);
  const close = () => setDialog(null);
  const {
    list: news,
    create,
    update,
    remove,
  } = useCatalogResource(newsRoutes, { noun: 'News article', fetchFailure: 'Failed to fetch news' }, { query: { offering }, onSaved: close });

  const submit = (values: NewsValues) => {
    const article = dialog?.article;
    if (article) update.mutate({ id: article.id, body: { ...values, offeringType: article.offeringType } });
    else create.mutate({ ...values, offeringType: offering });
  };

  return (
    <ContentListPage
      title="News"
      description="Articles and announcements on the public page."
      addLabel="Add Article"
      onAdd={() => setDialog({ article: null })}
      query={news}
      empty={<EmptyState text="No news articles yet. Create your first article to get started." />}
      layout="rows"
      card={{
        title: (a) => a.title,
        href: (a) => `/maintenance/news/${a.id}`,
        media: (a) => <CardImage src={a.imageUrl} alt={a.title} />,
        eyebrow: (a) => (
          <Text fontSize="sm" color="fg.muted">
            {formatNewsDate(a.publishedAt)}
          </Text>
        ),
        body: (a) => (
          <Text fontSize="sm" lineClamp={2}>
            {a.excerpt}
          </Text>
        ),
      }}
      onEdit={(article) => setDialog({ article })}
      remove={remove}
    >
      <NewsDialog open={dialog !== null} article={dialog?.article ?? null} busy={create.isPending || update.isPending} onClose={close} onSubmit={submit} />
    </ContentListPage>
  );
}
