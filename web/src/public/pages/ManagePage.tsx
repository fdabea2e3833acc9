import { useParams } from 'react-router-dom';
import { retryableLazy } from '../../shared/errors/retryable-lazy';
import { Island } from '../../shared/islands/Island';
import { useOffering } from '../../shared/offering/OfferingContext';
import { Hero } from '../components/Hero';
import { PALETTE } from '../site';
import { DetailLayout } from './DetailLayout';

// Buttons, dialogs and toasts: Chakra, drawn into an island like the booking form.
const ManageBooking = retryableLazy(() => import('../manage/ManageBooking'));

function ManageContent() {
  const { token = '' } = useParams();
  // The booking's side once it is known (ManageBooking sets it): its colours, chat and booking links.
  const { offering } = useOffering();
  return (
    <>
      <title>Your Booking · Lumière</title>
      {/* The address is a key to someone's booking: keep it out of search results. */}
      <meta name="robots" content="noindex" />
      <Hero compact eyebrow="Your booking" title="Manage Your Booking" />
      <div className="lx-container lx-detail">
        <Island when="now" minHeight="24rem" palette={PALETTE[offering]} loadingText="Loading your booking...">
          <ManageBooking token={token} />
        </Island>
      </div>
    </>
  );
}

/** /manage/:token, the link of the confirmation mail: the booking, with reschedule, cancel and its calendar file. */
export default function ManagePage() {
  return (
    <DetailLayout>
      <ManageContent />
    </DetailLayout>
  );
}
