import { data } from "react-router";

export const loader = () => data(null, { status: 404 });

export default function NotFound() {
  return (
    <main>
      <h1>404</h1>
      <p>Page Not Found</p>
    </main>
  );
}
