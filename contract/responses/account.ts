import { z } from "zod";
import { ADDRESS_TYPES } from "#contract/constants.ts";

/** The user as the API shows it. */
export const userSchema = z.object({
  id: z.int(),
  name: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
});

/** `GET /public/auth/me`. */
export const currentUserSchema = z.object({ user: userSchema });

/** A device token for the browser that has just proved it holds the account (the `__device` cookie: decision 0053). */
export const deviceGrantSchema = z.object({ device: z.string() });

/** What sign-up and login answer: the user, the bearer token that acts for them, and a device token. */
export const authSessionSchema = deviceGrantSchema.extend({
  user: userSchema,
  token: z.string(),
});

/** A saved address: the address form's fields as the API stored them (postcode normalised), plus its id. */
export const savedAddressSchema = z.object({
  id: z.int(),
  label: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  postal_code: z.string(),
  phone: z.string(),
  is_default: z.boolean(),
  address_type: z.enum(ADDRESS_TYPES),
});

/** `GET /public/addresses`. */
export const savedAddressListSchema = z.array(savedAddressSchema);
