// The cache keys of the load board. The list's pages and the detail's load sit under ['loadboard'] so that
// the realtime mapping reaches them without knowing the filters.

export const loadboardQueryKeys = {
  all: ['loadboard'] as const,
  lists: ['loadboard', 'list'] as const,
  list: (query: Record<string, unknown>) => ['loadboard', 'list', query] as const,
  details: ['loadboard', 'detail'] as const,
  detail: (id: number) => ['loadboard', 'detail', id] as const,
};

export const LOADBOARD_API = '/backend/api/v2/loads/loadboard';
