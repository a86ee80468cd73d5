import { createContext, memo, useContext } from "react";

/** What the server render puts into the document's head besides the routes' own links and meta. */
export interface DocumentHead {
  /** The stylesheet inlined into the document. */
  css: string;
  /** The response's CSP nonce. */
  nonce?: string;
  /** The modules React Router's `<Scripts>` preloads for this page. */
  scriptPreloads: readonly string[];
}

/**
 * Provided by the server render only. In the browser it keeps its default: the `<style>` the server sent is
 * hydrated, never written (React leaves `dangerouslySetInnerHTML` alone while hydrating), and the preloads
 * are not rendered again.
 */
export const DocumentHeadContext = createContext<DocumentHead>({ css: "", scriptPreloads: [] });

/**
 * The inlined stylesheet in the document's head. Memoised without props so it never renders again in the
 * browser: a new `dangerouslySetInnerHTML` object on a later render would replace the server's sheet with
 * the empty default.
 */
export const InlineStylesheet = memo(function InlineStylesheet() {
  const { css, nonce } = useContext(DocumentHeadContext);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own stylesheet, read from disk at start-up; text children would be rewritten by hydration.
  return <style nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />;
});

/**
 * The page's scripts, preloaded at low priority ahead of `<Scripts>`' own preloads of the same modules (the
 * browser fetches each module once, at the priority of the first request). Every page works before its scripts
 * run, so the largest image and the fonts go first on a slow connection, the scripts after.
 */
export const ScriptPreloads = memo(function ScriptPreloads() {
  const { scriptPreloads, nonce } = useContext(DocumentHeadContext);
  return scriptPreloads.map((href) => <link key={href} rel="modulepreload" href={href} fetchPriority="low" nonce={nonce} />);
});
