import { useParams } from 'react-router-dom';
import { retryableLazy } from '../../shared/errors/retryable-lazy';
import { Island } from '../../shared/islands/Island';
import { useOffering } from '../../shared/offering/OfferingContext';
import { Hero } from '../components/Hero';
import { PALETTE } from '../site';
import { DetailLayout } from './DetailLayout';

const PayBooking = retryableLazy(() => import('../pay/PayBooking'));

function PayContent() {
  const { token = '' } = useParams();
  const { offering } = useOffering();
  return (
    <>
      <title>Pay Your Deposit · Lumière</title>
      {/* The address is a key to someone's booking: keep it out of search results. */}
      <meta name="robots" content="noindex" />
      <Hero compact eyebrow="Your booking" title="Pay to Confirm" />
      <div className="lx-container lx-detail">
        <Island when="now" minHeight="24rem" palette={PALETTE[offering]} loadingText="Loading your payment...">
          <PayBooking token={token} />
        </Island>
      </div>
    </>
  );
}

/** /pay/:token, where a booking that asks a deposit is paid (the booking form sends the visitor here, the payment mail links it). */
export default function PayPage() {
  return (
    <DetailLayout>
      <PayContent />
    </DetailLayout>
  );
}
