import { type ComponentType, memo, Suspense, use, useEffect, useRef, useState } from "react";
import { useFetchers, useNavigation, useRevalidator } from "react-router";
import { createPartGates, type FirstUseOptions, watchForFirstUse } from "./deferred-loading.ts";

/** The element around a deferred part: without a box of its own (`display: contents`), it tells where the part is. */
const PART_CLASS = "deferred-part";

const gates = createPartGates();
/** Set once the document has hydrated: a part mounted after that has no server HTML to show. */
let documentHydrated = false;

/**
 * A part of the page whose code (a chunk of its own) the browser loads on first use, while the server's HTML has
 * the part in full, as it must without JavaScript (decision 0018). On the server the part's code is awaited
 * outside the part's Suspense boundary, so the HTML never streams a fallback in its place (that needs a script to
 * swap in). In the browser React keeps the server's HTML, working as it does without JavaScript, until the code
 * arrives, then hydrates it. The code loads when the shopper presses, focuses or types inside the part or opens
 * a `<details>` in it, with `whenNear` also when it comes near the viewport, and for every part at the router's
 * first activity (`LoadDeferredPartsOnRouterActivity`); a part mounted after hydration loads at once.
 * An update reaching the part before its code has arrived (new props, or a context it reads, like the router's
 * location) makes React wait for the code if it is a transition, as the router's updates are, and otherwise
 * replaces the server's HTML with nothing: the part re-renders only when one of its props changes (`memo`), so
 * give it props that keep their identity across renders (loader data, strings, numbers).
 */
export function deferred<Props extends object>(load: () => Promise<ComponentType<Props>>, options: FirstUseOptions = { whenNear: false }) {
  if (import.meta.env.SSR) {
    const loaded = load();
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
      return wrapper.current ? watchForFirstUse(wrapper.current, options, gate.open) : undefined;
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
 * Loads every deferred part at the router's first activity (a navigation, a fetcher, a revalidation). Any router
 * update re-renders the router's contexts, and React cannot render such an update past a part it has not
 * hydrated: it waits for the part's code, and the update (a transition) commits only once that has arrived.
 * So the code must start loading at that moment, during the render itself: effects run only after the commit
 * that is waiting. Rendered first in the root layout, before any part. The route discovery's updates after
 * hydration (the manifest patches for the page's links) change nothing on screen and are left waiting.
 */
export function LoadDeferredPartsOnRouterActivity() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const revalidator = useRevalidator();
  if (!import.meta.env.SSR && (navigation.state !== "idle" || fetchers.length > 0 || revalidator.state !== "idle")) gates.openAll();
  return null;
}
