import { createContext } from "react-router";

/** The in-process API the floor page calls, as the shop's storefront calls its own. */
export const apiContext = createContext<(path: string) => Response | Promise<Response>>();
