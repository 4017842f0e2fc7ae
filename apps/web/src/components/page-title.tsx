import { createContext, useContext, useEffect } from 'react';

// A page that knows a better name than its route (a load's number) gives it to the browser tab through
// usePageTitle; the shell writes the tab title from it, or from the route when no page names itself.

type SetPageTitle = (title: string | null) => void;

export const PageTitleContext = createContext<SetPageTitle>(() => {});

/** Names the browser tab after this page while it is shown; null leaves the route's title. */
export function usePageTitle(title: string | null): void {
  const setTitle = useContext(PageTitleContext);
  useEffect(() => {
    setTitle(title);
    return () => setTitle(null);
  }, [title, setTitle]);
}
