import type { AddressInput } from "#contract/schemas/address.ts";

/** The user as the API shows it. */
export interface UserDto {
  id: number;
  name: string;
  email: string;
  email_verified: boolean;
}

/** What sign-up and login answer: the user and the bearer token that acts for them. */
export interface AuthSessionDto {
  user: UserDto;
  token: string;
}

/** A saved address: the address form's fields as the API stored them (postcode normalised), plus its id. */
export type AddressDto = AddressInput & { id: number };
