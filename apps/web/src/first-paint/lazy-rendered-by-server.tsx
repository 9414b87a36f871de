import type { ComponentType, ReactElement } from 'react';

/*
 * React's lazy() for a part of a server-rendered page that is in a chunk of its own (the apply form's screening
 * questions, docs/decisions/0495). lazy() asks for its chunk only when it first renders, and the server renders
 * with renderToString, which cannot wait: the first render of such a part after a start failed, and the server
 * answered index.html (no title, no link preview, no JobPosting). A part made here renders at once once its
 * chunk is in; the server loads every such chunk before it renders (entry-server.tsx). In the browser it is
 * lazy() as before: its chunk is asked for when it first renders.
 */

type PartModule<P> = { default: ComponentType<P> };

const serverLoads: (() => Promise<unknown>)[] = [];

/**
 * Loads the chunk of every part made so far; resolves with how many there were (loading a chunk may make
 * more: the caller loads again until none is new).
 */
export async function loadLazyPartsForServer(): Promise<number> {
  const count = serverLoads.length;
  await Promise.all(serverLoads.map((load) => load()));
  return count;
}

export function lazyRenderedByServer<P extends object>(
  importPart: () => Promise<PartModule<P>>,
): ComponentType<P> & { load(): Promise<unknown> } {
  let loaded: ComponentType<P> | undefined;
  let failure: { error: unknown } | undefined;
  let loading: Promise<unknown> | undefined;
  // As lazy(): a chunk that failed is not asked for again; the part throws to the nearest error boundary.
  const load = () =>
    (loading ??= importPart().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        failure = { error };
        throw error;
      },
    ));
  serverLoads.push(load);

  function LazyRenderedByServer(props: P): ReactElement {
    if (failure) throw failure.error;
    const Loaded = loaded as ComponentType<object> | undefined;
    if (!Loaded) throw load();
    return <Loaded {...props} />;
  }
  return Object.assign(LazyRenderedByServer, { load });
}
