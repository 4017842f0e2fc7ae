import { Suspense, useEffect, useState } from 'react';
import { lazyPage } from '@/app/lazy-page';

type VehicleCardProps = { vehicleId: number | null; onClose: () => void };

// The card brings the location and edit dialogs with their date pickers and address search: it is
// fetched once its page has settled, so the page's own code and data come first and a click still opens
// the card at once.
const Card = lazyPage(() => import('./vehicle-card').then((m) => m.VehicleCard));
const FETCH_AFTER_MS = 2000;

/** The vehicle card, whose code is fetched after the page that opens it. */
export function VehicleCard(props: VehicleCardProps) {
  const [opened, setOpened] = useState(props.vehicleId !== null);
  if (props.vehicleId !== null && !opened) setOpened(true);

  useEffect(() => {
    const timer = setTimeout(() => void Card.preload().catch(() => undefined), FETCH_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);

  // Mounted from the first opening on, so that closing keeps the drawer's animation.
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Card {...props} />
    </Suspense>
  );
}
