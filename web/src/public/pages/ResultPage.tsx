import { Link as RouterLink, useParams } from 'react-router-dom';
import { formatPeso } from '../../shared/format';
import { Hero } from '../components/Hero';
import { ItemImage } from '../components/ItemImage';
import { StatusText } from '../components/StatusText';
import { bookItemHref } from '../domain/navigation';
import { detailDuration } from '../domain/treatment';
import { FETCH_FAILED, useCatalog } from '../hooks/useCatalog';
import { BackLink, DetailLayout, Facts } from './DetailLayout';
import { NotFoundBlock } from './NotFoundPage';

function ResultDetail() {
  const { id } = useParams();
  const results = useCatalog('results');
  const treatments = useCatalog('treatments');
  if (results.isPending) return <StatusText>Loading...</StatusText>;
  if (results.isError) return <StatusText tone="error">{FETCH_FAILED.results}</StatusText>;
  const index = results.data.findIndex((r) => r.id === id);
  const result = results.data[index];
  if (!result) return <NotFoundBlock title="Result Not Found" text="This result is no longer shown or the link is incorrect." />;
  const treatment = treatments.data?.find((t) => t.id === result.treatmentId);

  return (
    <>
      <title>Amazing Results · Lumière Clinic</title>
      <Hero compact eyebrow={result.category || 'Before and after'} title="Amazing Results" />
      <div className="lx-container lx-detail">
        <BackLink to="/landing#results">Back to Results</BackLink>
        <div className="lx-pair">
          {(['Before', 'After'] as const).map((label, i) => (
            <figure key={label}>
              <ItemImage
                src={label === 'Before' ? result.beforeImageUrl : result.afterImageUrl}
                alt={`${label} the treatment`}
                side="clinic"
                index={index * 2 + i}
                ratio={1}
                className="lx-rounded"
                eager
              />
              <figcaption>{label}</figcaption>
            </figure>
          ))}
        </div>
        <p className="lx-prose lx-spaced">{result.description}</p>
        {treatment && (
          <section aria-labelledby="about-treatment" className="lx-panel lx-stack">
            <h2 id="about-treatment" className="lx-h3">
              About This Treatment
            </h2>
            <h3>{treatment.name}</h3>
            <p className="lx-prose">{treatment.description}</p>
            <Facts
              facts={[
                ['Duration', detailDuration(treatment)],
                ['Price', formatPeso(treatment.price)],
              ]}
            />
            <RouterLink to={bookItemHref(treatment.id)} className="lx-btn lx-btn--lg">
              Book This Treatment
            </RouterLink>
          </section>
        )}
      </div>
    </>
  );
}

export default function ResultPage() {
  return (
    <DetailLayout>
      <ResultDetail />
    </DetailLayout>
  );
}
