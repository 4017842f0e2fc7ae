/** The load board detail's card; filled in by the next change of this file. */
export function ClosestCars({ loadId }: { loadId: number }) {
  return <div data-load-id={loadId} />;
}
