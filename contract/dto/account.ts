import type { z } from "zod";
import type { authSessionSchema, deviceGrantSchema, savedAddressSchema, userSchema } from "#contract/responses/account.ts";
import type { accountDataSchema, accountErasureSchema } from "#contract/responses/account-data.ts";

/** Account answers' types, inferred from their schemas in contract/responses (type-only: no zod at run time). */

export type UserDto = z.infer<typeof userSchema>;

export type AuthSessionDto = z.infer<typeof authSessionSchema>;

export type DeviceGrantDto = z.infer<typeof deviceGrantSchema>;

export type AddressDto = z.infer<typeof savedAddressSchema>;

export type AccountDataDto = z.infer<typeof accountDataSchema>;

export type AccountErasureDto = z.infer<typeof accountErasureSchema>;
