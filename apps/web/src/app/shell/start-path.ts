import { startPathForRole, effectiveRole } from '@app/domain/shell/menu.rules';
import type { CurrentUser } from '@/lib/current-user';
import { menuHasPath, menuPaths } from '@/lib/current-user';

/**
 * Where a user starts: the role's start page (roles 6, 7, 8 and 13 have their own) when the menu lists it,
 * otherwise the first page of the menu; null when the menu has no page at all.
 */
export function startPathFor(user: CurrentUser): string | null {
  const preferred = startPathForRole(effectiveRole(user));
  if (menuHasPath(user.menu, preferred)) return preferred;
  return menuPaths(user.menu)[0] ?? null;
}
