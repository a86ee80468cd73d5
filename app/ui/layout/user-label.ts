/** The signed-in shopper as the header shows them (the session's user summary carries more). */
export interface ShellUser {
  name: string;
  email: string;
}

/** The profile slider's greeting: the name, else the part of the e-mail before "@". */
export function greetingName(user: ShellUser): string {
  return user.name.trim() || user.email.split("@")[0] || user.email;
}

/** The mobile menu's signed-in line: the name, else the whole e-mail. */
export function accountLabel(user: ShellUser): string {
  return user.name.trim() || user.email;
}
