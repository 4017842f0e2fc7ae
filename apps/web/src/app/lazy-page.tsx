import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { LoadingState } from '@/components/loading-state';

/**
 * A page whose code is fetched when it is first shown, so that the first page a browser opens carries
 * only its own code. `preload` starts the fetch early (see preloadPagesFor); calling it again reuses the
 * first fetch.
 */
export type LazyPage<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

const allPages = new Set<() => Promise<unknown>>();

export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        // A failed fetch (a dropped connection) is tried again the next time the page is opened.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(preload);
  // Once the code is here the page renders at once, without passing through Suspense again.
  function Page(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  allPages.add(preload);
  return Object.assign(Page, { preload });
}

/** Fetches every lazy page's code (the component tests render the whole app without waiting). */
export async function preloadAllPages(): Promise<void> {
  await Promise.all([...allPages].map((preload) => preload()));
}

const preloads = new WeakMap<RouteObject, () => Promise<unknown>>();

/**
 * The route's element: the page inside a Suspense whose fallback is the app's LoadingState (full page
 * outside the shell), so a page still on its way reads as loading, never as empty.
 */
export function lazyElement<P extends object>(
  route: RouteObject,
  Page: LazyPage<P>,
  props: NoInfer<P>,
  fullPage = false,
): RouteObject {
  const element: ReactNode = (
    <Suspense fallback={<LoadingState fullPage={fullPage} />}>
      <Page {...props} />
    </Suspense>
  );
  const lazyRoute = { ...route, element } as RouteObject;
  preloads.set(lazyRoute, Page.preload);
  return lazyRoute;
}

/**
 * Starts fetching the code of the pages the address opens, before the session check and the shell have
 * rendered: the page's code then arrives alongside the current user instead of after it. Answers once that
 * code has arrived or could not be fetched (it never fails).
 */
export function preloadPagesFor(routes: RouteObject[], pathname: string): Promise<void> {
  const loading: Promise<unknown>[] = [];
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const preload = preloads.get(match.route);
    if (preload) loading.push(preload().catch(() => undefined));
  }
  return Promise.all(loading).then(() => undefined);
}
