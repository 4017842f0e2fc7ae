// The company settings' queries: every section of the settings page keeps its answer under company/my, so
// one invalidation of `settings` (after a colleague's save, update_company) asks every section again.
export const companyQueryKeys = {
  settings: ['company', 'my'] as const,
};
