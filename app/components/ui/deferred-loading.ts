/**
 * When the code of a deferred part (decision 0018) loads: on first use, not right after hydration. Until then
 * the part is the server's HTML, which works as it does without JavaScript.
 */

/** A part's permission to load its code: `opened` settles once `open` has been called. */
export interface PartGate {
  opened: Promise<void>;
  open: () => void;
}

/**
 * The gates of every deferred part the page has created. `openAll` opens them all, and every gate created after it
 * opens at once: called on the router's first activity (see `deferred.tsx`), after which the page renders on the
 * client and a part has no server HTML to show until its code arrives.
 */
export function createPartGates() {
  const closed = new Set<() => void>();
  let allOpen = false;
  return {
    create(): PartGate {
      let release = () => {};
      const opened = new Promise<void>((resolve) => {
        release = resolve;
      });
      const open = () => {
        closed.delete(open);
        release();
      };
      if (allOpen) open();
      else closed.add(open);
      return { opened, open };
    },
    openAll() {
      allOpen = true;
      for (const open of [...closed]) open();
    },
  };
}

/**
 * What counts as using a part: pressing, focusing or typing inside it, or opening a `<details>` in it (a search
 * in the page opens one without any of the others). Listened to on the window in the capture phase: React's own
 * listener on the document stops the propagation of events that reach a part it has not hydrated yet.
 */
export const USE_EVENTS = ["pointerdown", "focusin", "keydown", "toggle"] as const;

/** How close to the viewport a part that loads when seen starts loading: a little ahead of the shopper's scrolling. */
export const NEAR_VIEWPORT_MARGIN = "200px";

export interface FirstUseOptions {
  /** Also load when the part comes near the viewport: for parts that need their code to be useful once seen. */
  whenNear: boolean;
}

interface Environment {
  window: Pick<EventTarget, "addEventListener" | "removeEventListener">;
  IntersectionObserver?: typeof IntersectionObserver;
}

type Part = Pick<Element, "contains" | "children">;

/**
 * The elements whose coming into view shows the part: its own, and a `<details>` by its content (hidden while
 * it is closed, so a folded part is used before it is seen).
 */
function seenBoxes(part: Part): Element[] {
  return [...part.children].flatMap((element) =>
    element.localName === "details" ? [...element.children].filter((child) => child.localName !== "summary") : [element],
  );
}

/**
 * Calls `onUse` once, on the first use of `part` (its wrapper element), or with `whenNear` when it comes near
 * the viewport. Returns the function that stops watching.
 */
export function watchForFirstUse(
  part: Part,
  { whenNear }: FirstUseOptions,
  onUse: () => void,
  environment: Environment = globalThis,
): () => void {
  const stops: (() => void)[] = [];
  const stop = () => {
    for (const each of stops.splice(0)) each();
  };
  const use = () => {
    stop();
    onUse();
  };
  const onEvent = (event: Event) => {
    if (part.contains(event.target as Node | null)) use();
  };
  for (const type of USE_EVENTS) {
    environment.window.addEventListener(type, onEvent, { capture: true });
    stops.push(() => environment.window.removeEventListener(type, onEvent, { capture: true }));
  }
  if (whenNear && environment.IntersectionObserver) {
    const observer = new environment.IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) use();
      },
      { rootMargin: NEAR_VIEWPORT_MARGIN },
    );
    for (const box of seenBoxes(part)) observer.observe(box);
    stops.push(() => observer.disconnect());
  }
  return stop;
}
