/** Money crosses the API boundary as GBP numbers with two decimals; everything else counts integer pence. */
export const toPence = (gbp: number): number => Math.round(gbp * 100);
export const toGbp = (pence: number): number => Math.round(pence) / 100;
/** An amount of integer pence as the API's own texts write it: £49.50. */
export const formatGbp = (pence: number): string => `£${(pence / 100).toFixed(2)}`;
