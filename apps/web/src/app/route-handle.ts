import type { UIMatch } from 'react-router';
import type { MenuName } from '@app/domain/shell/menu.rules';
import type { CurrentUser } from '@/lib/current-user';
import { menuHasPath } from '@/lib/current-user';

/** What a route tells the shell: its title and the menu entry it belongs to. */
export type RouteHandle = {
  /** The menu entry whose label is the page title. */
  menu?: MenuName;
  /** The group the entry sits in, shown before the title. */
  parent?: MenuName;
  /** A title that is not a menu label (an i18n key). */
  titleKey?: string;
  /** The menu path that grants access to the route and is highlighted in the menu. */
  menuPath?: string;
  /** The entry to highlight when it differs from menuPath (the dashboard decides access itself). */
  highlightPath?: string;
  /** Roles that may open the route by a direct link even though their menu does not list it. */
  alsoRoles?: readonly number[];
};

/** The handle of the deepest matched route that has one. */
export function currentHandle(matches: UIMatch[]): RouteHandle {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as RouteHandle | undefined;
    if (handle) return handle;
  }
  return {};
}

/** A route is open to a user whose menu lists its menu path; routes outside the menu are open to all. */
export function isRouteAllowed(handle: RouteHandle, user: CurrentUser): boolean {
  if (!handle.menuPath) return true;
  if (menuHasPath(user.menu, handle.menuPath)) return true;
  if (user.is_superuser) return true;
  return user.role !== null && (handle.alsoRoles ?? []).includes(user.role);
}
