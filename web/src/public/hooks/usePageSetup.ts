import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { Side } from '@bb/contracts';
import { storedOffering, useOffering } from '../../shared/offering/OfferingContext';

/**
 * /clinic and /studio make their side the visitor's current offering, stored on visit (the
 * spec's routes table) even when it already is the one in use by default; a manage page makes
 * it its booking's side once that is known (undefined until then).
 */
export function useSetOffering(side: Side | undefined) {
  const { offering, setOffering } = useOffering();
  useEffect(() => {
    if (side && (offering !== side || storedOffering() !== side)) setOffering(side);
  }, [offering, side, setOffering]);
}

/**
 * A page reached with a #section (from another page, or a reload) opens on that section: the
 * browser cannot scroll there itself because the section did not exist when the URL loaded.
 */
export function useScrollToHashOnArrival() {
  const { hash } = useLocation();
  // Only on arrival (no dependencies on purpose): later in-page anchors are the browser's own business.
  const [arrivalHash] = useState(hash);
  useEffect(() => {
    if (!arrivalHash) return;
    document.getElementById(decodeURIComponent(arrivalHash.slice(1)))?.scrollIntoView({ behavior: 'instant', block: 'start' });
  }, [arrivalHash]);
}
