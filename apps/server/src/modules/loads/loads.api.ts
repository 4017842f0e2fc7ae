import type { RequireAuth } from '../auth/require-auth';
import type { LoadsService } from './loads.service';

// What the loads route files share: the API's path, its tag in the API docs, and their options.

export const LOADS_API = '/backend/api/v2/loads';
export const LOADS_TAGS = ['loads'];

export type LoadsRoutesOptions = { loads: LoadsService; requireAuth: RequireAuth };
