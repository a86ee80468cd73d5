import { createContext, type ReactNode, useCallback, useContext, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { TOAST_DURATION_MS, type ToastType } from "#app/lib/constants.ts";
import type { Toast } from "#app/lib/toast.ts";
import { Icon } from "#app/ui/icons.tsx";

/**
 * Toasts. `<Toaster toasts={…} />` can be placed anywhere: the root passes the session's flash toasts (a short queue),
 * a page can pass its action data's toast (`<Toaster toasts={[fetcher.data?.toast]} />`).
 * - Without JavaScript (and until hydration) it renders the toasts in place as a static status region.
 * - With JavaScript it hands them, once per id, to the viewport the root renders, which animates them in
 *   (cart and wishlist at the bottom right, the rest top right, below the sticky header so they cover none of its
 *   icons) and closes each after TOAST_DURATION_MS[type].
 */
type Push = (toasts: readonly Toast[]) => void;
const ToastContext = createContext<Push | null>(null);

const BOTTOM_TYPES: ReadonlySet<ToastType> = new Set(["cart", "wishlist"]);

export function Toaster({ toasts }: { toasts: readonly (Toast | null | undefined)[] }) {
  const hydrated = useHydrated();
  const push = useContext(ToastContext);
  const present = toasts.filter((toast): toast is Toast => Boolean(toast));
  const ids = present.map((toast) => toast.id).join(" ");

  // biome-ignore lint/correctness/useExhaustiveDependencies: the id list stands for the toasts, whose array identity changes every render.
  useEffect(() => {
    if (hydrated && present.length > 0) push?.(present);
  }, [hydrated, push, ids]);

  if (hydrated || present.length === 0) return null;
  return (
    <div className="toast-static" role="status">
      {present.map((toast) => (
        <p key={toast.id} className={`toast-static__item toast--${toast.type}`}>
          <ToastIcon type={toast.type} />
          <span>
            {toast.title ? <strong className="toast__title">{toast.title}</strong> : null}
            {toast.message}
          </span>
        </p>
      ))}
    </div>
  );
}

/** Provides the toast queue and renders its two corners; the root layout wraps the page in it. */
export function ToastViewport({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Toast[]>([]);
  const seen = useRef(new Set<string>());

  const push = useCallback<Push>((toasts) => {
    const fresh = toasts.filter((toast) => !seen.current.has(toast.id));
    for (const toast of fresh) seen.current.add(toast.id);
    if (fresh.length > 0) setQueue((current) => [...current, ...fresh]);
  }, []);
  const dismiss = useCallback((id: string) => setQueue((current) => current.filter((toast) => toast.id !== id)), []);

  const corner = (bottom: boolean) => queue.filter((toast) => BOTTOM_TYPES.has(toast.type) === bottom);
  const top = useBelowHeader(corner(false).length > 0);
  return (
    <ToastContext.Provider value={push}>
      {children}
      <section ref={top} className="toast-region toast-region--top" aria-label="Notifications" aria-live="polite">
        {corner(false).map((toast) => (
          <ToastCard key={toast.id} toast={toast} onClose={dismiss} />
        ))}
      </section>
      <section className="toast-region toast-region--bottom" aria-label="Bag and wishlist notifications" aria-live="polite">
        {corner(true).map((toast) => (
          <ToastCard key={toast.id} toast={toast} onClose={dismiss} />
        ))}
      </section>
    </ToastContext.Provider>
  );
}

/**
 * Keeps the region's top (`--toast-top`) at the sticky header's bottom edge while it shows toasts: below the top bar
 * at the top of the page, below the pinned header once that has scrolled away.
 */
function useBelowHeader(showing: boolean) {
  const region = useRef<HTMLElement>(null);
  // Before the first toast is drawn, so it never shows over the header first.
  useLayoutEffect(() => {
    const header = document.querySelector(".site-header");
    if (!showing || !header) return;
    const place = () => region.current?.style.setProperty("--toast-top", `${Math.max(0, header.getBoundingClientRect().bottom)}px`);
    place();
    window.addEventListener("scroll", place, { passive: true });
    window.addEventListener("resize", place);
    return () => {
      window.removeEventListener("scroll", place);
      window.removeEventListener("resize", place);
    };
  }, [showing]);
  return region;
}

function ToastCard({ toast, onClose }: { toast: Toast; onClose: (id: string) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onClose(toast.id), TOAST_DURATION_MS[toast.type]);
    return () => clearTimeout(timer);
  }, [toast, onClose]);

  return (
    <div className={`toast toast--${toast.type}`}>
      <ToastIcon type={toast.type} />
      <p className="toast__message">
        {toast.title ? <strong className="toast__title">{toast.title}</strong> : null}
        {toast.message}
      </p>
      <button type="button" className="toast__close" aria-label="Close notification" onClick={() => onClose(toast.id)}>
        <Icon name="close" />
      </button>
      <span className="toast__timer" style={{ animationDuration: `${TOAST_DURATION_MS[toast.type]}ms` }} aria-hidden="true" />
    </div>
  );
}

const TOAST_ICONS = {
  success: "integrity",
  error: "close",
  info: "sparkle",
  warning: "clock",
  cart: "bag",
  wishlist: "heart",
} as const;

function ToastIcon({ type }: { type: ToastType }) {
  return <Icon name={TOAST_ICONS[type]} className="toast__icon" />;
}
