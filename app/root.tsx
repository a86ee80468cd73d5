import { type ReactNode, useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { HoneypotProvider } from "remix-utils/honeypot/react";
import { BASE_CURRENCY } from "#contract/constants.ts";
import { MSG } from "#contract/messages.ts";
import { SHOP } from "#contract/shop.ts";
import type { Route } from "./+types/root";
import { apiFor } from "./api-client/api.server.ts";
import { readCartCount } from "./features/cart/cart.server.ts";
import { currencyInfo, ratesForDisplay } from "./features/currency/currency.ts";
import { BASE_CURRENCY_SYMBOL, type DisplayCurrency } from "./features/currency/price-format.ts";
import { exchangeRates } from "./features/currency/rates.server.ts";
import { refuse } from "./forms/form-data.server.ts";
import { SHARED_PAGE_TOKEN } from "./forms/submission-once.server.ts";
import { sharedPageVariant } from "./lib/document-caching.server.ts";
import { liveFirstPurchasePercent } from "./lib/offers.server.ts";
import { requestInfoContext } from "./lib/request-context.ts";
import { publicOrigin } from "./lib/seo.server.ts";
import { loadShopperChrome, writeBackAccount } from "./session/auth.server.ts";
import { commitSession, getSession, readCurrency, takeToasts } from "./session/session.server.ts";
import { FIRST_SCREEN_FONT_PRELOADS, SHELL_SHEET } from "./styles/links.ts";
import { useCurrencyChanging } from "./ui/layout/currency-picker.tsx";
import { ErrorView } from "./ui/layout/error-view.tsx";
import { LoadingOverlay } from "./ui/layout/navigation-overlay.tsx";
import { NotFoundView } from "./ui/layout/not-found-view.tsx";
import { SiteFooter } from "./ui/layout/site-footer.tsx";
import { SiteHeader } from "./ui/layout/site-header.tsx";
import { Toaster, ToastViewport } from "./ui/layout/toaster.tsx";
import { TopBar } from "./ui/layout/top-bar.tsx";
import { usePageHoneypot } from "./ui/layout/use-page-honeypot.ts";
import { useScrollToTopOnPathChange } from "./ui/layout/use-scroll-to-top.ts";
import { preloadLeadingImages } from "./ui/leading-images.ts";
import { ValueStrip } from "./ui/value-strip.tsx";

// The shell sheet every page links, and the faces every page's first screen uses (app/styles/links.ts).
export const links: Route.LinksFunction = () => [
  SHELL_SHEET,
  ...FIRST_SCREEN_FONT_PRELOADS,
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: Route.MetaFunction = ({ error }) => [
  { title: error ? `${MSG.router.unexpected} | ${SHOP.name}` : `${SHOP.name} | ${SHOP.tagline}` },
  { name: "description", content: SHOP.tagline },
];

/** A client navigation's first pictures start as soon as its data is in (`leading-images.ts`). */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async (_args, next) => {
    preloadLeadingImages(await next());
  },
];

/** What every page's chrome needs. Reading the flash toasts consumes them, so the session is committed only then. */
/** A request the server refused before routing (see request-guard.server.ts) shows as this error, on any route. */
export const middleware: Route.MiddlewareFunction[] = [
  ({ context }, next) => {
    const { refusal } = context.get(requestInfoContext);
    if (refusal) throw refuse(refusal.status, refusal.reason);
    return next();
  },
  // An answer to a host other than PUBLIC_URL's (a forged Host) is that client's own: no shared cache may keep it.
  async ({ context }, next) => {
    const response = await next();
    if (!context.get(requestInfoContext).atPublicOrigin) response.headers.set("Cache-Control", "private, no-cache");
    return response;
  },
  writeBackAccount,
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const [session, currency, pricing, firstPurchasePercent] = await Promise.all([
    getSession(request),
    readCurrency(request),
    exchangeRates(apiFor(context)),
    liveFirstPurchasePercent(apiFor(context)),
  ]);
  const chrome = await loadShopperChrome(apiFor(context), session);
  const toasts = takeToasts(session);
  const headers = toasts.length > 0 || chrome.sessionChanged ? { "Set-Cookie": await commitSession(request, session) } : undefined;
  const user = chrome.signedIn?.user;
  return data(
    {
      user: user ? { name: user.name, email: user.email } : null,
      // The origin of the canonical and shared URLs every page's `meta` and share button write (app/lib/seo.ts).
      origin: publicOrigin(context),
      toasts,
      // The display currency, its symbol and rates (what every price reads: useCurrency): the browser then needs no
      // currency table (the picker's options: currency-picker.tsx).
      ...({
        currency,
        rates: ratesForDisplay(currency, pricing.rates),
        currencySymbol: currencyInfo(currency)?.symbol ?? currency,
      } satisfies DisplayCurrency),
      firstPurchasePercent,
      cartCount: await readCartCount(request),
      // This page's add-to-cart token (see submission-once.server.ts): one of its own for a visitor with a cart or
      // session; a page shared by every visitor without them carries the shared one and stays the same bytes for all.
      submissionToken: sharedPageVariant(request.headers.get("cookie")) === null ? crypto.randomUUID() : SHARED_PAGE_TOKEN,
      recentlyViewed: chrome.recentlyViewed,
      wishlistIds: chrome.wishlistIds,
    },
    { headers },
  );
}

/** Whether the page in this tab shows a signed-in shopper (kept by `Layout`, read by `shouldRevalidate`). */
let showsSignedInShopper = false;

/**
 * A signed-in shopper's chrome is loaded again on every navigation, so a token revoked elsewhere (a password
 * reset) signs the tab out on its next page, as a page load does; a visitor's chrome changes only with forms.
 */
export function shouldRevalidate({ defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate || showsSignedInShopper;
}

const NOTHING_VIEWED: readonly never[] = [];

/**
 * The document and the site chrome around both the page and the error boundary. The Layout renders again with each
 * change of a navigation's state; the chrome's parts are memoised (`memo`), so only those whose data changed do,
 * and a client navigation's renders reach the page sooner on a slow phone.
 */
export function Layout({ children }: { children: ReactNode }) {
  // Undefined when the root loader itself failed: the chrome then renders as for a signed-out visitor.
  const shell = useRouteLoaderData<typeof loader>("root");
  const signedIn = Boolean(shell?.user);
  useEffect(() => {
    showsSignedInShopper = signedIn;
  }, [signedIn]);
  useScrollToTopOnPathChange();
  const currencyChanging = useCurrencyChanging();
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body data-prices-updating={currencyChanging ? "" : undefined}>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <HoneypotProvider {...usePageHoneypot()}>
          <ToastViewport>
            <Toaster toasts={shell?.toasts ?? []} />
            <TopBar
              currency={shell?.currency ?? BASE_CURRENCY}
              currencySymbol={shell?.currencySymbol ?? BASE_CURRENCY_SYMBOL}
              firstPurchasePercent={shell?.firstPurchasePercent ?? null}
            />
            <SiteHeader
              user={shell?.user ?? null}
              cartCount={shell?.cartCount ?? 0}
              recentlyViewed={shell?.recentlyViewed ?? NOTHING_VIEWED}
            />
            <main id="main" className="site-main" tabIndex={-1} aria-busy={currencyChanging || undefined}>
              {children}
            </main>
            <ValueStrip />
            <SiteFooter />
            <LoadingOverlay />
          </ToastViewport>
        </HoneypotProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** A 404 thrown by any loader shows the 404 page; anything else the styled unexpected-error screen. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  if (isRouteErrorResponse(error)) return <ErrorView status={error.status} detail={error.statusText || undefined} />;
  return <ErrorView detail={error instanceof Error ? error.message : undefined} />;
}
