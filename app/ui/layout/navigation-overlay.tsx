import { useEffect, useState } from "react";
import { useFetchers, useNavigation } from "react-router";
import { TIMING_MS } from "#app/lib/constants.ts";
import { Spinner } from "#app/ui/spinner.tsx";
import { overlayText } from "./loading-text.ts";

/** Full-screen overlay while a navigation, or a fetcher that asked for it, runs longer than the delay. */
export function LoadingOverlay() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const text = overlayText({ ...navigation, locationState: navigation.location?.state, pathname: navigation.location?.pathname }, fetchers);
  const [shownText, setShownText] = useState<string | null>(null);

  useEffect(() => {
    if (text === null) {
      setShownText(null);
      return;
    }
    const timer = setTimeout(() => setShownText(text), TIMING_MS.loadingOverlayDelay);
    return () => clearTimeout(timer);
  }, [text]);

  if (shownText === null) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <Spinner />
      <p className="loading-overlay__text">{shownText}</p>
    </div>
  );
}
