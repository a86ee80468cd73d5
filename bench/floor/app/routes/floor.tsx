import { createCookieSessionStorage, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { apiContext } from "../context.ts";

const sessions = createCookieSessionStorage<{ visits: number }>({
  cookie: { name: "__session", httpOnly: true, sameSite: "lax", path: "/", secrets: ["floor-benchmark-secret-not-a-real-one"] },
});

/** One cookie session read, one in-process API call that reads one SQLite row. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await sessions.getSession(request.headers.get("Cookie"));
  const response = await context.get(apiContext)("/product");
  const product = (await response.json()) as { id: number; name: string; price: number };
  return { product, visits: session.get("visits") ?? 0 };
}

export const meta = () => [{ title: "Floor" }, { name: "description", content: "The framework floor of the shop's benchmarks." }];

export default function Floor() {
  const { product, visits } = useLoaderData<typeof loader>();
  return (
    <main className="container">
      <p className="eyebrow">Floor</p>
      <h1>{product.name}</h1>
      <p>
        £{product.price.toFixed(2)} · visit {visits}
      </p>
    </main>
  );
}
