import { Suspense, type ReactNode } from 'react';

/** Set while the browser hydrates a page the server rendered: the one synchronous pass that meets every slice. */
let hydrating = false;
/** The slices met in that pass, each let go a task after the one before it. */
let lastSlice: Promise<void> = Promise.resolve();

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Hydrates `hydrate()`'s markup with every slice of it deferred: a slice met while hydrating waits for a task of its
 * own, so the page's blocks hydrate one after another with paints and input between them, not in one long task. The
 * browser's renderer (Preact) hydrates in one pass; React yielded between Suspense boundaries by itself. Resolves once
 * the last slice has hydrated: until then a click on a slice still waiting would meet plain markup.
 */
export function hydrateInSlices(hydrate: () => void): Promise<void> {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
  // A slice hydrates in the microtasks after its task; the task after the last one finds them all done.
  return lastSlice.then(nextTask);
}

function WaitForItsTask({ children }: { children: ReactNode }) {
  // Thrown once, in the hydrating pass: the Suspense boundary keeps the server's markup and hydrates it when the
  // slice's task comes, by which time the pass is over. Rendered on the server or in the browser later, nothing waits.
  if (hydrating) throw (lastSlice = lastSlice.then(nextTask));
  return children;
}

/** A block of a page that hydrates in its own task (see hydrateInSlices); elsewhere a plain Suspense boundary. */
export function HydrationSlice({ children }: { children: ReactNode }) {
  return (
    <Suspense>
      <WaitForItsTask>{children}</WaitForItsTask>
    </Suspense>
  );
}
