import { Form } from "react-router";

/** Sign-out is a POST (the /logout action revokes the token and redirects to /signin). */
export function LogoutForm({ label, className }: { label: string; className: string }) {
  return (
    <Form method="post" action="/logout" className="logout-form">
      <button type="submit" className={className}>
        {label}
      </button>
    </Form>
  );
}
