import { createContext, memo, useContext } from "react";

/** The stylesheet the server inlines into the document, and the response's CSP nonce. */
export interface InlineStyles {
  css: string;
  nonce?: string;
}

/**
 * Provided by the server render only. In the browser it keeps its default: the `<style>` the server sent is
 * hydrated, never written (React leaves `dangerouslySetInnerHTML` alone while hydrating).
 */
export const InlineStylesContext = createContext<InlineStyles>({ css: "" });

/**
 * The inlined stylesheet in the document's head. Memoised without props so it never renders again in the
 * browser: a new `dangerouslySetInnerHTML` object on a later render would replace the server's sheet with
 * the empty default.
 */
export const InlineStylesheet = memo(function InlineStylesheet() {
  const { css, nonce } = useContext(InlineStylesContext);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own stylesheet, read from disk at start-up; text children would be rewritten by hydration.
  return <style nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />;
});
