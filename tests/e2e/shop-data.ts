/** Exchange rates the e2e server receives from the stub service in global-setup.ts (GBP base). */
export const E2E_RATES = { GBP: 1, USD: 1.25, EUR: 1.2 } as const;
