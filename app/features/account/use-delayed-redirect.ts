import { useEffect } from "react";
import { useNavigate } from "react-router";

/** Navigates to `to` after `delayMs` (the account screens' redirect delays); nothing while `to` is null. */
export function useDelayedRedirect(to: string | null, delayMs: number) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!to) return;
    const timer = setTimeout(() => navigate(to, { replace: true }), delayMs);
    return () => clearTimeout(timer);
  }, [to, delayMs, navigate]);
}
