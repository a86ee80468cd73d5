import type { ApiClient } from "../../api-client/api.server.ts";
import { savedAddressListSchema } from "../../api-client/responses.server.ts";

/** The signed-in shopper's saved addresses, as the address book and the checkout's address step list them. */
export const listAddresses = (api: ApiClient, token: string) =>
  api({ send: (c) => c.public.addresses.$get(), token, schema: savedAddressListSchema });
