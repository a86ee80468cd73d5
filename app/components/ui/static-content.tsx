import { type ComponentType, createContext, type HTMLAttributes, use } from "react";

/**
 * The markup of each part whose content is the same on every page (`StaticContent`), rendered once by the
 * server (`app/lib/static-content.server.tsx`) and provided to its renders. Absent in the browser.
 */
export const StaticContentContext = createContext<ReadonlyMap<ComponentType, string> | null>(null);

/**
 * An element whose content is the same on every request: `component` takes no props and reads no router, session
 * or state. The server sends the markup it rendered for `component` once instead of rendering it again on every
 * page; the browser renders `component` itself, which hydrates against that same markup. A `component` the server
 * has not rendered in advance is rendered as usual.
 */
export function StaticContent({
  as: Tag,
  component: Part,
  ...attributes
}: { as: "footer" | "section"; component: ComponentType } & HTMLAttributes<HTMLElement>) {
  const markup = use(StaticContentContext)?.get(Part);
  if (markup === undefined) {
    return (
      <Tag {...attributes}>
        <Part />
      </Tag>
    );
  }
  // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own rendering of `content`, made once by this server.
  return <Tag {...attributes} dangerouslySetInnerHTML={{ __html: markup }} />;
}
