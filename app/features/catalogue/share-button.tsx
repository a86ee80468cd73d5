import { useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { TOAST_DURATION_MS, type ToastType } from "#app/lib/constants.ts";
import { Icon } from "#app/ui/icons.tsx";
import { MSG } from "#contract/messages.ts";

type Notice = { type: Extract<ToastType, "success" | "error">; message: string };

/**
 * Share (JavaScript only, so it is not rendered before hydration): the device's share sheet, else the URL
 * copied to the clipboard; the outcome shows as a small toast. A shopper closing the share sheet sees nothing.
 */
export function ShareButton({ title, url, className = "icon-button" }: { title: string; url: string; className?: string }) {
  const enhanced = useHydrated();
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), TOAST_DURATION_MS[notice.type]);
    return () => window.clearTimeout(timer);
  }, [notice]);

  if (!enhanced) return null;

  async function share() {
    try {
      if (typeof navigator.share === "function") {
        await navigator.share({ title, url });
        setNotice({ type: "success", message: MSG.share.shared });
      } else {
        await navigator.clipboard.writeText(url);
        setNotice({ type: "success", message: MSG.share.copied });
      }
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
      setNotice({ type: "error", message: MSG.share.failed });
    }
  }

  return (
    <>
      <button type="button" className={className} onClick={share} title={MSG.catalogue.share}>
        <Icon name="share" />
        <span className="visually-hidden">{MSG.catalogue.share}</span>
      </button>
      <div className="share-toast-region" role="status" aria-live="polite">
        {notice ? <p className={`share-toast share-toast--${notice.type}`}>{notice.message}</p> : null}
      </div>
    </>
  );
}
