import { createContext, memo, useContext } from "react";
import { INLINE_STYLES_ATTRIBUTE } from "#app/lib/constants.ts";

/** The response's CSP nonce, which the inlined stylesheet carries. */
export interface InlineStyles {
  nonce?: string;
}

/** Provided by the server render only; in the browser the `<style>` the server sent is hydrated, never written. */
export const InlineStylesContext = createContext<InlineStyles>({});

/**
 * The inlined stylesheet in the document's head. React renders it empty everywhere: the server writes the sheet
 * into it as bytes encoded once at start-up, and hydration leaves an element's `dangerouslySetInnerHTML` content
 * alone. Memoised without props so it never renders again in the browser, where a later render could replace
 * the server's sheet with the empty string.
 */
export const InlineStylesheet = memo(function InlineStylesheet() {
  const { nonce } = useContext(InlineStylesContext);
  const marker = { [INLINE_STYLES_ATTRIBUTE]: "" };
  // biome-ignore lint/security/noDangerouslySetInnerHtml: empty; the server writes the build's own stylesheet into it.
  return <style {...marker} nonce={nonce} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />;
});
