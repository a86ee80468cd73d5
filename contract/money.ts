/** Money crosses the API boundary as GBP numbers with two decimals; everything else counts integer pence. */
export const toPence = (gbp: number): number => Math.round(gbp * 100);
export const toGbp = (pence: number): number => Math.round(pence) / 100;
