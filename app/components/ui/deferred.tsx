import { type ComponentType, lazy, memo, Suspense, use } from "react";

/**
 * A part of the page whose code the browser loads after the page's first scripts (a chunk of its own), while
 * the server's HTML has the part in full, as it must without JavaScript. On the server the part's code is
 * awaited outside the part's Suspense boundary, so the HTML never streams a fallback in its place (that needs
 * a script to swap in). In the browser React keeps the server's HTML until the code arrives; an update
 * reaching the part before then (new props, or a context it reads, like the router's location) would replace
 * that HTML with nothing, so the part re-renders only when one of its props changes (`memo`): give it props
 * that keep their identity across renders (loader data, strings).
 */
export function deferred<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  if (import.meta.env.SSR) {
    const loaded = load();
    // biome-ignore lint/correctness/noComponentHookFactories: made once per part at module level, like `lazy`.
    return memo(function Deferred(props: Props) {
      const Part = use(loaded);
      return (
        <Suspense>
          <Part {...props} />
        </Suspense>
      );
    });
  }
  const Part = lazy(async () => ({ default: await load() }));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part at module level, like `lazy`.
  return memo(function Deferred(props: Props) {
    return (
      <Suspense>
        <Part {...props} />
      </Suspense>
    );
  });
}
