import { z } from 'zod';

// The address lookup (US and Canada) and route estimate contract. A lookup result has the shape of the
// maps service's place answer, so the browser can use either the built-in gazetteer or Google Places.

export const COUNTRY_IDS = ['US', 'CA'] as const;
export const countrySchema = z.enum(COUNTRY_IDS, { error: 'Must be US or CA' });

export const latitudeSchema = z
  .number({ error: 'Must be a latitude' })
  .min(-90, { error: 'Must be a latitude' })
  .max(90, { error: 'Must be a latitude' });
export const longitudeSchema = z
  .number({ error: 'Must be a longitude' })
  .min(-180, { error: 'Must be a longitude' })
  .max(180, { error: 'Must be a longitude' });

export const geoPointSchema = z.object({ lat: latitudeSchema, lon: longitudeSchema });

/** The parts of an address, named as the maps service names them; null when the place has none. */
export const addressComponentsSchema = z.object({
  postal_code: z.string().nullable(),
  /** The city. */
  locality: z.string().nullable(),
  /** The state or province code: 'IL', 'ON'. */
  administrative_area_level_1: z.string().nullable(),
  country: countrySchema,
  street_number: z.string().nullable(),
  route: z.string().nullable(),
  /** The place's own name: the city, or a business at the address. */
  name: z.string().nullable(),
});
export type AddressComponents = z.infer<typeof addressComponentsSchema>;

export const addressLookupResultSchema = z.object({
  formatted_address: z.string(),
  lat: latitudeSchema,
  lon: longitudeSchema,
  components: addressComponentsSchema,
});
export type AddressLookupResult = z.infer<typeof addressLookupResultSchema>;

export const ADDRESS_LOOKUP_MAX_RESULTS = 20;

/** Suggestions for typed text: a city, a postal code, or a street line in front of a city. */
export const addressLookupQuerySchema = z.object({
  query: z
    .string({ error: 'This field is required' })
    .trim()
    .min(2, { error: 'Type at least 2 characters' })
    .max(200, { error: 'Must have at most 200 characters' }),
  country: countrySchema.optional(),
  limit: z.coerce.number().int().min(1).max(ADDRESS_LOOKUP_MAX_RESULTS).default(10),
});
export type AddressLookupQuery = z.infer<typeof addressLookupQuerySchema>;

export const addressLookupResponseSchema = z.object({ results: z.array(addressLookupResultSchema) });
export type AddressLookupResponse = z.infer<typeof addressLookupResponseSchema>;

/** A route through points in order. */
export const routeEstimateRequestSchema = z.object({
  points: z.array(geoPointSchema).min(2, { error: 'A route needs at least 2 points' }).max(50),
});
export type RouteEstimateRequest = z.infer<typeof routeEstimateRequestSchema>;

/** Driving miles and hours on the road (at 50 mph). */
export const routeEstimateSchema = z.object({
  miles: z.number().int().min(0),
  hours: z.number().min(0),
});
export type RouteEstimate = z.infer<typeof routeEstimateSchema>;
