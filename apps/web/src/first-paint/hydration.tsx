import { Suspense, type ReactElement } from 'react';

/*
 * Hydrating a server-rendered page in two tasks (docs/decisions/0222). Hydration runs in one go, and a phone
 * cannot answer a tap until it ends: for the apply page that was the longest task of the load. The parts in
 * <HydrateLater> suspend during the first pass; Preact keeps their server markup as it is and hydrates
 * them when released, in a task of its own. The loader's `careersBoot` keeps what the candidate did in
 * between (main.tsx hands it over once everything is hydrated).
 */
let held: Promise<void> | null = null;
let release: (() => void) | null = null;

/** Before hydrateRoot: the parts in <HydrateLater> wait for releaseHydration(). */
export function holdHydration(): void {
  held = new Promise((resolve) => {
    release = () => {
      held = null;
      release = null;
      resolve();
    };
  });
}

/** Hydrates the held parts (in this task's microtasks). */
export function releaseHydration(): void {
  release?.();
}

function Held({ children }: { children: ReactElement }) {
  if (held) throw held;
  return children;
}

/**
 * Its child is hydrated after the rest of the page while hydration is held, and rendered at once otherwise.
 * The child renders one element: Preact keeps exactly one server node for a part that waits.
 */
export function HydrateLater({ children }: { children: ReactElement }) {
  return (
    <Suspense fallback={null}>
      <Held>{children}</Held>
    </Suspense>
  );
}
