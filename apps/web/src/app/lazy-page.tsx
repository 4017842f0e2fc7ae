import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, type HydrationState, type RouteObject } from 'react-router';
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
 * The route of a lazy page. Its loader waits for the page's code, so that a navigation within the app keeps
 * the page shown until the next one can be drawn whole: no loading frame in between (React would also hold
 * back the page that replaces such a frame for 300 ms). The first address's pages are not waited for
 * (firstLoadHydration): their code is already on its way (preloadPagesFor) and the element's Suspense
 * shows the app's LoadingState (full page outside the shell) until it is here. The route's id is its path
 * unless given (a route without a path must be given one).
 */
export function lazyElement<P extends object>(
  route: RouteObject,
  Page: LazyPage<P>,
  props: NoInfer<P>,
  fullPage = false,
): RouteObject {
  const id = route.id ?? route.path;
  if (!id) throw new Error('a lazy route without a path needs an id');
  const loading = <LoadingState fullPage={fullPage} />;
  const element: ReactNode = (
    <Suspense fallback={loading}>
      <Page {...props} />
    </Suspense>
  );
  const lazyRoute = {
    ...route,
    id,
    element,
    loader: () => Page.preload().then(() => null),
    hydrateFallbackElement: loading,
    // The code is fetched once: a change of the address's query within the page asks nothing again.
    shouldRevalidate: () => false,
  } as RouteObject;
  preloads.set(lazyRoute, Page.preload);
  return lazyRoute;
}

/**
 * What the router is told of the first address's lazy pages: already loaded, so their loaders do not run
 * and the first frame is drawn at once (with the pages' loading state until their code is here).
 */
export function firstLoadHydration(routes: RouteObject[], pathname: string): HydrationState {
  const loaderData: Record<string, null> = {};
  for (const match of matchRoutes(routes, pathname) ?? []) {
    if (match.route.id && preloads.has(match.route)) loaderData[match.route.id] = null;
  }
  return { loaderData };
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
