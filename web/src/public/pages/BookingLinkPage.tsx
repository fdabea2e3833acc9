import type { ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import { Island } from '../../shared/islands/Island';
import { useOffering } from '../../shared/offering/OfferingContext';
import { Hero } from '../components/Hero';
import { PALETTE } from '../site';
import { DetailLayout } from './DetailLayout';

interface BookingLinkProps {
  /** The document's title. */
  title: string;
  heroTitle: string;
  loadingText: string;
  /** What the link opens, drawn into an island (Chakra: buttons, dialogs and toasts) like the booking form. */
  Booking: ComponentType<{ token: string }>;
}

function BookingLinkContent({ title, heroTitle, loadingText, Booking }: BookingLinkProps) {
  const { token = '' } = useParams();
  // The booking's side once it is known (the island sets it): its colours, chat and booking links.
  const { offering } = useOffering();
  return (
    <>
      <title>{title}</title>
      {/* The address is a key to someone's booking: keep it out of search results. */}
      <meta name="robots" content="noindex" />
      <Hero compact eyebrow="Your booking" title={heroTitle} />
      <div className="lx-container lx-detail">
        <Island when="now" minHeight="24rem" palette={PALETTE[offering]} loadingText={loadingText}>
          <Booking token={token} />
        </Island>
      </div>
    </>
  );
}

/** A page a booking's own link opens (`/:kind/:token`): the manage page, the pay page. */
export function BookingLinkPage(props: BookingLinkProps) {
  return (
    <DetailLayout>
      <BookingLinkContent {...props} />
    </DetailLayout>
  );
}
