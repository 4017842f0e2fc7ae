import type { Theme } from '@mui/material/styles';
import type { Lang, VehicleStatusId } from '@app/domain/common/lookups';
import type { MapLegendItem } from '@/components/map/map-legend';
import { vehicleStatusName, vehicleStatusTone } from './vehicle-display';

// Vehicle status colours on the maps: the same tones as the status chips of the vehicles table (free
// green, not available grey, on load the accent, in bid amber, locked red). The two "In bid" statuses of
// the spec (4 and 7) share one colour and one legend entry.

export function vehicleStatusColor(status: number, theme: Theme): string {
  const tone = vehicleStatusTone(status);
  return tone === 'default' ? theme.palette.grey[500] : theme.palette[tone].main;
}

/** The legend's groups: one per colour, in the spec's order. */
const LEGEND_GROUPS: readonly (readonly VehicleStatusId[])[] = [[1], [2], [3], [4, 7], [5]];

/** The legend entries of the statuses present, with how many vehicles have each. */
export function vehicleStatusLegend(statuses: readonly number[], lang: Lang, theme: Theme): MapLegendItem[] {
  return LEGEND_GROUPS.flatMap((group) => {
    const count = statuses.filter((status) => (group as readonly number[]).includes(status)).length;
    if (count === 0) return [];
    const first = group[0]!;
    return [
      {
        key: `status-${first}`,
        color: vehicleStatusColor(first, theme),
        label: vehicleStatusName(first, lang),
        count,
      },
    ];
  });
}
