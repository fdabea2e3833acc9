import { Link as RouterLink, useParams } from 'react-router-dom';
import { formatNewsDate } from '../../shared/format';
import { ItemImage } from '../components/ItemImage';
import { StatusText } from '../components/StatusText';
import { FETCH_FAILED, useCatalog } from '../hooks/useCatalog';
import { BackLink, DetailLayout } from './DetailLayout';
import { NotFoundBlock } from './NotFoundPage';

function NewsDetail() {
  const { id } = useParams();
  const query = useCatalog('news');
  if (query.isPending) return <StatusText>Loading news....</StatusText>;
  if (query.isError) return <StatusText tone="error">{FETCH_FAILED.news}</StatusText>;
  const article = query.data.find((n) => n.id === id);
  if (!article) return <NotFoundBlock title="Article Not Found" text="This article is no longer available or the link is incorrect." />;

  return (
    <div className="lx-container lx-detail">
      <title>{`${article.title} · Lumière`}</title>
      <article className="lx-article">
        <BackLink to="/landing#news">Back to News</BackLink>
        <p className="lx-article-meta">
          <time dateTime={article.publishedAt}>{formatNewsDate(article.publishedAt)}</time>
          {article.category && ` · ${article.category}`}
        </p>
        <h1>{article.title}</h1>
        <p className="lx-article-excerpt">{article.excerpt}</p>
        {article.imageUrl && <ItemImage src={article.imageUrl} alt={article.title} side="clinic" index={0} ratio={16 / 9} className="lx-rounded" eager />}
        {/* Plain text with its line breaks kept: staff-written content is never rendered as HTML. */}
        <p className="lx-article-content">{article.content}</p>
        <RouterLink to="/landing#booking" className="lx-btn lx-btn--lg">
          Book Your Appointment
        </RouterLink>
      </article>
    </div>
  );
}

export default function NewsPage() {
  return (
    <DetailLayout>
      <NewsDetail />
    </DetailLayout>
  );
}
