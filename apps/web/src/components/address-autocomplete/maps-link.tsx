import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import MapOutlined from '@mui/icons-material/MapOutlined';
import { mapsLinkForPoint, mapsLinkForRoute } from '@app/domain/geo/geo.rules';

export type MapsLinkProps = {
  /** One point opens the point; two or more open driving directions through them in order. */
  points: { lat: number | null; lon: number | null }[];
  label?: string;
};

/** Opens the place or the route in Google Maps in a new tab; disabled while no point has coordinates. */
export function MapsLink({ points, label }: MapsLinkProps) {
  const { t } = useTranslation();
  const href = points.length === 1 ? mapsLinkForPoint(points[0]!) : mapsLinkForRoute(points);
  const text = label ?? (points.length > 1 ? t('address.openRoute') : t('address.openMap'));
  if (!href) {
    return (
      <Button size="small" startIcon={<MapOutlined />} disabled>
        {text}
      </Button>
    );
  }
  return (
    <Button
      size="small"
      startIcon={<MapOutlined />}
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
    >
      {text}
    </Button>
  );
}
