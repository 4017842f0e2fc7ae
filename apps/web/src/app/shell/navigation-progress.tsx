import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import LinearProgress from '@mui/material/LinearProgress';

/** A navigation that has not drawn its page after this long shows the bar (most are drawn sooner). */
const SHOW_AFTER_MS = 250;

/**
 * A thin bar at the top of the page while a navigation waits for the next page's code (its route's
 * loader, see lazy-page.tsx): the page shown stays until the next one can be drawn whole.
 */
export function NavigationProgress() {
  const { t } = useTranslation();
  const loading = useNavigation().state === 'loading';
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!loading) return;
    const timer = setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [loading]);
  if (!loading || !shown) return null;
  return (
    <LinearProgress
      aria-label={t('common.openingPage')}
      sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2, zIndex: 1 }}
    />
  );
}
