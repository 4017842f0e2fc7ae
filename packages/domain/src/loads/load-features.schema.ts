import { z } from 'zod';
import { EQUIPMENT_FLAG_IDS, EQUIPMENT_FLAGS } from '../common/lookups';

// The equipment flags a load or a vehicle may need or have, as the older GET load-feature-statuses/ and its
// v2 twin GET statuses/load-features answer them: the field name and the spec's display name.

export const loadFeatureStatusSchema = z.object({
  id: z.enum(EQUIPMENT_FLAG_IDS),
  name: z.string(),
  name_ru: z.string(),
});
export type LoadFeatureStatus = z.infer<typeof loadFeatureStatusSchema>;

export const loadFeatureStatusesResponseSchema = z.array(loadFeatureStatusSchema);

/** Every flag in the spec's order: ppe PPE, straps Straps ... e_tracks E-tracks. */
export const LOAD_FEATURE_STATUSES: LoadFeatureStatus[] = EQUIPMENT_FLAGS.map((flag) => ({
  id: flag.id,
  name: flag.en,
  name_ru: flag.ru,
}));
