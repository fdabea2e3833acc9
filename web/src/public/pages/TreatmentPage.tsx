import { Link as RouterLink, useParams } from 'react-router-dom';
import { formatPeso } from '../../shared/format';
import { Hero } from '../components/Hero';
import { CheckIcon } from '../components/icons';
import { ItemImage } from '../components/ItemImage';
import { StatusText } from '../components/StatusText';
import { bookItemHref } from '../domain/navigation';
import { detailDuration } from '../domain/treatment';
import { FETCH_FAILED, useCatalog } from '../hooks/useCatalog';
import { BackLink, DetailLayout, Facts } from './DetailLayout';
import { NotFoundBlock } from './NotFoundPage';

function TreatmentDetail() {
  const { id } = useParams();
  const query = useCatalog('treatments');
  if (query.isPending) return <StatusText>Loading...</StatusText>;
  if (query.isError) return <StatusText tone="error">{FETCH_FAILED.treatments}</StatusText>;
  const index = query.data.findIndex((t) => t.id === id);
  const treatment = query.data[index];
  if (!treatment) return <NotFoundBlock title="Treatment Not Found" text="This treatment is no longer offered or the link is incorrect." />;

  return (
    <>
      <title>{`${treatment.name} · Lumière Clinic`}</title>
      <Hero compact eyebrow="Treatment" title={treatment.name} />
      <div className="lx-container lx-detail">
        <BackLink to="/landing#treatments">Back to Treatments</BackLink>
        <div className="lx-detail-grid">
          <ItemImage src={treatment.imageUrl} alt={treatment.name} side="clinic" index={index} className="lx-rounded" eager />
          <div className="lx-stack">
            <p className="lx-prose">{treatment.description}</p>
            <Facts
              facts={[
                ['Duration', detailDuration(treatment)],
                ['Price', formatPeso(treatment.price)],
              ]}
            />
            {treatment.whatToExpect.length > 0 && (
              <div>
                <h2 className="lx-h3">What to Expect</h2>
                <ul className="lx-checklist">
                  {treatment.whatToExpect.map((step) => (
                    <li key={step}>
                      <CheckIcon />
                      {step}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <RouterLink to={bookItemHref(treatment.id)} className="lx-btn lx-btn--lg">
              Book This Treatment
            </RouterLink>
          </div>
        </div>
      </div>
    </>
  );
}

export default function TreatmentPage() {
  return (
    <DetailLayout>
      <TreatmentDetail />
    </DetailLayout>
  );
}
