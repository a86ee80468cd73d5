import type { TemplateData, TemplateName } from "#api/mail/templates.ts";
import { trackingUrl } from "#contract/carriers.ts";
import { adminOrderHref, orderDetailHref, returnHref } from "#contract/paths.ts";

/**
 * One mail of each kind the shop sends, with long values where a phone would feel them (names, addresses, a
 * contact message), and what its HTML must link to: the unit tests read each kind's parts, and the browser test
 * draws each at a phone's width.
 */
export interface MailSample<Name extends TemplateName = TemplateName> {
  template: Name;
  data: TemplateData<Name>;
  /** The page of the order (or the return) the mail is about, when it is about one. */
  link: string | null;
  /** The product pictures its item list shows, as paths on the shop. */
  thumbnails: string[];
}

const ORDER_ID = 7;
const ORDER_CODE = "MN-7K3Q-X9PD";
const RETURN_CODE = "RT-4HWM-2BZA";
const IMAGES = ["/images/products/abaya-ivory.svg", "/images/products/abaya-navy.svg"];
const TRACKING = trackingUrl("dpd", "15501234567890");

const items = [
  { quantity: 1, name: "Embroidered Occasion Abaya", variant: "Ivory / M", image: IMAGES[0] },
  { quantity: 2, name: "Everyday Crepe Abaya", variant: "Navy / L", image: IMAGES[1] },
];

const shipment = { carrier_name: "DPD", tracking_number: "15501234567890", tracking_url: TRACKING };

/** Every kind: a `satisfies` over the template names, so a new template without a sample fails to compile. */
export function mailSamples(shopUrl: string): MailSample[] {
  const order = `${shopUrl}${orderDetailHref(ORDER_ID)}`;
  const ret = `${shopUrl}${returnHref(RETURN_CODE)}`;
  const shopper = { shopUrl, name: "Amira Khan-Rahman", orderCode: ORDER_CODE, orderId: ORDER_ID, items };
  const about = { shopUrl, name: "Amira Khan-Rahman", returnCode: RETURN_CODE, orderCode: ORDER_CODE };
  const samples: { [Name in TemplateName]: Omit<MailSample<Name>, "template"> } = {
    verificationCode: { data: { shopUrl, name: "Amira", code: "493817" }, link: null, thumbnails: [] },
    resetCode: { data: { shopUrl, name: "Amira", code: "493817" }, link: null, thumbnails: [] },
    passwordChanged: { data: { shopUrl, name: "Amira" }, link: null, thumbnails: [] },
    contactMessage: {
      data: {
        shopUrl,
        id: 42,
        firstName: "Amira",
        lastName: "Khan-Rahman",
        email: "amira.khan-rahman.long-address@example-mail-provider.co.uk",
        phone: "+44 7700 900123",
        orderNumber: ORDER_CODE,
        subject: "Sizing question about the embroidered abaya",
        message:
          "Hello,\nCould you tell me whether the M fits a UK 12? https://maisonnoor.example/products/embroidered-occasion-abaya-ivory\nThank you!",
      },
      link: null,
      thumbnails: [],
    },
    orderConfirmation: {
      data: {
        shopUrl,
        name: "Amira Khan-Rahman",
        order: {
          id: ORDER_ID,
          order_code: ORDER_CODE,
          created_at: "2026-11-28T10:00:00.000Z",
          status_name: "confirmed",
          payment_method: "credit_card",
          payment_method_name: "Credit Card",
          payment_status: "paid",
          subtotal: 305,
          shipping: 4.95,
          shipping_method: "Standard delivery",
          tax: 0,
          discount: 30.5,
          promo_code: "WELCOME10",
          total: 279.45,
          shipping_address: {
            label: "Home",
            line1: "Flat 12, Riverside Apartments, 140 Commercial Road",
            line2: null,
            city: "London",
            postal_code: "E1 1AA",
            phone: "+44 7700 900123",
          },
          items: items.map((item, index) => ({
            product_id: index + 1,
            product_name: item.name,
            product_image: item.image,
            variant_name: item.variant,
            product_sku: `MN-ABY-${index + 1}-M`,
            fit: null,
            unit_price: index === 0 ? 185 : 60,
            quantity: item.quantity,
            review: null,
          })),
          shipment: null,
          refunded: 0,
          returns: [],
          return_window_ends_at: null,
        },
      },
      link: order,
      thumbnails: IMAGES,
    },
    orderShipped: {
      data: { ...shopper, carrier: "DPD", trackingNumber: "15501234567890", trackingUrl: TRACKING },
      link: order,
      thumbnails: IMAGES,
    },
    orderDelivered: { data: shopper, link: order, thumbnails: IMAGES },
    orderCancelled: { data: shopper, link: order, thumbnails: IMAGES },
    orderRefunded: { data: { ...shopper, amount: 279.45 }, link: order, thumbnails: IMAGES },
    returnRegistered: {
      data: {
        ...about,
        items: [
          { ...items[0], outcome: "Exchange for another size or colour: Ivory / L" },
          { ...items[1], quantity: 1, outcome: "Refund" },
        ],
      },
      link: `${ret}/label`,
      thumbnails: IMAGES,
    },
    returnReceived: { data: about, link: ret, thumbnails: [] },
    returnRefunded: { data: { ...about, amount: 60 }, link: ret, thumbnails: [] },
    exchangeShipped: { data: { ...about, shipment }, link: ret, thumbnails: [] },
    returnRejected: { data: { ...about, reason: "The item was worn and its tags removed." }, link: ret, thumbnails: [] },
    claimResolved: { data: { ...about, amount: 60, shipment }, link: ret, thumbnails: [] },
    newOrderNotice: {
      data: {
        shopUrl,
        order: {
          code: ORDER_CODE,
          customerName: "Amira Khan-Rahman",
          customerEmail: "amira.khan-rahman.long-address@example-mail-provider.co.uk",
          total: 279.45,
          paymentMethod: "Credit Card",
          items: items.map((item, index) => ({ ...item, sku: `MN-ABY-${index + 1}-M` })),
          address: "Flat 12, Riverside Apartments, 140 Commercial Road, London, E1 1AA, +44 7700 900123",
        },
      },
      link: `${shopUrl}${adminOrderHref(ORDER_CODE)}`,
      thumbnails: IMAGES,
    },
    newsletterWelcome: {
      data: { shopUrl, promo: { code: "WELCOME10", description: "10% off your first purchase" }, unsubscribeToken: "0123456789abcdef" },
      link: null,
      thumbnails: [],
    },
  };
  return Object.entries(samples).map(([template, sample]) => ({ template, ...sample }) as MailSample);
}
