import { data } from "react-router";
import { NotFoundView } from "#app/ui/layout/not-found-view.tsx";
import { MSG } from "#contract/messages.ts";
import { SHOP } from "#contract/shop.ts";

/** Registered for /not-found and for every unknown path; answers 404 either way. */
export const loader = () => data(null, { status: 404 });

export const meta = () => [
  { title: `${MSG.notFound.title} | ${SHOP.name}` },
  { name: "description", content: MSG.notFound.message },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return <NotFoundView />;
}
