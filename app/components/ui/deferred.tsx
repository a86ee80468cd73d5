import { type ComponentType, memo, Suspense, use, useEffect, useRef, useState } from "react";
import { createPartGates, type FirstUseOptions, watchForFirstUse } from "./deferred-loading.ts";

/** The element around a deferred part: without a box of its own (`display: contents`), it tells where the part is. */
const PART_CLASS = "deferred-part";

interface DeferredOptions extends Partial<FirstUseOptions> {
  /** Load as soon as the part is on the page (hydrated), as for a part only some shoppers have. */
  whenMounted?: boolean;
}

const gates = createPartGates();
/** Every part's code, as it loads: settles once its gate opens and its chunk has arrived. */
const partsLoading: Promise<unknown>[] = [];
/** Set once the document has hydrated: a part mounted after that has no server HTML to show. */
let documentHydrated = false;

/**
 * A part of the page whose code (a chunk of its own) the browser loads on first use, while the server's HTML has
 * the part in full, as it must without JavaScript (decision 0018). On the server the part's code is awaited
 * outside the part's Suspense boundary, so the HTML never streams a fallback in its place (that needs a script to
 * swap in). In the browser React keeps the server's HTML, working as it does without JavaScript, until the code
 * arrives, then hydrates it. The code loads when the shopper presses, focuses or types inside the part or opens
 * a `<details>` in it, with `whenNear` also when it comes near the viewport, and for every part at the router's
 * first navigation or fetcher (`everyPartLoaded`); a part mounted after hydration loads at once.
 * An update reaching the part before its code has arrived (new props, or a context it reads, like the router's
 * location) makes React wait for the code if it is a transition, as the router's updates are, and otherwise
 * replaces the server's HTML with nothing: the part re-renders only when one of its props changes (`memo`), so
 * give it props that keep their identity across renders (loader data, strings, numbers).
 */
export function deferred<Props extends object>(load: () => Promise<ComponentType<Props>>, options: DeferredOptions = {}) {
  if (import.meta.env.SSR) {
    const loaded = load();
    partsLoading.push(loaded);
    // biome-ignore lint/correctness/noComponentHookFactories: made once per part at module level, like `lazy`.
    return memo(function Deferred(props: Props) {
      const Part = use(loaded);
      return (
        <div className={PART_CLASS}>
          <Suspense>
            <Part {...props} />
          </Suspense>
        </div>
      );
    });
  }
  const gate = gates.create();
  // Starts loading as the gate opens, not when React next renders the part: after the router's first activity a
  // page's parts load beside its data, and render at once, without a fallback, when their code is already in.
  const part: LoadingPart<Props> = { loading: gate.opened.then(load) };
  partsLoading.push(part.loading);
  part.loading.then(
    (component) => {
      part.loaded = component;
    },
    // A chunk that fails to load is an error of the part, raised where it renders (`use`).
    () => {},
  );
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part at module level, like `lazy`.
  return memo(function Deferred(props: Props) {
    const wrapper = useRef<HTMLDivElement>(null);
    const [mountedAfterHydration] = useState(() => documentHydrated);
    // Nothing of it is on screen until its code arrives: load it now.
    if (mountedAfterHydration) gate.open();
    useEffect(() => {
      documentHydrated = true;
      if (options.whenMounted) gate.open();
      else if (wrapper.current) return watchForFirstUse(wrapper.current, { whenNear: options.whenNear ?? false }, gate.open);
    }, []);
    return (
      <div className={PART_CLASS} ref={wrapper}>
        <Suspense>
          <Loaded part={part} props={props} />
        </Suspense>
      </div>
    );
  });
}

interface LoadingPart<Props> {
  loading: Promise<ComponentType<Props>>;
  loaded?: ComponentType<Props>;
}

/** The part once its code is in; until then it suspends, and React keeps the server's HTML in its place. */
function Loaded<Props extends object>({ part, props }: { part: LoadingPart<Props>; props: Props }) {
  const Part = part.loaded ?? use(part.loading);
  return <Part {...props} />;
}

/**
 * Loads every deferred part the page has, and settles once their code is in (or failed: the failure shows in
 * the part). The root's client middleware awaits it beside every navigation's and fetcher's data: a router update
 * that commits while a part's code is still missing shows nothing in the part's place until it arrives. On the
 * server the parts load as their modules are imported; tests of a route await them before they end.
 */
export function everyPartLoaded(): Promise<unknown> {
  gates.openAll();
  return Promise.allSettled(partsLoading);
}
