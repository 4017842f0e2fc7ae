// The cache keys of the load detail's insights. They sit apart from ['loadboard'] on purpose: the board's
// events refresh the list and the detail often, and each posting need not ask again for the closest trucks
// or the lane's rate. The closest trucks follow the vehicles' events instead (app/realtime/live-queries.ts).

export const insightsQueryKeys = {
  all: ['loadboard-insights'] as const,
  closestCars: ['loadboard-insights', 'closest-cars'] as const,
  closestCarsOf: (loadId: number) => ['loadboard-insights', 'closest-cars', loadId] as const,
  ratePrediction: (loadId: number) => ['loadboard-insights', 'rate-prediction', loadId] as const,
  cargoAnalysis: (loadId: number) => ['loadboard-insights', 'cargo-analysis', loadId] as const,
};

export const INSIGHTS_API = '/backend/api';
