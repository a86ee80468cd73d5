/** Link labels in the shop's e-mails: each is the button's text in the HTML part and the link's label in the plain-text part. */
export const mail = {
  seeOrder: "See your order in MY ORDERS",
  openOrder: "Open the order in the back office",
  seeReturn: "See your return",
};
