import { Suspense, useId, useLayoutEffect, useRef, useState, type ComponentType, type ReactElement } from 'react';
import { holdInput, type EarlyInput } from './early-input';
import { USE_EVENTS, USED_ATTRIBUTE } from './part-use';
import { replayEarlyInput } from './replay-input';

/*
 * Parts of a server-rendered page hydrated on their first use (docs/decisions/0464). Hydrating the whole
 * careers page or /jobs at load was most of their Total Blocking Time, spent on forms most visitors never
 * touch. A part made with hydrateOnUse() is in the server's HTML as usual and in no script of the first load:
 * while the page hydrates it suspends, and Preact keeps its server markup as it is (as for <HydrateLater>).
 * Its first use (a pointer over it or pressed on it, the focus or a key in it, an input, a file dragged onto
 * it) loads its chunk and hydrates those same nodes, so the focus stays where it was. What was done in it
 * meanwhile is held as the page's inline script holds the page's early input (early-input.ts) and handed over
 * once it is hydrated: the text typed into its fields, the files chosen or dropped, the last button tapped and
 * a form sent (with Enter too: a form whose button waits for its script is sent by Enter once it is hydrated).
 */

/**
 * True while the server's page is being hydrated: from the page's inline script (which holds its early input)
 * until that input is handed over, after the page's hydration (hydrate.ts). False on a page built in the
 * browser, and for every part rendered later.
 */
function hydratingPage(): boolean {
  return typeof window !== 'undefined' && window.careersBoot?.hydrated === false;
}

type PartModule<P> = { default: ComponentType<P> };

/** A part's chunk: loaded once, on use in the browser, before rendering on the server. */
interface PartChunk<P> {
  load(): Promise<ComponentType<P>>;
  loaded(): ComponentType<P> | undefined;
  /** The last load's failure, until the next load. */
  failure(): { error: unknown } | undefined;
}

const serverParts: PartChunk<unknown>[] = [];

/**
 * The portal's server renders the page's parts with the page (entry-server.tsx): it loads every part's
 * module first, as it does the page's, since a render cannot wait for one. Resolves with how many parts there
 * were: a part's module may make more (entry-server.tsx loads again until none is new).
 */
export async function loadPartsForServer(): Promise<number> {
  const count = serverParts.length;
  await Promise.all(serverParts.map((part) => part.load()));
  return count;
}

function partChunk<P>(importPart: () => Promise<PartModule<P>>): PartChunk<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  let failure: { error: unknown } | undefined;
  return {
    load: () => {
      if (!loading) {
        failure = undefined;
        loading = importPart().then(
          (module) => (loaded = module.default),
          (error: unknown) => {
            failure = { error };
            loading = undefined;
            throw error;
          },
        );
      }
      return loading;
    },
    loaded: () => loaded,
    failure: () => failure,
  };
}

/** A part's state while the page runs: whether it was used, and what was done in it until it hydrated. */
interface PartUse {
  /** Its first use asks for its chunk (again, after a load that failed). */
  start(): void;
  started: boolean;
  /** Resolves once its chunk is in after a use: then it hydrates. */
  ready: Promise<void>;
  held: EarlyInput;
  /** Files dropped on it before it was hydrated, and where. */
  dropped: { target: EventTarget; files: File[] } | null;
  /** Stops listening to its element. */
  stop(): void;
}

function partUse(chunk: PartChunk<unknown>): PartUse {
  let loadedAfterUse!: () => void;
  const use: PartUse = {
    start: () => {
      if (use.started) return;
      use.started = true;
      // A chunk that failed to load (the network dropped) is asked for again on the next use.
      chunk.load().then(loadedAfterUse, () => (use.started = false));
    },
    started: false,
    ready: new Promise<void>((resolve) => (loadedAfterUse = resolve)),
    held: { hydrated: false, pending: null, clicked: null, files: [] },
    dropped: null,
    stop: () => undefined,
  };
  return use;
}

const TEXT_FIELD = /^(text|email|search|tel|url|password|number|date|datetime-local|month|week|time)$/;
const isTextField = (node: EventTarget | null): node is HTMLInputElement =>
  node instanceof HTMLInputElement && TEXT_FIELD.test(node.type);

/**
 * Text typed and choices made in the server's fields before hydration: the fields keep them, but the app's
 * state does not have them yet, so each changed field gets the event its handler listens to.
 */
function handOverFields(root: Element): void {
  const fire = (field: Element, type: 'input' | 'change') => field.dispatchEvent(new Event(type, { bubbles: true }));
  root.querySelectorAll('input, textarea, select').forEach((field) => {
    if (field instanceof HTMLTextAreaElement || isTextField(field)) {
      if (field.value !== field.defaultValue) fire(field, 'input');
    } else if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked !== field.defaultChecked) fire(field, 'change');
    } else if (field instanceof HTMLSelectElement) {
      if ([...field.options].some((option) => option.selected !== option.defaultSelected)) fire(field, 'change');
    }
  });
}

/** Files dropped before hydration, dropped again where they were (a drop's own data is gone once it ends). */
function handOverDrop(use: PartUse): boolean {
  const drop = use.dropped;
  use.dropped = null;
  if (!drop || !(drop.target instanceof Node) || !drop.target.isConnected) return false;
  const event = new Event('drop', { bubbles: true, cancelable: true });
  let dataTransfer: unknown;
  try {
    const data = new DataTransfer();
    drop.files.forEach((file) => data.items.add(file));
    dataTransfer = data;
  } catch {
    // No DataTransfer constructor (older browsers): the app reads only the files.
    dataTransfer = { files: drop.files, types: ['Files'] };
  }
  Object.defineProperty(event, 'dataTransfer', { value: dataTransfer });
  drop.target.dispatchEvent(event);
  return true;
}

/** Listens on the part's element until it is hydrated: its first use starts it; what is done is held. */
function watch(element: HTMLElement, use: PartUse): void {
  const stopHolding = holdInput(element, use.held);
  const onKey = (event: KeyboardEvent) => {
    // Enter in a field sends its form, even while the form's button waits for the script.
    if (use.held.hydrated || event.key !== 'Enter' || !isTextField(event.target) || !event.target.form) return;
    event.preventDefault();
    use.held.pending = event.target.form;
  };
  // A file dragged over the part may be dropped: the browser would open it in place of the page.
  const onDragOver = (event: DragEvent) => {
    if (!use.held.hydrated) event.preventDefault();
  };
  const onDrop = (event: DragEvent) => {
    if (use.held.hydrated || !event.target) return;
    event.preventDefault();
    use.dropped = { target: event.target, files: [...(event.dataTransfer?.files ?? [])] };
  };
  const listeners: [string, (event: never) => void][] = [
    ...USE_EVENTS.map((type) => [type, use.start] as [string, () => void]),
    ['keydown', onKey],
    ['dragover', onDragOver],
    ['drop', onDrop],
  ];
  listeners.forEach(([type, listener]) => element.addEventListener(type, listener as EventListener, true));
  use.stop = () => {
    stopHolding();
    listeners.forEach(([type, listener]) => element.removeEventListener(type, listener as EventListener, true));
  };
  // Used before the page was hydrated (the focus already in it, text already typed, or used before the page's
  // scripts ran on a page started on use): no event will say so.
  const active = document.activeElement;
  if (
    element.hasAttribute(USED_ATTRIBUTE) ||
    (active && active !== element && element.contains(active)) ||
    fieldsChanged(element)
  )
    use.start();
}

function fieldsChanged(root: Element): boolean {
  return [...root.querySelectorAll('input, textarea')].some(
    (field) => (field instanceof HTMLTextAreaElement || isTextField(field)) && field.value !== field.defaultValue,
  );
}

/** Where Preact's useId counts a subtree's ids: a prefix and the next number. */
type IdMask = [string, number];

/** Renders the part once its chunk is in, and, while the page hydrates, only once it was used. */
function Part<P extends object>({
  chunk,
  props,
  use,
  onHydrated,
  mask,
}: {
  chunk: PartChunk<P>;
  props: P;
  use: PartUse | null;
  onHydrated: () => void;
  mask: IdMask;
}) {
  // Runs after the commit that hydrated it: its handlers are then on the server's nodes.
  useLayoutEffect(onHydrated, [onHydrated]);
  const Loaded = chunk.loaded();
  if (use && !(use.started && Loaded)) throw use.ready;
  if (!Loaded) {
    const failed = chunk.failure();
    // As a page whose chunk failed (app/router.tsx): to the error boundary, rather than asking again and again.
    if (failed) throw failed.error;
    throw chunk.load();
  }
  const Rendered = Loaded as ComponentType<object>;
  // Preact's useId counts on the nearest vnode with a mask (`__m`, the name Preact and preact-render-to-string
  // give `_mask`). On this vnode, made anew at each render (Preact copies a vnode it renders again, without it).
  return Object.assign(<Rendered {...props} />, { __m: mask });
}

export interface OnUseProps {
  /** Hydrate with the page, its chunk asked for at once (a signed-in visitor's CV drop starts by itself). */
  hydrateNow?: boolean;
}

/**
 * A part of a server-rendered page in a chunk of its own, hydrated on its first use (see above). Rendered in
 * the browser (a page opened from another), it loads its chunk as it mounts. The part renders one element.
 */
export function hydrateOnUse<P extends object>(
  importPart: () => Promise<PartModule<P>>,
): ComponentType<P & OnUseProps> & { load(): Promise<unknown> } {
  const chunk = partChunk(importPart);
  serverParts.push(chunk as PartChunk<unknown>);

  function HydrateOnUse({ hydrateNow = false, ...props }: P & OnUseProps): ReactElement {
    const elementRef = useRef<HTMLDivElement>(null);
    const scope = useId();
    // Only a part the server rendered waits for its use: decided once, in the render that hydrates the page.
    const [use] = useState(() => (!hydrateNow && hydratingPage() ? partUse(chunk as PartChunk<unknown>) : null));
    const [onHydrated] = useState(() => () => {
      if (!use || use.held.hydrated) return;
      use.held.hydrated = true;
      use.stop();
      // The fields at once: the app's state then holds what they show before anything else can read it.
      if (elementRef.current) handOverFields(elementRef.current);
      // The rest a task later: the part's own updates after hydration (its button enabled) are rendered first;
      // a tap or a submit a task after a drop too, once the app has rendered the file (as after a file chosen).
      setTimeout(() => {
        const { clicked, pending } = use.held;
        if (!handOverDrop(use) || !(clicked || pending)) void replayEarlyInput(use.held);
        else setTimeout(() => void replayEarlyInput(use.held));
      });
    });
    useLayoutEffect(() => {
      const element = elementRef.current;
      if (use && !use.held.hydrated && element) watch(element, use);
      return () => use?.stop();
    }, [use]);
    // The part's ids (useId) of its own, named after the wrapper's, which hydrates with the page in the server's
    // order. Preact numbers ids in the order components first render; the server renders the parts in the
    // page's order, the browser when each is used: a part used before another would take the other's numbers
    // (its error message read for another field's).
    const [mask] = useState<IdMask>(() => [`${scope.replace(/\W/g, '')}u`, 0]);
    return (
      <div ref={elementRef} data-hydrate-on-use="">
        <Suspense fallback={null}>
          <Part chunk={chunk} props={props as P} use={use} onHydrated={onHydrated} mask={mask} />
        </Suspense>
      </div>
    );
  }
  return Object.assign(HydrateOnUse, { load: chunk.load });
}
