import type { ReactNode } from "react";
import type { Crumb } from "#app/ui/breadcrumbs.tsx";
import { PageHeader } from "#app/ui/page-header.tsx";

interface AuthPageProps {
  title: string;
  /** Crumbs after "Homepage". */
  trail: readonly Crumb[];
  intro?: ReactNode;
  /** Links under the card (to sign up, back to sign in). */
  footer?: ReactNode;
  children: ReactNode;
}

/** The frame of the sign-in, sign-up and code screens: breadcrumbs, title and one centred card. */
export function AuthPage({ title, trail, intro, footer, children }: AuthPageProps) {
  return (
    <div className="auth-page">
      <PageHeader title={title} trail={trail} intro={intro} />
      <div className="container auth-page__body">
        <div className="auth-card">{children}</div>
        {footer ? <div className="auth-page__footer">{footer}</div> : null}
      </div>
    </div>
  );
}
