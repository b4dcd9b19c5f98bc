import { Skeleton } from './skeleton';

/** Stands for one ProductCard while it loads: same image ratio, two name lines, rating and price rows. */
export function ProductCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex h-full flex-col overflow-hidden rounded-lg border border-gray-200 bg-white">
      <Skeleton className="aspect-[4/3] w-full rounded-none" />
      <div className="flex flex-1 flex-col gap-1 p-2 sm:p-3">
        <div className="flex min-h-10 flex-col gap-1.5 py-0.5">
          <Skeleton className="h-3.5 w-full" />
          <Skeleton className="h-3.5 w-2/3" />
        </div>
        <Skeleton className="h-4 w-24" />
        <Skeleton className="mt-auto h-6 w-20" />
      </div>
    </div>
  );
}
