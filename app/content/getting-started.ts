import { DELIVERY_COUNTRY } from "#contract/constants.ts";
import { SHOP } from "#contract/shop.ts";
import type { PageCopy, ProseBlock, StepCopy } from "./types.ts";

export const GETTING_STARTED_PAGE: PageCopy = {
  title: "Getting Started",
  eyebrow: "Shopping With Us",
  intro: `Welcome to ${SHOP.name}. Whether you are choosing an abaya for Eid or a first dress for a little one, here is everything you need to shop with confidence.`,
  description: `New to ${SHOP.name}? Learn how to browse, save, order and track modest luxury fashion for women, children and babies, and find your fit.`,
};

export const GETTING_STARTED_WELCOME: ProseBlock = {
  id: "welcome",
  heading: "Welcome to the house",
  paragraphs: [
    "Our collections are designed in London for women, children and babies, with new arrivals every month. Browse as a guest, or create an account to keep a wishlist, save your addresses and follow your orders.",
    `Every order is prepared by our own team, wrapped with care and delivered to addresses across ${DELIVERY_COUNTRY}.`,
  ],
};

export const HOW_TO_SHOP: readonly StepCopy[] = [
  {
    title: "Browse our collections",
    text: "Explore womenswear, children's and baby collections by category, or search for a piece by name. Filter by size, price and availability.",
  },
  {
    title: "Save to your wishlist",
    text: "Tap the heart on any piece to keep it in your wishlist, ready to revisit or share when you are signed in.",
  },
  {
    title: "Add to cart",
    text: "Choose your colour, size, fit and quantity on the product page, then add the piece to your cart.",
  },
  {
    title: "Create your account",
    text: "Sign up with your name and e-mail, verify it with the six-digit code we send, and your details are saved for next time.",
  },
  {
    title: "Check out securely",
    text: "Pay with all major credit and debit cards or PayPal through our encrypted checkout. Promo codes are applied in your cart.",
  },
  {
    title: "Track your order",
    text: "Follow every order under My Orders in your profile. We e-mail you when your parcel is on its way, with tracking details.",
  },
];

export const FIT_GUIDE: ProseBlock = {
  id: "fit-guide",
  heading: "Fit Guide",
  paragraphs: [
    "Our pieces are cut for a graceful, modest drape. Measure over light clothing with a soft tape and compare with the table below; each product page also lists its own fit (Fitted, Standard or Relaxed).",
  ],
  points: [
    "Bust: around the fullest part of the chest, keeping the tape level.",
    "Waist: around the natural waistline, the narrowest part of the torso.",
    "Hips: around the fullest part of the hips, feet together.",
    "Between two sizes? Choose the larger for a softer, more modest fall.",
  ],
};

export interface SizeRow {
  size: string;
  uk: string;
  bustCm: string;
  waistCm: string;
  hipsCm: string;
}

export const SIZE_TABLE: readonly SizeRow[] = [
  { size: "XS", uk: "6", bustCm: "80–83", waistCm: "62–65", hipsCm: "87–90" },
  { size: "S", uk: "8", bustCm: "84–87", waistCm: "66–69", hipsCm: "91–94" },
  { size: "M", uk: "10", bustCm: "88–92", waistCm: "70–74", hipsCm: "95–99" },
  { size: "L", uk: "12", bustCm: "93–97", waistCm: "75–79", hipsCm: "100–104" },
  { size: "XL", uk: "14", bustCm: "98–102", waistCm: "80–84", hipsCm: "105–109" },
  { size: "XXL", uk: "16", bustCm: "103–108", waistCm: "85–90", hipsCm: "110–115" },
];

export const GETTING_STARTED_SUPPORT = {
  heading: "Need a hand?",
  text: `Our client advisors can help with sizing, styling and your order. We reply to every e-mail ${SHOP.replyTime}.`,
  actions: [
    { to: "#fit-guide", label: "View Size Guide" },
    { to: "/contact", label: "Contact Support" },
    { to: "/need-support#faq", label: "View FAQ" },
  ],
} as const;
