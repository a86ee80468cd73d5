/** The shopper's rights over their data: the profile's download and deletion, and the operator's commands. */
export const privacy = {
  heading: "Your data",
  intro: "Download a copy of everything the shop keeps about you, or delete your account.",
  download: "Download my data",
  downloadFailed: "Failed to prepare your data",
  exported: "Your data is ready",
  deleteHeading: "Delete my account",
  deleteExplained:
    "Deleting ends every session and removes your name, e-mail, phone, addresses, wishlist, recently viewed, reviews and newsletter subscription. Your orders are kept for our accounts, without your name, address or phone.",
  passwordLabel: "Your password",
  passwordRequired: "Enter your password to delete your account",
  wrongPassword: "That password is not right",
  deleteSubmit: "Delete my account",
  deleted: "Your account has been deleted",
  deleteFailed: "Failed to delete your account",
  operatorAccount: "An operator account cannot be deleted this way",
  /** What an erased order keeps in place of its shipping name, address and phone. */
  erased: "Erased",
} as const;
