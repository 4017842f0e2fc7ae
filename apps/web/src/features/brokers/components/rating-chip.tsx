import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';
import { brokerRating } from '@app/domain/brokers/brokers.rules';
import { currentLang } from '@/i18n/i18n';

type RatingChipProps = {
  rating: number | null | undefined;
  /** Opens the rating (a button chip) when given. */
  onClick?: () => void;
  /** A chip of a choice: filled when chosen. */
  selected?: boolean;
};

/** A broker's rating in its colour: 1 Unknown, 2 Not Approved, 3 Approved, 4 Severe Risk, 5 Call Office. */
export function RatingChip({ rating, onClick, selected }: RatingChipProps) {
  useTranslation();
  const { name, color } = brokerRating(rating, currentLang());
  const filled = selected === true;
  return (
    <Chip
      label={name}
      onClick={onClick}
      aria-pressed={selected === undefined ? undefined : filled}
      variant={filled ? 'filled' : 'outlined'}
      sx={{
        height: 22,
        fontWeight: 500,
        borderColor: color,
        color: filled ? '#fff' : color,
        bgcolor: filled ? color : alpha(color, 0.08),
        '&&:hover': { bgcolor: filled ? color : alpha(color, 0.16) },
        '& .MuiChip-label': { px: 1 },
      }}
    />
  );
}
