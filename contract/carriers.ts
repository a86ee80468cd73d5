/**
 * The carriers the shop ships with and where a shopper follows a parcel: the back office offers these when an order
 * ships, and the shipped e-mail links the tracking number to the carrier's page.
 */
export const CARRIERS = {
  royal_mail: { name: "Royal Mail", trackingUrl: "https://www.royalmail.com/track-your-item#/tracking-results/" },
  dpd: { name: "DPD", trackingUrl: "https://track.dpd.co.uk/parcels/" },
  evri: { name: "Evri", trackingUrl: "https://www.evri.com/track/parcel/" },
  dhl: { name: "DHL", trackingUrl: "https://www.dhl.com/gb-en/home/tracking.html?tracking-id=" },
} as const;

export type CarrierId = keyof typeof CARRIERS;
export const CARRIER_IDS = Object.keys(CARRIERS) as CarrierId[];

/** The carrier's page for one parcel. */
export const trackingUrl = (carrier: CarrierId, trackingNumber: string) =>
  `${CARRIERS[carrier].trackingUrl}${encodeURIComponent(trackingNumber)}`;
