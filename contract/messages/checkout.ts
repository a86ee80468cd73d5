export const checkout = {
  needAddress: "You need to add at least one address to proceed with checkout.",
  selectAddress: "Please select an address before proceeding.",
} as const;
